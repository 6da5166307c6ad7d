import BenchKit
import Foundation
import RenderKit

// First: when started as an isolated engine's worker, serve and exit (nothing else to ship).
WorkerService.runIfRequested()
exit(RenderBench.main(Array(CommandLine.arguments.dropFirst())))
