import Foundation
import RenderCore
import RenderText
import TestSupport
import Testing

/// Golden files: each `Tests/Fixtures/Text/NAME.html` is laid out with the test cascade and
/// compared with `NAME.json` and `NAME.txt` (plain text plus a final newline). Set
/// `RENDER_UPDATE_GOLDENS=1` to rewrite them, then read the diff. The byte outputs the
/// pipeline writes without making the styled text are held to the same goldens.
@Suite("StyledText goldens")
struct StyledTextGoldenTests {
  static let names = ["paragraphs", "lists", "blocks", "inline"]

  @Test("JSON and plain text match the goldens", arguments: names)
  func golden(name: String) throws {
    let directory = SharedFixtures.fixture("Fixtures/Text")
    let markup = try String(
      contentsOf: directory.appendingPathComponent("\(name).html"), encoding: .utf8)
    let document = TestMarkup.document(markup)
    let styles = TestCascade.styles(for: document)
    let styled = StyledText(document: document, styles: styles)
    let outputs = [
      ("json", String(decoding: styled.jsonData(), as: UTF8.self)),
      ("txt", styled.plainText + "\n"),
      // What `--to json` and `--to text` write, made without the styled text's string.
      ("json", String(decoding: StyledText.jsonUTF8(of: document, styles: styles), as: UTF8.self)),
      (
        "txt",
        String(decoding: StyledText.plainTextUTF8(of: document, styles: styles), as: UTF8.self)
          + "\n"
      ),
    ]
    for (fileExtension, actual) in outputs {
      let url = directory.appendingPathComponent("\(name).\(fileExtension)")
      if ProcessInfo.processInfo.environment["RENDER_UPDATE_GOLDENS"] != nil {
        try actual.write(to: url, atomically: true, encoding: .utf8)
      }
      let expected = try String(contentsOf: url, encoding: .utf8)
      #expect(actual == expected, "\(name).\(fileExtension) differs from its golden")
    }
  }
}
