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
    let source = "Title\n\nNo formulas, 5 dollars.\n"
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
    // In-process the fragment is the engine's HTML with formulas in place of its code spans;
    // contained, the document serialised: the same tree, with line breaks between blocks.
    let containedHTML = try contained.html(.markdown(source)).html
    let inProcessHTML = try inProcess.html(.markdown(source)).html
    #expect(Self.formulas(in: containedHTML).count == 2)
    #expect(Self.formulas(in: containedHTML) == Self.formulas(in: inProcessHTML))
    #expect(try Self.tree(of: containedHTML) == Self.tree(of: inProcessHTML))
    #expect(
      try contained.styledText(.markdown(source)) == inProcess.styledText(.markdown(source)))
  }

  /// The engines that write formulas into their own HTML (``CodeReplacingEngine``).
  static let codeReplacingEngines = EngineRegistry.builtIn.engines.filter {
    $0 is any CodeReplacingEngine
  }

  @Test func theEnginesWithATreeReplaceCode() {
    #expect(Self.codeReplacingEngines.map(\.descriptor.id) == ["cmark", "cmark-gfm"])
  }

  @Test(
    "a fragment from the engine's tree has the document route's formulas",
    arguments: codeReplacingEngines.map(\.descriptor.id))
  func engineFragmentMatchesTheDocument(engine: String) throws {
    let source = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Render/math-contexts.md"), encoding: .utf8)
    // Math as the one pass (the fixture's fences would otherwise be highlighted, its headings
    // anchored).
    let renderer = try renderer(engine) {
      $0.disabledExtensions = [.highlight, .headingAnchors, .allowedHTML]
    }
    let fragment = try renderer.html(.markdown(source)).html
    // The pipeline took the engine's route: its HTML, byte for byte.
    let replacing = try #require(
      EngineRegistry.builtIn.engine(id: engine) as? any CodeReplacingEngine)
    let context = DocumentPassContext(options: renderer.options)
    let prepared = try #require(MathPass().prepare(markdown: source, in: context))
    let direct = try replacing.render(prepared, options: renderer.options, replacing: MathPass())
    #expect(fragment == direct?.html)
    let serialised = HTMLSerializer.fragment(of: try renderer.document(.markdown(source)))
    #expect(Self.formulas(in: fragment).count == 16)
    #expect(Self.formulas(in: fragment) == Self.formulas(in: serialised))
    // Around the formulas, the same tree: only line breaks between blocks differ.
    #expect(try Self.tree(of: fragment) == Self.tree(of: serialised))
  }

  @Test(
    "omitted raw HTML keeps the engine's route and its comment; raw HTML let through does not",
    arguments: codeReplacingEngines.map(\.descriptor.id))
  func rawHTMLBesideAFormula(engine: String) throws {
    let source = "<div>kept?</div>\n\nA square, $x^2$, and <b>bold</b>.\n"
    // Raw HTML omitted: without the gfm profile's allowlist (nor its anchors, which `<` could
    // hold).
    let safe = try renderer(engine) {
      $0.disabledExtensions = [.highlight, .allowedHTML, .headingAnchors]
    }
    let prepared = try #require(
      MathPass().prepare(markdown: source, in: DocumentPassContext(options: safe.options)))
    let replacing = try #require(
      EngineRegistry.builtIn.engine(id: engine) as? any CodeReplacingEngine)
    let direct = try #require(
      try replacing.render(prepared, options: safe.options, replacing: MathPass()))
    let fragment = try safe.html(.markdown(source)).html
    #expect(fragment == direct.html)
    #expect(fragment.components(separatedBy: "<!-- raw HTML omitted -->").count == 4)
    #expect(Self.formulas(in: fragment).count == 1)
    #expect(!fragment.contains("kept?"))

    let unsafe = try renderer(engine) {
      $0.disabledExtensions = [.highlight]
      $0.options.unsafe = true
    }
    #expect(
      try replacing.render(prepared, options: unsafe.options, replacing: MathPass()) == nil)
    let passed = try unsafe.html(.markdown(source)).html
    #expect(passed.contains("<div>kept?</div>"))
    #expect(passed.contains("<b>bold</b>"))
    #expect(Self.formulas(in: passed).count == 1)
  }

  @Test func aFormulaInATableCellTakesTheDocumentRoute() throws {
    // cmark-gfm's table cells take no custom node: the engine says so, the document route
    // writes the formula.
    let source = "| formula |\n| --- |\n| $\\pi$ |\n"
    let renderer = try renderer("cmark-gfm")
    let prepared = try #require(
      MathPass().prepare(markdown: source, in: DocumentPassContext(options: renderer.options)))
    #expect(
      try CMarkGFMEngine().render(prepared, options: renderer.options, replacing: MathPass())
        == nil)
    #expect(
      try Self.formulas(in: renderer.html(.markdown(source)).html) == [
        #"<math alttext="π"><mi>π</mi></math>"#
      ])
  }

  /// The tree `html` parses to, in document order: each element's name and sorted attributes,
  /// each text trimmed (white space between blocks left out), and each end.
  static func tree(of html: String) throws -> [String] {
    let document = try HTML5Importer().importDocument(html: html)
    var items: [String] = []
    document.walk(
      below: document.root,
      enter: { id in
        let node = document.nodes[id]
        guard node.kind == .element else {
          let text = node.text.trimmingCharacters(in: .whitespacesAndNewlines)
          if !text.isEmpty { items.append(text) }
          return false
        }
        items.append(
          "<\(node.name) " + node.attributes.map { "\($0.name)=\($0.value)" }.sorted().joined())
        return true
      },
      leave: { _ in items.append("/") })
    return items
  }

  @Test(
    "Pro Git's dollars: the engine's route and the document's agree",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: codeReplacingEngines.map(\.descriptor.id))
  func proGitFormulas(engine: String) throws {
    let corpus = try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    let renderer = try renderer(engine)
    let fragment = try renderer.html(.markdown(corpus)).html
    let serialised = HTMLSerializer.fragment(of: try renderer.document(.markdown(corpus)))
    #expect(Self.formulas(in: fragment).count == 14)
    #expect(Self.formulas(in: fragment) == Self.formulas(in: serialised))
  }

  /// Every `math` element of `html`, as written.
  static func formulas(in html: String) -> [Substring] {
    html.matches(of: /<math[ >].*?<\/math>/.dotMatchesNewlines()).map { html[$0.range] }
  }
}
