/// What a piece of text md4c reports stands for.
enum MD4CTextKind {
  /// Ordinary text, to be escaped.
  case normal
  /// A NUL character in the input (never seen: input is prepared), written as U+FFFD.
  case nullCharacter
  /// A hard line break, `<br>`.
  case lineBreak
  /// A line end inside a paragraph.
  case softBreak
  /// A character reference as written, e.g. `&amp;` or `&#x1F600;`.
  case entity
  /// Text of a code span or code block.
  case code
  /// Raw HTML, written as it is.
  case html
}
