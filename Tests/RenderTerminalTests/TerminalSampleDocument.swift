import RenderCore
import RenderStyling
import RenderText

/// The document the terminal goldens render: every block kind, inline styles and links.
enum TerminalSampleDocument {
  static let red = CSSColor(red: 0xcc, green: 0x22, blue: 0x22)
  static let codeBackground = CSSColor(red: 0xf6, green: 0xf8, blue: 0xfa)

  static var text: StyledText {
    var sample = TerminalSample()
    sample.add(.heading, "Terminal output", .heading(1, color: red))
    sample.add(
      .paragraph,
      [
        ("Text can be ", .plain), ("bold", .strong), (", ", .plain), ("italic", .emphasized),
        (", ", .plain), ("underlined", .underlined), (", ", .plain), ("struck", .struck),
        (" or ", .plain), ("red", .colored(red)), (", with ", .plain), ("inline code", .code),
        (" and a ", .plain), ("link", .link("https://example.org/docs")), (".", .plain),
      ])
    sample.add(.heading, "Lists", .heading(2))
    sample.add(.listItem, "• First item", indentLevel: 1, spacing: 0)
    sample.add(
      .listItem, "• Second item, long enough to wrap onto a following line", indentLevel: 1,
      spacing: 0)
    sample.add(.listItem, "◦ Nested item under the second", indentLevel: 2, spacing: 0)
    sample.add(.listItem, "1. Ordered item with a hanging indent", indentLevel: 1, spacing: 0)
    sample.add(.heading, "Quotes", .heading(3))
    sample.add(
      .quote, "A quoted paragraph that wraps, and keeps its bar on each line.", indentLevel: 1,
      quoteLevel: 1)
    sample.add(.quote, "Nested quote inside it.", indentLevel: 2, quoteLevel: 2)
    sample.add(
      .codeBlock,
      "func greet() {\n\tprint(\"a long line of code that will not fit in a narrow terminal\")\n}",
      .monospaced, background: codeBackground)
    sample.add(.rule, "")
    sample.add(
      .paragraph,
      [
        ("See ", .plain), ("https://example.org", .link("https://example.org")),
        (" or ", .plain), ("the guide", .link("https://example.org/guide")), (".", .plain),
      ])
    return sample.text
  }
}
