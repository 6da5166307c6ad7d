import Foundation
import RenderCore
import RenderStyling
import RenderText
import Testing

/// Task boxes carry their state (an attribute, JSON, plain text); a GitHub alert's blocks are
/// of their own kind.
@Suite("StyledText task lists and alerts")
struct StyledTextTaskAndAlertTests {
  private func states(_ styled: StyledText) -> [TaskState] {
    styled.runs.compactMap(\.style.taskState)
  }

  @Test("GitHub's checkboxes: ☑ and ☐ with their state, then the item's text")
  func checkboxes() throws {
    let styled = TestMarkup.styledText(
      """
      <ul><li><input type="checkbox" checked="" disabled="" /> done</li>\
      <li><input type="checkbox" disabled="" /> todo</li></ul>
      """)
    #expect(styled.blockTexts == ["• ☑ done", "• ☐ todo"])
    #expect(states(styled) == [.checked, .unchecked])
    #expect(styled.plainText.contains("☑ done") && styled.plainText.contains("☐ todo"))
    let json = String(decoding: styled.jsonData(), as: UTF8.self)
    #expect(json.contains(#""taskState":"checked""#) && json.contains(#""taskState":"unchecked""#))
    // The box is a run of its own: the item's text carries no state.
    let done = try #require(styled.runs.first { styled.text($0.range).contains("done") })
    #expect(done.style.taskState == nil)
  }

  @Test("md4c's checkboxes, with no space before the text, still read as a box and a word")
  func checkboxWithoutSpace() {
    let styled = TestMarkup.styledText(
      """
      <ul><li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" \
      disabled="" checked="" />done</li></ul>
      """)
    #expect(styled.blockTexts == ["• ☑ done"])
    #expect(states(styled) == [.checked])
  }

  @Test("Discount's glyph boxes carry their state")
  func discountGlyphs() {
    let styled = TestMarkup.styledText(
      """
      <ul><li><span class="github_checkbox">\u{2610}</span> open</li>\
      <li><span class="github_checkbox">\u{2611}</span> closed</li></ul>
      """)
    #expect(states(styled) == [.unchecked, .checked])
  }

  @Test("other inputs show nothing")
  func otherInputs() {
    let styled = TestMarkup.styledText(#"<p>a<input type="text" value="x" />b</p>"#)
    #expect(styled.blockTexts == ["ab"])
    #expect(states(styled).isEmpty)
  }

  @Test("an alert's blocks are alerts of its kind, nested like a quote")
  func alertBlocks() {
    let styled = TestMarkup.styledText(
      """
      <div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\
      <p>Body</p></div><p>After</p>
      """)
    #expect(styled.blockTexts == ["Tip", "Body", "After"])
    #expect(styled.blocks.map(\.kind) == [.alert, .alert, .paragraph])
    #expect(styled.blocks.map(\.alert) == ["tip", "tip", nil])
    #expect(styled.blocks.map(\.quoteLevel) == [1, 1, 0])
    let json = String(decoding: styled.jsonData(), as: UTF8.self)
    #expect(json.contains(#"{"alert":"tip","alignment""#))
  }

  @Test("plain text brackets footnote references and leaves out the links back")
  func footnotesInPlainText() {
    let document = TestMarkup.document(
      """
      <p>A claim<sup><a href="#fn-1">1</a></sup>, another<sup><a href="#fn:2">2</a></sup></p>\
      <ol><li><p>First <a href="#fnref-1">\u{21A9}</a></p></li>\
      <li><p>Second <a href="#fnref:2">\u{21A9}</a></p></li></ol>
      """)
    let styles = TestCascade.styles(for: document)
    let styled = StyledText(document: document, styles: styles)
    let expected = "A claim[1], another[2]\n\n1. First\n\n2. Second"
    #expect(styled.plainText == expected)
    // The bytes `--to text` writes, made without the styled text's string.
    #expect(StyledText.plainTextUTF8(of: document, styles: styles) == Array(expected.utf8))
    // Styled text itself keeps what the document says.
    #expect(styled.string.contains("\u{21A9}"))
  }

  @Test("AttributedString carries the task state and the alert's kind")
  func attributedString() {
    let styled = TestMarkup.styledText(
      """
      <div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">\
      Caution</p><ul><li><input type="checkbox" checked="" /> done</li></ul></div>
      """)
    let attributed = AttributedString(styled)
    let box = attributed.runs.first { String(attributed[$0.range].characters) == "\u{2611}" }
    #expect(box?.taskState == .checked)
    #expect(box?.alert == "caution")
    #expect(attributed.runs.allSatisfy { $0.alert == "caution" })
  }
}
