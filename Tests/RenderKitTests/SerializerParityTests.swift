import Foundation
import HTML5Import
import RenderCore
import RenderKit
import TestSupport
import Testing

/// When a pass runs, a fragment is the engine's document serialised by the one serializer
/// rather than the engine's own HTML. These tests hold the two equal, byte for byte, on the
/// CommonMark and GFM specs and the 16 READMEs, for every engine; each way they may differ is
/// listed with its reason and recognised by a rule, and every other difference fails.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct SerializerParityTests {
  /// A known difference: `rewrite` turns the engine's HTML into what the document can hold.
  struct Exception: Sendable {
    let reason: String
    let rewrite: @Sendable (String) -> String
  }

  /// cmark and cmark-gfm, in safe mode, write a comment where raw HTML was; a document holds
  /// no comments (it keeps the line breaks around them).
  static let rawHTMLOmitted = Exception(
    reason: "raw HTML omitted: the engine writes a comment, a document holds none",
    rewrite: { $0.replacing("<!-- raw HTML omitted -->", with: "") })

  /// md4c writes a task item's checkbox attributes bare; the serializer writes every attribute
  /// with its value, which a parser reads as the same attribute.
  static let bareCheckboxAttributes = Exception(
    reason: "md4c writes `disabled` and `checked` bare, the serializer `disabled=\"\"`",
    rewrite: {
      $0.replacing(" disabled checked>", with: " disabled=\"\" checked=\"\">")
        .replacing(" disabled>", with: " disabled=\"\">")
    })

  /// Discount is not here: it has no tree, so its document is its HTML imported, and what that
  /// serialises to is what a parser reads from it (character references decoded, `>` and `"`
  /// in text escaped), not the bytes Discount wrote.
  static let exceptions: [String: [Exception]] = [
    "cmark": [rawHTMLOmitted], "cmark-gfm": [rawHTMLOmitted], "md4c": [bareCheckboxAttributes],
  ]

  static let engines: [any MarkdownEngine] = [
    CMarkGFMEngine(), CMarkEngine(), MD4CEngine(),
  ]

  private static func documents() throws -> [(name: String, markdown: String)] {
    var documents = try CommonMarkExample.load("spec-0.30.json").map {
      (name: "spec \($0.example)", markdown: $0.markdown)
    }
    let gfm = try JSONDecoder().decode(
      [CommonMarkExample].self, from: SharedFixtures.data("suites/gfm-spec-0.29.json"))
    documents += gfm.map { (name: "gfm \($0.example)", markdown: $0.markdown) }
    let readmes = SharedFixtures.url("corpus/readmes")
    for file in try FileManager.default.contentsOfDirectory(atPath: readmes.path).sorted()
    where file.hasSuffix(".md") {
      documents.append(
        (
          name: file,
          markdown: try String(contentsOf: readmes.appendingPathComponent(file), encoding: .utf8)
        ))
    }
    return documents
  }

  @Test(arguments: engines.map(\.descriptor.id), [false, true])
  func documentSerialisedIsTheEnginesHTML(engineID: String, typographic: Bool) throws {
    let engine = try #require(Self.engines.first { $0.descriptor.id == engineID })
    // Every syntax extension the engine has, as the gfm profile asks; then with the options
    // that change text and breaks.
    let options = RenderOptions(
      smartPunctuation: typographic && engine.descriptor.features.contains(.smartPunctuation),
      hardLineBreaks: typographic,
      extensions: engine.descriptor.features.intersection(RenderFeature.extensions)
        .subtracting(RenderFeature.documentExtensions))
    let importer = HTML5Importer()
    var explained: [String: Int] = [:]
    var differing: [String] = []
    for (name, markdown) in try Self.documents() {
      let own = try engine.render(markdown, options: options).html
      let serialised = HTMLSerializer.fragment(
        of: try engine.document(markdown, options: options, importer: importer),
        layout: engine.descriptor.htmlLayout)
      guard own != serialised else { continue }
      if let exception = (Self.exceptions[engineID] ?? []).first(where: {
        $0.rewrite(own) == serialised
      }) {
        explained[exception.reason, default: 0] += 1
        continue
      }
      differing.append(name)
      if differing.count <= 12 {
        let common = zip(own.utf8, serialised.utf8).prefix { $0 == $1 }.count
        let start = max(0, common - 60)
        func around(_ text: String) -> String {
          String(decoding: Array(text.utf8).dropFirst(start).prefix(200), as: UTF8.self)
        }
        Issue.record(
          "\(engineID) \(name) at byte \(common):\nengine     \(around(own).debugDescription)\nserialised \(around(serialised).debugDescription)"
        )
      }
    }
    print("\(engineID): \(differing.count) differ, explained \(explained)")
    #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(40))")
  }
}
