import Foundation
import TestSupport
import Testing

/// `render` ships alone: copied to a folder with nothing else, it isolates its engines by
/// running itself as the worker, and reads no more of its input than the limit.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("render"), "SKIPPED: render is not built; run `swift build` first"))
struct SelfContainedExecutableTests {
  /// `render` alone in a fresh folder: no render-worker beside it.
  ///
  /// A hard link, not a copy: a copy is open for writing while it is written, and a process
  /// another test forks meanwhile holds that descriptor until it execs, so running the copy
  /// could fail with "Text file busy". The folder sits beside the build folder, on the same
  /// file system, so that the link can be made; it is the same folder every run, so that no
  /// old build's binary is kept alive by a link left behind.
  static let lonelyRender: URL = {
    let folder = BuiltProducts.directory.deletingLastPathComponent()
      .appendingPathComponent("lonely-render")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let link = folder.appendingPathComponent("render")
    try? FileManager.default.removeItem(at: link)
    try? FileManager.default.linkItem(at: BuiltProducts.executable("render"), to: link)
    return link
  }()

  /// The environment without a worker path, so nothing but the copy itself can be the worker.
  static var environment: [String: String] {
    ProcessInfo.processInfo.environment.filter { $0.key != "RENDER_WORKER_PATH" }
  }

  @Test("a lone render renders both engines through itself as the worker")
  func rendersAlone() throws {
    let siblings = try FileManager.default.contentsOfDirectory(
      atPath: Self.lonelyRender.deletingLastPathComponent().path)
    #expect(siblings == ["render"])
    for engine in ["cmark", "discount"] {
      let run = try ProcessRun(
        Self.lonelyRender, ["--engine", engine, "-"], input: Data("*hi*\n".utf8),
        environment: Self.environment)
      #expect(run.status == 0, "\(engine): \(run.error)")
      #expect(run.outputText.hasPrefix("<p><em>hi</em></p>"), "\(engine)")
    }
  }

  /// The highlighter's shim is loaded from beside the executable: without it, code is shown
  /// as it is written, and the render succeeds.
  @Test("a lone render leaves code plain: its highlighter's shim is not beside it")
  func codeIsPlainWithoutTheShim() throws {
    let markdown = "```c\nint main(void) { return 0; }\n```\n"
    for isolation in ["process", "in-process"] {
      let run = try ProcessRun(
        Self.lonelyRender, ["--isolation", isolation, "-"], input: Data(markdown.utf8),
        environment: Self.environment)
      #expect(run.status == 0, "\(isolation): \(run.error)")
      #expect(
        run.outputText
          == "<pre><code class=\"language-c\">int main(void) { return 0; }\n</code></pre>\n",
        "\(isolation)")
    }
  }

  @Test("a lone render stops a hostile input at the deadline with a clear error")
  func hostileAlone() throws {
    let hostile =
      String(repeating: "- ", count: 30_000) + "x" + String(repeating: "\n", count: 30_000)
    let run = try ProcessRun(
      Self.lonelyRender, ["--deadline", "1", "-"], input: Data(hostile.utf8),
      environment: Self.environment)
    #expect(run.status == 1)
    #expect(
      run.error
        == "render: cmark-gfm did not finish within 1 s and was stopped; raise the deadline, or try another engine for this input.\n"
    )
  }

  @Test("1.5 GB on standard input fails at the input limit without being read to the end")
  func hugeStandardInput() throws {
    // The shell reports how far `head` got: a write error means render stopped reading.
    let script =
      "head -c 1500000000 /dev/zero | \"$0\" - >/dev/null; status=$?; echo \"render $status\" >&2"
    let run = try ProcessRun(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, Self.lonelyRender.path],
      environment: Self.environment)
    #expect(
      run.error.contains(
        "input exceeds the input bytes limit (67108865 > 67108864); raise maximumInputBytes"))
    #expect(run.error.hasSuffix("render 1\n"))
  }
}
