import Foundation
import RenderCommand
import RenderKit

// First: when started as an isolated engine's worker, serve and exit (nothing else to ship).
WorkerService.runIfRequested()
exit(RenderCommand.run(Array(CommandLine.arguments.dropFirst()), context: .process).rawValue)
