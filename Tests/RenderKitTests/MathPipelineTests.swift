import Foundation
import RenderKit
import TestSupport
import Testing

/// Math through the whole pipeline, for every engine: protected from Markdown, MathML in
/// HTML, linear Unicode in text, and dollars that are only dollars left alone.
@Suite struct MathPipelineTests {
  static let engines = ["cmark-gfm", "cmark", "discount", "md4c"]

  private func renderer(
    _ engine: String, _ change: (inout RenderConfiguration) -> Void = { _ in }
  ) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    change(&configuration)
    return try Renderer(configuration: configuration)
  }

  @Test(arguments: engines)
  func formulasAreProtectedFromMarkdown(engine: String) throws {
    let renderer = try renderer(engine)
    let html = try renderer.html(.markdown(#"Sets $\{x \mid x > 0\}$ and $2*3*4$ and $a_1 _b_$."#))
      .html
    // Markdown would drop the backslashes, and make emphasis of `*3*` and `_b_`.
    #expect(!html.contains("<em>"))
    #expect(html.contains("<mo stretchy=\"false\">{</mo>"))
    #expect(html.components(separatedBy: "<math").count == 4)
    let text = try renderer.styledText(.markdown("Euler: $e^{i\\pi} + 1 = 0$.")).plainText
    #expect(text == "Euler: e^(iπ) + 1 = 0.")
  }

  @Test(arguments: engines)
  func displayMathIsABlockAndFencesAreMathToo(engine: String) throws {
    let renderer = try renderer(engine)
    let source = "Before.\n\n$$\n\\frac{1}{3}\n$$\n\nAfter.\n\n```math\nx^2\n```\n"
    let html = try renderer.html(.markdown(source)).html
    #expect(html.components(separatedBy: #"<math display="block""#).count == 3)
    #expect(!html.contains("<p><math"))
    #expect(html.contains("<mfrac><mn>1</mn><mn>3</mn></mfrac>"))
    let text = try renderer.styledText(.markdown(source))
    #expect(text.plainText.contains("1/3") && text.plainText.contains("x²"))
    #expect(!text.plainText.contains("$"))
  }

  @Test(
    "prose with prices and shell variables renders as it does with math off",
    arguments: engines)
  func pricesStayText(engine: String) throws {
    let prices = try String(
      contentsOf: SharedFixtures.packageRoot.appendingPathComponent(
        "Tests/RenderMathTests/Fixtures/prices.md"), encoding: .utf8)
    let on = try renderer(engine)
    let off = try renderer(engine) { $0.disabledExtensions = [.math] }
    #expect(try on.html(.markdown(prices)) == off.html(.markdown(prices)))
    #expect(try on.styledText(.markdown(prices)) == off.styledText(.markdown(prices)))
  }

  @Test func mathIsOffInCommonMarkAndCanBeTurnedOff() throws {
    let source = "$x^2$\n"
    let commonMark = try renderer("cmark-gfm") { $0.profile = .commonMark }
    #expect(try commonMark.html(.markdown(source)).html == "<p>$x^2$</p>\n")
    let off = try renderer("cmark-gfm") { $0.disabledExtensions = [.math] }
    #expect(try off.html(.markdown(source)).html == "<p>$x^2$</p>\n")
    var explicit = try renderer("cmark") { $0.profile = .commonMark }
    #expect(try explicit.html(.markdown(source)).html == "<p>$x^2$</p>\n")
    explicit = try renderer("cmark") {
      $0.profile = .commonMark
      $0.options.extensions = [.math]
    }
    #expect(try explicit.html(.markdown(source)).html.contains("<msup>"))
  }

  @Test func aDocumentWithoutMathKeepsTheEnginesOwnHTML() throws {
    let renderer = try renderer("cmark-gfm")
    let source = "# Title\n\nNo formulas, 5 dollars.\n"
    #expect(
      try renderer.html(.markdown(source))
        == CMarkGFMEngine().render(source, options: renderer.options))
  }

  @Test func anUnknownCommandIsShownNotLost() throws {
    let html = try renderer("cmark-gfm").html(.markdown(#"$\unknowncommand{x}$"#)).html
    #expect(html.contains("<merror>") && html.contains(#"\unknowncommand"#))
  }

  @Test("the contained pipeline gives what in-process gives")
  func containedIsTheSame() throws {
    let source = "Math $\\sqrt{2}$ and\n\n$$\na^2 + b^2\n$$\n"
    let contained = try renderer("cmark-gfm") { $0.isolation = .process }
    let inProcess = try renderer("cmark-gfm")
    #expect(try contained.html(.markdown(source)) == inProcess.html(.markdown(source)))
    #expect(
      try contained.styledText(.markdown(source)) == inProcess.styledText(.markdown(source)))
  }
}
