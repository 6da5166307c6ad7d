import Foundation
import RenderKit
import RenderPreview

extension RenderCommand {
  /// `render preview FILE`: serves the page on 127.0.0.1, prints its address, and keeps the
  /// open tabs in step with every save of FILE and the stylesheet until stopped.
  static func preview(_ arguments: RenderArguments, context: CommandContext) -> ExitStatus {
    let path = absolutePath(arguments.input, context: context)
    guard FileManager.default.fileExists(atPath: path) else {
      context.writeError("render: \(arguments.input): no such file; check the path\n")
      return .failure
    }
    do throws(RenderError) {
      var configuration = try configuration(for: arguments, context: context)
      // Relative links and images resolve against FILE's folder, which the preview serves.
      configuration.baseURL = nil
      let document = try LiveDocument(
        path: path, format: arguments.inputFormat, configuration: configuration)
      defer { document.stop() }
      let server = try PreviewServer(document: document, port: arguments.port ?? 0)
      defer { server.stop() }
      let reporter = Task {
        await report(document.renderings(), stylesheet: configuration.stylesheet, to: context)
      }
      defer { reporter.cancel() }
      let watched = [arguments.input] + [configuration.stylesheet].compactMap { $0 }
      try context.writeOutput(
        Data("Previewing \(arguments.input) at \(server.url.absoluteString)\n".utf8))
      context.writeError(
        "render: open that address in a browser; it updates on every save of "
          + "\(watched.joined(separator: " and ")). Ctrl-C stops.\n")
      context.waitForTermination()
      return .success
    } catch {
      context.writeError("render: \(error.description)\n")
      return .failure
    }
  }

  /// Prints each rendering error as it happens, a line when rendering works again, and the
  /// stylesheet's warnings whenever its text changes.
  private static func report(
    _ renderings: AsyncStream<Result<DocumentRendering, RenderError>>, stylesheet: String?,
    to context: CommandContext
  ) async {
    var failing = false
    var stylesheetSource: String?
    for await rendering in renderings {
      switch rendering {
      case .success(let rendering):
        if failing { context.writeError("render: rendered again\n") }
        failing = false
        let sheet = rendering.page.stylesheet
        if sheet.source != stylesheetSource {
          stylesheetSource = sheet.source
          for diagnostic in sheet.diagnostics {
            context.writeError("render: warning: \(stylesheet ?? "stylesheet"):\(diagnostic)\n")
          }
        }
      case .failure(let error):
        failing = true
        context.writeError("render: \(error.description)\n")
      }
    }
  }

  static func absolutePath(_ path: String, context: CommandContext) -> String {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/"))
      .standardizedFileURL.path
  }
}
