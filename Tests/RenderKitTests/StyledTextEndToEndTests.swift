import Foundation
import RenderKit
import TestSupport
import Testing

/// HTML → HTMLImporter → the default stylesheet's cascade → StyledText, against golden files:
/// each `Tests/Fixtures/Text/EndToEnd/NAME.html` has `NAME.json` and `NAME.txt` (plain text
/// plus a final newline). Set `RENDER_UPDATE_GOLDENS=1` to rewrite them, then read the diff.
@Suite("StyledText end to end")
struct StyledTextEndToEndTests {
  static let names = ["article", "lists", "table", "malformed"]
  static let directory = SharedFixtures.fixture("Fixtures/Text/EndToEnd")

  private static func styledText(html: String) throws -> (StyledText, Document, CascadedStyles) {
    let document = try HTMLImporter().importDocument(html: html)
    let styles = try Stylesheet.default.cascade(document, colorScheme: .light)
    return (StyledText(document: document, styles: styles), document, styles)
  }

  @Test("JSON and plain text match the goldens", arguments: names)
  func golden(name: String) throws {
    let html = try String(
      contentsOf: Self.directory.appendingPathComponent("\(name).html"), encoding: .utf8)
    let (styled, _, _) = try Self.styledText(html: html)
    let outputs = [
      ("json", String(decoding: styled.jsonData(), as: UTF8.self)),
      ("txt", styled.plainText + "\n"),
    ]
    for (fileExtension, actual) in outputs {
      let url = Self.directory.appendingPathComponent("\(name).\(fileExtension)")
      if ProcessInfo.processInfo.environment["RENDER_UPDATE_GOLDENS"] != nil {
        try actual.write(to: url, atomically: true, encoding: .utf8)
      }
      let expected = try String(contentsOf: url, encoding: .utf8)
      #expect(actual == expected, "\(name).\(fileExtension) differs from its golden")
    }
  }

  @Test("no visible text is lost", arguments: names)
  func visibleTextKept(name: String) throws {
    let html = try String(
      contentsOf: Self.directory.appendingPathComponent("\(name).html"), encoding: .utf8)
    let (styled, document, styles) = try Self.styledText(html: html)
    #expect(Self.missingText(styled, document: document, styles: styles) == nil)
    // The cascade's work budget leaves room for real documents: a book's worth of the default
    // theme stays two orders of magnitude below it.
    #expect(styles.matchingWork > 0)
    #expect(styles.matchingWork * 100 < Stylesheet.maximumCascadeWork)
  }

  @Test(
    "Pro Git through cmark: no visible text lost, every block non-empty",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func proGit() throws {
    let corpus = try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    // A prefix keeps the debug-build test quick; it still holds every construct the book uses.
    let end = corpus.utf8.index(corpus.utf8.startIndex, offsetBy: min(400_000, corpus.utf8.count))
    let prefix = String(corpus[..<(corpus[..<end].lastIndex(of: "\n") ?? end)])
    let html = try Renderer().html(.markdown(prefix)).html
    let (styled, document, styles) = try Self.styledText(html: html)
    #expect(styled.blocks.count > 500)
    #expect(styled.blocks.allSatisfy { !$0.range.isEmpty })
    #expect(
      Set(styled.blocks.map(\.kind)).isSuperset(of: [.heading, .paragraph, .listItem, .codeBlock]))
    #expect(Self.missingText(styled, document: document, styles: styles) == nil)
  }

  /// The first visible character (not white space) of the document's text nodes that does
  /// not appear, in order, in the styled text; nil when all do. Markers, separators and alt
  /// texts that the styled text adds are skipped over.
  static func missingText(
    _ styled: StyledText, document: Document, styles: CascadedStyles
  ) -> String? {
    var produced = styled.string.unicodeScalars.makeIterator()
    for node in document.nodes.indices
    where document.nodes[node].kind == .text && styles[node].display != .none {
      for scalar in document.nodes[node].text.unicodeScalars
      where !scalar.properties.isWhitespace {
        var found = false
        while let next = produced.next() {
          if next == scalar {
            found = true
            break
          }
        }
        if !found { return "\(scalar) in \"\(document.nodes[node].text.prefix(80))\"" }
      }
    }
    return nil
  }
}
