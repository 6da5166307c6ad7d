import Foundation
import RenderKit
import TestSupport
import Testing

/// The public XSS payloads of `../shared/xss` as terminal output. What a terminal obeys is
/// control characters, so none may reach it but the renderer's own: SGR styles and OSC 8
/// hyperlinks whose targets hold no control character. Every engine, both safe
/// configurations, every colour mode, and every input kind: Markdown as text in process, the
/// Markdown file laid out by the engine's worker, and HTML.
@Suite struct PublicPayloadTerminalTests {
  /// The colour modes, with hyperlinks where there is colour to carry them.
  static let terminals = [
    TerminalRenderer(width: 60, colorMode: .none),
    TerminalRenderer(width: 60, colorMode: .ansi256, hyperlinks: true),
    TerminalRenderer(width: 60, colorMode: .trueColor, hyperlinks: false),
  ]

  /// The control characters of `output` a terminal would obey, other than the renderer's own
  /// sequences (none of which are allowed without colour), and "invalid UTF-8" when it is not.
  /// `styled` laid out for every terminal in ``terminals``: one line per output that carries
  /// a stray control (``strayControls(in:colorMode:)``), naming the colour mode and `input`.
  static func failures(of styled: StyledText, from input: String) -> [String] {
    terminals.compactMap { terminal in
      let stray = strayControls(in: terminal.renderUTF8(styled), colorMode: terminal.colorMode)
      return stray.isEmpty ? nil : "\(terminal.colorMode) \(input.debugDescription) → \(stray)"
    }
  }

  static func strayControls(in output: [UInt8], colorMode: TerminalColorMode) -> [String] {
    guard let text = String(validating: output, as: UTF8.self) else { return ["invalid UTF-8"] }
    let scalars = Array(text.unicodeScalars)
    var stray: [String] = []
    var index = 0
    while index < scalars.count {
      if colorMode != .none, let end = sequenceEnd(in: scalars, at: index) {
        index = end
        continue
      }
      if isControl(scalars[index]), scalars[index] != "\n" {
        stray.append("U+" + String(scalars[index].value, radix: 16) + " at \(index)")
      }
      index += 1
    }
    return stray
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Where the SGR sequence (`ESC [ digits and ; m`) or OSC 8 hyperlink (`ESC ] 8 ; ; target
  /// ESC \`, the target without control characters) at `start` ends; nil when none starts there.
  private static func sequenceEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    guard scalars[start] == "\u{1B}", start + 1 < scalars.count else { return nil }
    var index = start + 2
    if scalars[start + 1] == "[" {
      while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == ";" {
        index += 1
      }
      return index < scalars.count && scalars[index] == "m" ? index + 1 : nil
    }
    guard scalars[(start + 1)...].starts(with: "]8;;".unicodeScalars) else { return nil }
    index = start + 5
    while index < scalars.count, !isControl(scalars[index]) { index += 1 }
    guard index + 1 < scalars.count, scalars[index] == "\u{1B}", scalars[index + 1] == "\\"
    else { return nil }
    return index + 2
  }

  @Test func theCheckSeesWhatATerminalWouldObey() {
    let own = Array(
      "\u{1B}[1;38;5;26mbold\u{1B}[0m \u{1B}]8;;https://x.org\u{1B}\\x\u{1B}]8;;\u{1B}\\\n".utf8)
    #expect(Self.strayControls(in: own, colorMode: .ansi256).isEmpty)
    #expect(Self.strayControls(in: own, colorMode: .none).count == 6)
    for injected in [
      "\u{1B}]0;title\u{07}", "\u{1B}]8;;x\u{1B}[31m\u{1B}\\", "a\u{9B}31m", "\r", "\u{1B}[2J",
    ] {
      #expect(
        !Self.strayControls(in: Array(injected.utf8), colorMode: .ansi256).isEmpty,
        "\(injected.debugDescription)")
    }
    #expect(Self.strayControls(in: [0xFF], colorMode: .none) == ["invalid UTF-8"])
  }

  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: EngineRegistry.builtIn.engineIDs, PublicPayloadTests.Mode.allCases)
  func markdownReachesTheTerminalAsText(engine: String, mode: PublicPayloadTests.Mode) throws {
    let renderer = try PublicPayloadTests.renderer(engine: engine, mode: mode)
    var failures: [String] = []
    for (markdown, _) in PublicPayloadTests.markdownDocuments {
      failures += Self.failures(of: try renderer.styledText(.markdown(markdown)), from: markdown)
    }
    #expect(
      failures.isEmpty, "\(engine), \(mode): \(failures.count) outputs: \(failures.prefix(5))")
  }

  /// Every document in one file, laid out by the engine's worker from the file itself: the
  /// bytes it sends are the ones the host lays out in process, so what holds above holds here.
  /// (With the sanitizer the worker does not take the file, and the host lays it out.)
  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: EngineRegistry.builtIn.engineIDs, PublicPayloadTests.Mode.allCases)
  func theWorkersOutputOfAFileIsTheSame(engine: String, mode: PublicPayloadTests.Mode) throws {
    let renderer = try PublicPayloadTests.renderer(engine: engine, mode: mode, isolation: .process)
    let markdown = Data(
      PublicPayloadTests.markdownDocuments.map(\.markdown).joined(separator: "\n\n").utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "payloads-\(UUID().uuidString).md")
    try markdown.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try InputFile(path: url.path, maximumBytes: markdown.count)
    let styled = try renderer.styledText(.markdown(utf8: markdown))
    for terminal in Self.terminals {
      // Contained and safe, the worker makes it from the file; otherwise the host does.
      let result = try renderer.run(RenderJob(.markdown(file: file), to: .terminal(terminal)))
      let output = try #require(result.utf8.map { [UInt8]($0) })
      #expect(output == terminal.renderUTF8(styled), "\(engine), \(mode), \(terminal.colorMode)")
      let stray = Self.strayControls(in: output, colorMode: terminal.colorMode)
      #expect(stray.isEmpty, "\(engine), \(mode), \(terminal.colorMode): \(stray.prefix(5))")
    }
  }

  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: PublicPayloadTests.Mode.allCases)
  func htmlReachesTheTerminalAsText(mode: PublicPayloadTests.Mode) throws {
    let renderer = try PublicPayloadTests.renderer(engine: "cmark", mode: mode)
    var failures: [String] = []
    for payload in PublicPayloadTests.payloads {
      failures += Self.failures(of: try renderer.styledText(.html(payload)), from: payload)
    }
    #expect(failures.isEmpty, "\(mode): \(failures.count) outputs: \(failures.prefix(5))")
  }
}
