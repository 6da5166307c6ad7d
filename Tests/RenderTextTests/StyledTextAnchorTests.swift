import Foundation
import RenderCore
import RenderStyling
import RenderText
import Testing

@Suite("StyledText anchors and metadata")
struct StyledTextAnchorTests {
  @Test("a block takes the id of the element that opened it")
  func anchors() {
    let styled = TestMarkup.styledText(
      "<h2 id=\"intro\">Intro</h2><p>Body</p><section id=\"s\"><div></div><p>Inside</p></section>")
    #expect(styled.blocks.map(\.anchor) == ["intro", nil, "s"])
  }

  @Test("JSON and AttributedString carry the anchor; JSON carries the metadata")
  func outputs() throws {
    var document = TestMarkup.document("<h1 id=\"top\">Top</h1>")
    document.metadata = [
      "title": .string("T"), "tags": .array([.string("a"), .integer(2), .null]),
      "nested": .dictionary(["ok": .bool(true), "ratio": .double(0.5)]),
    ]
    let styled = StyledText(
      document: document, styles: try Stylesheet.default.cascade(document, colorScheme: .light))
    #expect(styled.metadata == document.metadata)
    let json = try #require(
      try JSONSerialization.jsonObject(with: styled.jsonData()) as? [String: Any])
    let blocks = try #require(json["blocks"] as? [[String: Any]])
    #expect(blocks.first?["anchor"] as? String == "top")
    let metadata = try #require(json["metadata"] as? [String: Any])
    #expect(metadata["title"] as? String == "T")
    #expect((metadata["tags"] as? [Any])?.count == 3)
    #expect((metadata["nested"] as? [String: Any])?["ratio"] as? Double == 0.5)
    let attributed = AttributedString(styled)
    #expect(attributed.runs.first?.blockAnchor == "top")
  }

  @Test("without metadata the JSON has no metadata key")
  func noMetadata() throws {
    let styled = TestMarkup.styledText("<p>x</p>")
    let json = try #require(
      try JSONSerialization.jsonObject(with: styled.jsonData()) as? [String: Any])
    #expect(json["metadata"] == nil)
  }
}
