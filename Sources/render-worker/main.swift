import Foundation
import RenderKit

// The worker process of IsolatedEngine: all its logic lives in RenderKit.
exit(WorkerService.main(arguments: CommandLine.arguments))
