import Foundation
import RenderKit
import SiteBuilderKit

// First: when started as an isolated engine's worker, serve and exit, so the site builder
// ships nothing but itself.
WorkerService.runIfRequested()
exit(await SiteBuilderCommand.run(Array(CommandLine.arguments.dropFirst())))
