import Foundation
import RenderKit
import TestSupport
import Testing

/// In the default safe mode no engine lets a script vector through; with `unsafe`, raw HTML passes.
@Suite struct SafeOutputTests {
  static let payloads: [String] = {
    let url = SharedFixtures.fixture("Fixtures/Safety/script-vectors.json")
    return (try? JSONDecoder().decode([String].self, from: Data(contentsOf: url))) ?? []
  }()

  private static let forbiddenElements: Set<String> = [
    "script", "iframe", "object", "embed", "base", "meta", "form", "frame", "frameset", "applet",
  ]
  private static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "data", "poster", "background", "cite", "srcset",
    "xlink:href", "lowsrc", "dynsrc",
  ]

  /// The script vectors in `html`, found by parsing it as a browser would.
  static func scriptVectors(in html: String) throws -> [String] {
    let document = try HTMLImporter().importDocument(html: html)
    var found: [String] = []
    for node in document.nodes where node.kind == .element {
      if forbiddenElements.contains(node.name) { found.append("<\(node.name)>") }
      for attribute in node.attributes {
        if attribute.name.hasPrefix("on") || attribute.name == "srcdoc"
          || attribute.name == "formaction"
        {
          found.append("\(node.name)[\(attribute.name)]")
        }
        let style = attribute.value.lowercased().filter { !$0.isWhitespace }
        if attribute.name == "style", style.contains("expression(") || style.contains("javascript:")
        {
          found.append("\(node.name)[style=\(attribute.value)]")
        }
        if urlAttributes.contains(attribute.name), URLSafety.isDangerous(attribute.value) {
          found.append("\(node.name)[\(attribute.name)=\(attribute.value)]")
        }
      }
    }
    return found
  }

  @Test func thereAreEnoughPayloads() {
    #expect(Self.payloads.count >= 30)
  }

  @Test(arguments: EngineRegistry.builtIn.engineIDs)
  func safeModeLetsNoScriptVectorThrough(_ id: String) throws {
    let engine = try EngineRegistry.builtIn.engine(id: id)
    for payload in Self.payloads {
      let html = try engine.render(payload, options: RenderOptions()).html
      #expect(
        try Self.scriptVectors(in: html) == [], "\(id): \(payload.debugDescription) → \(html)")
    }
  }

  /// The same vectors with every extension the engine has: tables, footnotes, autolinks and
  /// heading ids put text into tags and attributes of their own.
  @Test(arguments: EngineRegistry.builtIn.engineIDs)
  func safeModeWithEveryExtensionLetsNoScriptVectorThrough(_ id: String) throws {
    let engine = try EngineRegistry.builtIn.engine(id: id)
    var options = RenderOptions()
    options.extensions = Set(
      MarkdownExtension.allCases.filter { engine.descriptor.features.contains($0.feature) })
    for payload in Self.payloads {
      let html = try engine.render(payload, options: options).html
      #expect(
        try Self.scriptVectors(in: html) == [], "\(id): \(payload.debugDescription) → \(html)")
    }
  }

  @Test(arguments: EngineRegistry.builtIn.engineIDs)
  func unsafeModeLetsRawHTMLThrough(_ id: String) throws {
    let engine = try EngineRegistry.builtIn.engine(id: id)
    let html = try engine.render(
      "<div class=\"note\">\n\n*x*\n\n</div>\n\n<b onclick=\"f()\">raw</b>",
      options: RenderOptions(unsafe: true)
    ).html
    #expect(html.contains("<div class=\"note\">"))
    #expect(html.contains("<b onclick=\"f()\">raw</b>"))
    #expect(try Self.scriptVectors(in: html) == ["b[onclick]"])
  }

  @Test func theCheckerFindsWhatItLooksFor() throws {
    let html = "<p><a href=\"JaVa&#115;cript:x\">a</a><script></script><img src=x onerror=y></p>"
    #expect(
      try Self.scriptVectors(in: html) == ["a[href=JaVascript:x]", "<script>", "img[onerror]"])
    #expect(try Self.scriptVectors(in: "<a href=\"&amp;#106;avascript:x\">relative</a>") == [])
  }
}
