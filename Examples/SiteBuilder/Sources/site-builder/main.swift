import Foundation
import SiteBuilderKit

exit(await SiteBuilderCommand.run(Array(CommandLine.arguments.dropFirst())))
