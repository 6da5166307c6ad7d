import Foundation
import RenderCommand
import RenderKit

// First: when started as an isolated engine's worker, serve and exit (nothing else to ship);
// otherwise fork the first worker now, while there is one thread, so it starts without exec.
WorkerService.runIfRequested(prestartingWorker: true)
exit(RenderCommand.run(Array(CommandLine.arguments.dropFirst()), context: .process).rawValue)
