import Foundation
import RenderKit
import TestSupport
import Testing

/// GitHub's alerts, on every engine: the documented examples (written as facts in
/// `Fixtures/Alerts/examples.json`), and what they cost a document that has none.
@Suite struct AlertsTests {
  struct Example: Decodable {
    let name: String
    let markdown: String
    let html: String
    /// Engines whose Markdown reads the input otherwise (Discount has no backslash break and
    /// lets no list interrupt a paragraph), so the example says nothing of alerts there.
    let except: [String]?
  }

  static let engines = ["cmark-gfm", "cmark", "discount", "md4c"]

  static func examples() throws -> [Example] {
    try JSONDecoder().decode(
      [Example].self,
      from: Data(contentsOf: SharedFixtures.fixture("Fixtures/Alerts/examples.json")))
  }

  private func renderer(
    engine: String, _ change: (inout RenderConfiguration) -> Void = { _ in }
  ) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    change(&configuration)
    return try Renderer(configuration: configuration)
  }

  /// Newlines between and inside tags differ between engines; the markup must not.
  private func normalized(_ html: String) -> String {
    html.replacingOccurrences(of: "\n", with: "")
  }

  @Test(arguments: engines)
  func everyEngineRendersTheDocumentedExamples(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let examples = try Self.examples()
    #expect(examples.count >= 20)
    var differing: [String] = []
    for example in examples where !(example.except ?? []).contains(engine) {
      let html = try renderer.html(.markdown(example.markdown)).html
      if normalized(html) != example.html { differing.append("\(example.name): \(html)") }
    }
    #expect(differing == [])
  }

  /// Documents of consecutive alerts, each kind, as GitHub's own README guide writes them.
  static let consecutiveAlerts: [String] = [
    AlertsPass.Kind.allCases.map { "> [!\($0.rawValue.uppercased())]\n> About \($0.title).\n" }
      .joined(separator: "\n"),
    "> [!tip]\n> One.\n\n\n\n> [!Caution]\n> Two.\n\n> Just a quote.\n\n> [!NOTE]\n> Three.\n",
    "> [!NOTE]\n> One.\n>\n> [!TIP]\n> Still the note's.\n",
    "> [!NOTE]\nlazy\n\n> [!WARNING]\n> Two.\n",
    "```\n> [!NOTE]\n> a\n\n> [!TIP]\n> b\n```\n\n> [!IMPORTANT]\n> c\n\n> [!TIP]\n> d\n",
  ]

  @Test(
    "Discount knows every kind and keeps consecutive alerts apart, as cmark-gfm does",
    arguments: consecutiveAlerts)
  func discountSeparatesConsecutiveAlerts(markdown: String) throws {
    let reference = try renderer(engine: "cmark-gfm").html(.markdown(markdown)).html
    let discount = try renderer(engine: "discount").html(.markdown(markdown)).html
    #expect(normalized(discount) == normalized(reference))
    for kind in AlertsPass.Kind.allCases where reference.contains("alert-\(kind.rawValue)") {
      #expect(discount.contains("markdown-alert-\(kind.rawValue)"), "\(kind)")
    }
    let plain = try renderer(engine: "discount") { $0.disabledExtensions.insert(.alerts) }
    #expect(!(try plain.html(.markdown(markdown)).html).contains("\u{E004}"))
  }

  /// Inside a list item a quote is no alert, and no separator may end the item: Discount then
  /// merges the item's quotes as Markdown.pl does (cmark-gfm keeps two), the one difference.
  @Test func discountLeavesAListItemsQuotesInTheItem() throws {
    let markdown = "- item\n\n  > quoted\n\n  > [!NOTE]\n  > in the item\n\n> [!TIP]\n> After.\n"
    let html = normalized(try renderer(engine: "discount").html(.markdown(markdown)).html)
    #expect(
      html == "<ul><li><p>item</p><blockquote><p>quoted</p><p>[!NOTE]in the item</p></blockquote>"
        + "</li></ul><div class=\"markdown-alert markdown-alert-tip\"><p class=\"markdown-alert-title\">"
        + "Tip</p><p>After.</p></div>")
  }

  @Test("the screen lets a badge's image link by and stops at any kind's marker, any case")
  func screen() {
    let alerts = AlertsPass()
    for markdown in ["[![build](https://ci/badge.svg)](https://ci)\n", "[!]\n", "x [!\n", "[!"] {
      #expect(!alerts.mayChange(markdownUTF8: Data(markdown.utf8)), "\(markdown)")
    }
    for kind in AlertsPass.Kind.allCases {
      for marker in ["[!\(kind.rawValue)]", "[!\(kind.rawValue.uppercased())]"] {
        #expect(alerts.mayChange(markdownUTF8: Data("> \(marker)\n> x\n".utf8)), "\(marker)")
      }
    }
  }

  @Test(arguments: engines)
  func theCommonMarkProfileLeavesQuotesAlone(engine: String) throws {
    let renderer = try renderer(engine: engine) { $0.profile = .commonMark }
    let html = try renderer.html(.markdown("> [!NOTE]\n> Read this first.\n")).html
    #expect(html.contains("<blockquote>") && !html.contains("markdown-alert"))
    let asked = try self.renderer(engine: engine) {
      $0.profile = .commonMark
      $0.options.extensions.insert(.alerts)
    }
    #expect(
      try asked.html(.markdown("> [!NOTE]\n> Read this first.\n")).html.contains(
        "markdown-alert-note"))
  }

  @Test(arguments: engines)
  func aDocumentWithoutAlertsKeepsTheEnginesOwnHTML(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let markdown = "Title\n\n> A quote, [not an alert](https://example.com).\n\n- [x] done\n"
    let own = try renderer.engine.render(markdown, options: renderer.options).html
    #expect(renderer.options.extensions.contains(.alerts))
    #expect(try renderer.html(.markdown(markdown)).html == own)
    #expect(try renderer.html(.markdown(utf8: Data(markdown.utf8))).html == own)
  }

  @Test(arguments: engines)
  func styledTextAndTerminalShowTheTitle(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let markdown = "> [!WARNING]\n> Risky step.\n"
    let styled = try renderer.styledText(.markdown(markdown))
    #expect(styled.plainText.contains("Warning"))
    #expect(!styled.plainText.contains("[!WARNING]"))
    let terminal = try #require(
      try renderer.run(RenderJob(.markdown(markdown), to: .terminal(TerminalRenderer()))).utf8)
    let text = String(decoding: terminal, as: UTF8.self)
    #expect(text.contains("Warning") && text.contains("Risky step.") && !text.contains("[!"))
  }

  @Test func aWorkerMakesTheTerminalOutputOfAFileWithAlerts() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .process
    let renderer = try Renderer(configuration: configuration)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "alerts-\(UUID().uuidString).md")
    try Data("> [!CAUTION]\n> Data may be lost.\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let output = try #require(
      try renderer.run(
        RenderJob(
          .markdown(file: InputFile(path: url.path, maximumBytes: 1 << 20)),
          to: .terminal(TerminalRenderer()))
      ).utf8)
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.contains("Caution") && !text.contains("[!CAUTION]"))
  }
}
