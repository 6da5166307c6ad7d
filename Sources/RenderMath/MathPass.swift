import Foundation
import RenderCore

/// Math as GitHub shows it, for every engine: `$…$`, `` $`…`$ ``, `$$…$$` and ```` ```math ````
/// fences become MathML `math` elements (with their linear Unicode as `alttext`, which styled
/// text, the terminal and plain text show). Active with the ``RenderCore/RenderFeature/math``
/// extension (in the `gfm` profile).
///
/// No engine knows `$`, and Markdown would mangle a formula before any pass saw it (`\{`
/// loses its backslash, `2*3*4` gets emphasis). So the pass first rewrites each formula the
/// ``MathSpanScanner`` finds into a code span, which every engine keeps literally, marked
/// with private-use characters; the document pass then turns those code spans (and math
/// fences) into formulas. A document with no formula is not rewritten, and the pass does not
/// run for it.
public struct MathPass: DocumentPass {
  /// `"math"`.
  public let id = "math"

  /// Creates the pass.
  public init() {}

  /// Whether the math extension is on.
  public func isActive(in context: DocumentPassContext) -> Bool {
    context.options.extensions.contains(.math)
  }

  /// True: formulas are protected before the engine parses.
  public var preparesMarkdown: Bool { true }

  /// Whether the bytes hold a `$` or the word `math` (a fence's info string): without
  /// either there is no formula.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool {
    ByteSearch.contains("$", in: markdown) || ByteSearch.contains("math", in: markdown)
  }

  /// `markdown` with each `$` formula as a marked code span; nil when it has no formula.
  /// Math fences are left as they are: engines keep their text already.
  public func prepare(markdown: String, in context: DocumentPassContext) -> String? {
    // Built from slices of `markdown`, which is valid UTF-8 already, so that nothing is
    // validated again; the spans start and end at a `$` or a backtick, on scalar boundaries.
    var output = ""
    let utf8 = markdown.utf8
    let found = Self.rewrite(
      MathSpanScanner.spans(in: markdown), of: utf8.count,
      reserving: { output.reserveCapacity($0) },
      keeping: { range in
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        output += markdown[start..<utf8.index(start, offsetBy: range.count)]
      },
      inserting: { output += $0 })
    return found ? output : nil
  }

  /// ``prepare(markdown:in:)`` of the bytes, read in place: bytes with no formula are left
  /// to the engine as they are (nil), and the rewritten copy is made of their slices.
  public func prepare(markdownUTF8 markdown: Data, in context: DocumentPassContext) -> Data? {
    markdown.withUnsafeBytes { raw -> Data? in
      let bytes = raw.bindMemory(to: UInt8.self)
      var output = Data()
      let found = Self.rewrite(
        MathSpanScanner.spans(utf8: bytes), of: bytes.count,
        reserving: { output.reserveCapacity($0) },
        keeping: { output.append(UnsafeBufferPointer(rebasing: bytes[$0])) },
        inserting: { output.append(contentsOf: $0.utf8) })
      return found ? output : nil
    }
  }

  /// The rewrite ``prepare(markdown:in:)`` makes of Markdown of `length` UTF-8 bytes holding
  /// `spans`, told piece by piece: the room it needs, each range of the source `keeping` as it
  /// is, each formula's marked code span `inserting`, in order. False, having told nothing,
  /// when there is no formula.
  private static func rewrite(
    _ spans: [MathSpan], of length: Int, reserving: (Int) -> Void,
    keeping: (Range<Int>) -> Void, inserting: (String) -> Void
  ) -> Bool {
    guard !spans.isEmpty else { return false }
    reserving(length + spans.count * 8)
    var position = 0
    for span in spans where span.delimiter != .fence {
      keeping(position..<span.range.lowerBound)
      inserting(Placeholder.codeSpan(span.latex, display: span.isDisplay))
      position = span.range.upperBound
    }
    keeping(position..<length)
    return true
  }

  /// Replaces the marked code spans and the math fences with formulas: display math alone in
  /// its paragraph replaces the paragraph.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    var formulas: [Document.NodeID: (latex: String, display: Bool)] = [:]
    for (id, isCode) in Self.candidates(in: document) {
      if isCode, let (latex, display) = Placeholder.read(document, code: id) {
        let paragraph = document.parent(of: id).flatMap { parent in
          display && Self.holdsOnly(id, parent, in: document) ? parent : nil
        }
        formulas[paragraph ?? id] = (latex, display)
      } else if !isCode, let latex = Self.mathFence(id, in: document) {
        formulas[id] = (latex, true)
      }
    }
    guard !formulas.isEmpty else { return }
    document = document.replacing(Set(formulas.keys)) { node, copy, parent in
      let formula = formulas[node]!
      MathExpression(latex: formula.latex).append(to: parent, in: &copy, display: formula.display)
    }
  }

  /// The `code` elements whose text may start with a formula's mark, and every `pre`, in
  /// document order, found by a loop over the records: a code span of other text (most of
  /// them) is passed over on its first byte, no string made.
  private static func candidates(in document: Document) -> [(Document.NodeID, isCode: Bool)] {
    let lang = document.names.number(of: "lang")
    // Names compared as their numbers, read once: `==` on a name is a call across modules.
    let (pre, code, text) = (
      DocumentName.pre.rawValue, DocumentName.code.rawValue, DocumentName.text.rawValue
    )
    return document.withStorage { storage in
      var found: [(Document.NodeID, isCode: Bool)] = []
      for id in 0..<storage.records.count {
        let record = storage.records[id]
        if record.name.rawValue == pre {
          if mayBeMathFence(id, lang: lang, in: storage) { found.append((id, false)) }
        } else if record.name.rawValue == code {
          // A formula's text starts with its mark: a first text child that does not is none.
          let child = record.firstChild
          if child == Document.none { continue }
          let first = storage.records[Int(child)]
          if first.name.rawValue == text, first.textCount > 0,
            storage.bytes[Int(first.textStart)] != placeholderLeadByte
          {
            continue
          }
          found.append((id, true))
        }
      }
      return found
    }
  }

  /// Whether the `pre` may be a math fence (``mathFence(_:in:)`` tells): its `lang` is
  /// `math`, or its first child's `class` holds `language-math`.
  private static func mayBeMathFence(
    _ pre: Document.NodeID, lang: DocumentName?, in storage: Document.Storage
  ) -> Bool {
    if let lang, let value = storage.attribute(lang, of: pre),
      storage.value(of: value).elementsEqual("math".utf8)
    {
      return true
    }
    let child = storage.records[pre].firstChild
    guard child != Document.none, let classes = storage.attribute(.class, of: Int(child)) else {
      return false
    }
    let value = storage.value(of: classes)
    let word = Array("language-math".utf8)
    guard value.count >= word.count else { return false }
    return (0...value.count - word.count).contains { start in
      value[start..<start + word.count].elementsEqual(word)
    }
  }

  /// Whether `parent` is a paragraph whose only content (but white space) is `child`.
  private static func holdsOnly(
    _ child: Document.NodeID, _ parent: Document.NodeID, in document: Document
  ) -> Bool {
    guard document.name(of: parent) == "p" else { return false }
    return document.children(of: parent).allSatisfy { other in
      other == child
        || (document.kind(of: other) == .text
          && document.text(of: other).allSatisfy(\.isWhitespace))
    }
  }

  /// The LaTeX of a ```` ```math ```` fence (`<pre lang="math">` or
  /// `<pre><code class="language-math">`, as engines write it); nil for any other `pre`.
  private static func mathFence(_ pre: Document.NodeID, in document: Document) -> String? {
    if document.attribute("lang", of: pre) == "math" {
      return document.textContent(of: pre).trimmingTrailingNewline
    }
    guard let code = document.firstChild(of: pre), document.name(of: code) == "code",
      let classes = document.attribute("class", of: code),
      classes.split(separator: " ").contains("language-math")
    else { return nil }
    return document.textContent(of: code).trimmingTrailingNewline
  }

  /// How a formula travels through an engine: a code span whose text starts with a mark
  /// saying inline or display and ends with an end mark (so the text never starts or ends
  /// with a backtick or a space, which code spans would trim), its line breaks marked too
  /// (an engine makes them spaces).
  enum Placeholder {
    static let inline: Unicode.Scalar = "\u{E000}"
    static let display: Unicode.Scalar = "\u{E001}"
    static let lineBreak: Unicode.Scalar = "\u{E002}"
    static let end: Unicode.Scalar = "\u{E003}"

    /// `latex` as a code span, fenced with one backtick more than its longest run.
    static func codeSpan(_ latex: String, display isDisplay: Bool) -> String {
      var longest = 0
      var run = 0
      for byte in latex.utf8 {
        run = byte == UInt8(ascii: "`") ? run + 1 : 0
        longest = max(longest, run)
      }
      var text = String(Character(isDisplay ? display : inline))
      for scalar in latex.unicodeScalars {
        text.unicodeScalars.append(scalar == "\n" ? lineBreak : scalar)
      }
      text.unicodeScalars.append(end)
      let fence = String(repeating: "`", count: longest + 1)
      return fence + text + fence
    }

    /// The formula a marked code span holds, and whether it is display math.
    static func read(_ document: Document, code: Document.NodeID) -> (String, Bool)? {
      read(document.textContent(of: code))
    }

    /// The formula the text of a marked code span holds, and whether it is display math.
    static func read(_ codeSpan: String) -> (String, Bool)? {
      let text = codeSpan.unicodeScalars
      guard let first = text.first, first == inline || first == display, text.last == end
      else { return nil }
      var latex = String.UnicodeScalarView()
      for scalar in text.dropFirst().dropLast() {
        latex.append(scalar == lineBreak ? "\n" : scalar)
      }
      return (String(latex), first == display)
    }
  }
}

extension MathPass: CodeReplacement {
  /// The formula of a marked code span as MathML, with its `alttext`: display math stands for
  /// its paragraph when alone in it, as ``apply(to:in:)`` has it.
  package func html(forCodeSpan literal: String) -> (html: String, replacesParagraph: Bool)? {
    guard let (latex, display) = Placeholder.read(literal) else { return nil }
    return (Self.html(latex, display: display), display)
  }

  /// Whether `leadByte` starts the marks a formula's code span starts with.
  package func rendersCodeSpans(startingWith leadByte: UInt8) -> Bool {
    leadByte == Self.placeholderLeadByte
  }

  static let placeholderLeadByte: UInt8 = {
    let lead = String(Character(Placeholder.inline)).utf8.first!
    assert(lead == String(Character(Placeholder.display)).utf8.first)
    return lead
  }()

  /// Whether `language` is `math`.
  package func rendersCodeBlocks(language: String) -> Bool { language == "math" }

  /// A math fence's formula as display MathML.
  package func html(forCodeBlock literal: String, language: String, layout: HTMLLayout)
    -> String?
  {
    language == "math" ? Self.html(literal.trimmingTrailingNewline, display: true) : nil
  }

  /// The `math` element ``apply(to:in:)`` puts in a document, written by the one serializer.
  private static func html(_ latex: String, display: Bool) -> String {
    var document = Document()
    MathExpression(latex: latex).append(to: document.root, in: &document, display: display)
    return HTMLSerializer.fragment(of: document)
  }
}

extension String {
  fileprivate var trimmingTrailingNewline: String {
    hasSuffix("\n") ? String(dropLast()) : self
  }
}
