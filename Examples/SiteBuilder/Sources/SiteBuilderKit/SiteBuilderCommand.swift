import Foundation
import RenderKit

/// `site-builder SRC_DIR OUT_DIR [--config render.json]`: the executable only calls ``run(_:)``.
public enum SiteBuilderCommand {
  static let usage = """
    usage: site-builder SRC_DIR OUT_DIR [--config FILE]

    Renders every Markdown file below SRC_DIR to a page in OUT_DIR with the engine and
    stylesheet of the configuration (FILE, else ./render.json, else the defaults; the
    RENDER_ENGINE variable overrides the engine), copies the other files, and writes an
    index page. Unchanged pages are reused. Exit status: 0 ok, 1 a file failed, 2 usage.

    """

  /// Runs the command with `arguments` (without the program name); returns the exit status.
  public static func run(_ arguments: [String]) async -> Int32 {
    var positional: [String] = []
    var configurationPath: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        print(usage, terminator: "")
        return 0
      case "--config":
        guard let path = remaining.popFirst() else { return usageError("--config needs a file") }
        configurationPath = path
      default:
        if argument.hasPrefix("-") { return usageError("unknown option \(argument)") }
        positional.append(argument)
      }
    }
    guard positional.count == 2 else { return usageError("expected SRC_DIR and OUT_DIR") }
    do throws(RenderError) {
      let renderer = try Renderer(configuration: .resolve(path: configurationPath))
      let builder = SiteBuilder(
        source: URL(fileURLWithPath: positional[0]), output: URL(fileURLWithPath: positional[1]),
        renderer: renderer)
      let report = try await builder.build()
      for (path, reason) in report.failed.sorted(by: { $0.key < $1.key }) {
        FileHandle.standardError.write(
          Data("site-builder: \(RenderError.printable(path)): \(reason)\n".utf8))
      }
      print(report.summary)
      return report.failed.isEmpty ? 0 : 1
    } catch {
      FileHandle.standardError.write(Data("site-builder: \(error.description)\n".utf8))
      return 1
    }
  }

  private static func usageError(_ message: String) -> Int32 {
    FileHandle.standardError.write(
      Data("site-builder: \(message)\nTry 'site-builder --help'.\n".utf8))
    return 2
  }
}
