import Foundation
import RenderKit
import RenderPreview

extension RenderCommand {
  /// `render FILE --watch -o OUT`: renders once, then again on every save of FILE or the
  /// stylesheet, in whatever `--to` format, until stopped. A failed rendering is reported and
  /// the watch goes on; OUT keeps the last good output.
  static func watch(_ arguments: RenderArguments, context: CommandContext) -> ExitStatus {
    let input = absolutePath(arguments.input, context: context)
    if let output = arguments.output, absolutePath(output, context: context) == input {
      context.writeError("render: -o would overwrite the watched FILE; write somewhere else\n")
      return .usage
    }
    let stylesheet = (try? configuration(for: arguments, context: context))?.stylesheet
    let output = arguments.output ?? ""
    _ = renderOnce(arguments, context: context)
    let watcher: FileWatcher
    do throws(RenderError) {
      watcher = try FileWatcher(files: [input] + [stylesheet].compactMap { $0 }) { _ in
        if renderOnce(arguments, context: context) == .success {
          context.writeError("render: wrote \(output)\n")
        }
      }
    } catch {
      context.writeError("render: \(error.description)\n")
      return .failure
    }
    defer { watcher.stop() }
    let watched = [arguments.input] + [stylesheet].compactMap { $0 }
    context.writeError(
      "render: watching \(watched.joined(separator: " and ")); every save rewrites \(output). "
        + "Ctrl-C stops.\n")
    context.waitForTermination()
    return .success
  }
}
