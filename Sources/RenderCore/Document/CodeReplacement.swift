/// HTML that stands in for some code spans and code blocks of an engine's own HTML: how a
/// document pass whose whole change is rendering code of its own (math, whose formulas travel
/// through the engine as marked code spans) reaches a fragment without a document being built.
///
/// A ``CodeReplacingEngine`` asks for each code span and code block of its tree and writes the
/// HTML given in its place, as it is: the HTML is trusted, whatever the safe mode, so it must
/// come from the one serializer, never from the input.
package protocol CodeReplacement: Sendable {
  /// The HTML written for a code span with this text (as the engine holds it, unescaped), and
  /// whether it stands for its whole paragraph when it is all the paragraph holds (display
  /// math); nil keeps the code span.
  func html(forCodeSpan literal: String) -> (html: String, replacesParagraph: Bool)?

  /// The first byte of the UTF-8 text of every code span ``html(forCodeSpan:)`` renders: an
  /// engine reads the text of no code span that starts otherwise, so that a long document's
  /// code costs a byte comparison per span.
  var codeSpanLeadByte: UInt8 { get }

  /// Whether ``html(forCodeBlock:language:)`` may render a code block of `language`: an
  /// engine reads the text of no other code block.
  func rendersCodeBlocks(language: String) -> Bool

  /// The HTML written for a code block whose info string starts with `language` (the word its
  /// `language-` class would take), holding `literal`; nil keeps the code block.
  func html(forCodeBlock literal: String, language: String) -> String?
}
