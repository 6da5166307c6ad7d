import Foundation
import RenderCommand

exit(RenderCommand.run(Array(CommandLine.arguments.dropFirst()), context: .process).rawValue)
