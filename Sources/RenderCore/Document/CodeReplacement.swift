/// HTML that stands in for some code spans and code blocks of an engine's own HTML: how a
/// document pass whose whole change is rendering code of its own (math, whose formulas travel
/// through the engine as marked code spans; highlighted fenced blocks) reaches a fragment
/// without a document being built.
///
/// A ``CodeReplacingEngine`` asks for each code span and code block of its tree and writes the
/// HTML given in its place, as it is: the HTML is trusted, whatever the safe mode, so it must
/// come from the one serializer, never from the input.
package protocol CodeReplacement: Sendable {
  /// The HTML written for a code span with this text (as the engine holds it, unescaped), and
  /// whether it stands for its whole paragraph when it is all the paragraph holds (display
  /// math); nil keeps the code span.
  func html(forCodeSpan literal: String) -> (html: String, replacesParagraph: Bool)?

  /// Whether ``html(forCodeSpan:)`` may render a code span whose UTF-8 text starts with
  /// `leadByte`: an engine reads the text of no other code span, so that a long document's
  /// code costs a byte comparison per span.
  func rendersCodeSpans(startingWith leadByte: UInt8) -> Bool

  /// Whether ``html(forCodeBlock:language:layout:)`` may render a code block of `language`: an
  /// engine reads the text of no other code block.
  func rendersCodeBlocks(language: String) -> Bool

  /// The HTML written for a code block whose info string starts with `language` (the word its
  /// `language-` class would take), holding `literal`, as the serializer writes it in the
  /// engine's `layout` (which says how its text is escaped); nil keeps the code block.
  func html(forCodeBlock literal: String, language: String, layout: HTMLLayout) -> String?

  /// Whether, with `options`, the engine's HTML with this code replaced is what the document
  /// route writes; when false the pipeline takes the document route.
  func replacesCode(with options: RenderOptions) -> Bool
}

extension CodeReplacement {
  /// True: the replaced code carries nothing of the engine's own, whatever the options.
  package func replacesCode(with options: RenderOptions) -> Bool { true }
}

/// Replacements asked in order, the first that writes HTML for a piece of code winning: the
/// code-replacing passes of one render, in the order their document passes run.
package struct CodeReplacementSequence: CodeReplacement {
  /// The replacements, in the order of their passes.
  package let replacements: [any CodeReplacement]

  /// The sequence of `replacements`, asked in this order.
  package init(_ replacements: [any CodeReplacement]) {
    self.replacements = replacements
  }

  /// Whether a replacement may render the code span.
  package func rendersCodeSpans(startingWith leadByte: UInt8) -> Bool {
    replacements.contains { $0.rendersCodeSpans(startingWith: leadByte) }
  }

  /// Whether a replacement may render the code block.
  package func rendersCodeBlocks(language: String) -> Bool {
    replacements.contains { $0.rendersCodeBlocks(language: language) }
  }

  /// The first replacement's HTML for the code span.
  package func html(forCodeSpan literal: String) -> (html: String, replacesParagraph: Bool)? {
    for replacement in replacements {
      if let html = replacement.html(forCodeSpan: literal) { return html }
    }
    return nil
  }

  /// The first replacement's HTML for the code block.
  package func html(forCodeBlock literal: String, language: String, layout: HTMLLayout)
    -> String?
  {
    for replacement in replacements {
      if let html = replacement.html(forCodeBlock: literal, language: language, layout: layout) {
        return html
      }
    }
    return nil
  }

  /// Whether every replacement writes what the document route would.
  package func replacesCode(with options: RenderOptions) -> Bool {
    replacements.allSatisfy { $0.replacesCode(with: options) }
  }
}
