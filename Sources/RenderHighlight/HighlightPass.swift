import Foundation
import RenderCore

/// Highlights fenced code blocks: each `pre` holding one `code` of a known language (the
/// info string's first word, as ``CodeHighlighter/canonicalLanguage(infoString:)`` reads it)
/// becomes `<pre><code class="language-x">` holding `<span class="…">` runs, classed with
/// Pygments' short names (``TokenClass/cssClass``), so that the page, styled text and the
/// terminal all colour them through the stylesheet. Active with the
/// ``RenderCore/RenderFeature/highlight`` extension (in the `gfm` profile).
///
/// A block of an unknown language stays as it is; one past ``HighlightLimits`` stays plain,
/// all its text kept. The runs are text nodes, so the serializer escapes them as it escapes
/// any text: code cannot make markup.
public struct HighlightPass: DocumentPass {
  /// `"highlight"`.
  public let id = "highlight"

  /// The highlighter the pass uses.
  public let highlighter: CodeHighlighter

  /// Creates the pass, with the highlighter of the default limits unless told.
  public init(highlighter: CodeHighlighter = .shared) {
    self.highlighter = highlighter
  }

  /// Whether the highlight extension is on.
  public func isActive(in context: DocumentPassContext) -> Bool {
    context.options.extensions.contains(.highlight)
  }

  /// Whether the bytes hold a fence (three backticks or tildes), which every fenced code
  /// block opens with.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool {
    ByteSearch.contains("```", in: markdown) || ByteSearch.contains("~~~", in: markdown)
  }

  /// Replaces each code block of a known language with its highlighted copy.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    var highlighted: [Document.NodeID: (code: Document.NodeID, result: HighlightResult)] = [:]
    // The `pre` elements, found by name number: no name is read as a string.
    let blocks = document.withStorage { storage in
      (0..<storage.records.count).filter { storage.records[$0].name == .pre }
    }
    for id in blocks {
      guard let (code, language) = Self.codeBlock(id, in: document),
        let result = highlighter.tokens(code: document.textContent(of: code), language: language),
        result.fallback == nil
      else { continue }
      highlighted[id] = (code, result)
    }
    guard !highlighted.isEmpty else { return }
    let original = document
    document = original.replacing(Set(highlighted.keys)) { pre, copy, parent in
      let (code, result) = highlighted[pre]!
      let old = original.nodes[pre]
      Self.appendHighlighted(
        original.textContent(of: code), result, language: Self.language(pre, code, original),
        preAttributes: old.attributes.filter { $0.name != "lang" },
        codeAttributes: original.attributes(of: code).filter { $0.name != "class" },
        to: parent, in: &copy)
    }
  }

  /// The highlighted block: `pre` of `preAttributes` holding `code` of `codeAttributes` and
  /// the `language-` class, holding the runs of `text`, a classed run as a `span`.
  private static func appendHighlighted(
    _ text: String, _ result: HighlightResult, language: String,
    preAttributes: [DocumentNode.Attribute], codeAttributes: [DocumentNode.Attribute],
    to parent: Document.NodeID, in document: inout Document
  ) {
    let newPre = document.appendElement("pre", attributes: preAttributes, to: parent)
    let newCode = document.appendElement(
      "code", attributes: codeAttributes + [.init(name: "class", value: "language-" + language)],
      to: newPre)
    let utf8 = Array(text.utf8)
    for token in result.tokens {
      let run = String(decoding: utf8[token.utf8Range], as: UTF8.self)
      if let cssClass = token.tokenClass.cssClass {
        let span = document.appendElement(
          "span", attributes: [.init(name: "class", value: cssClass)], to: newCode)
        document.appendText(run, to: span)
      } else {
        document.appendText(run, to: newCode)
      }
    }
  }

  /// The `code` of a fenced block and its info string: `<pre lang="x"><code>` or
  /// `<pre><code class="language-x">`, as engines write it; nil for any other `pre`.
  private static func codeBlock(
    _ pre: Document.NodeID, in document: Document
  ) -> (code: Document.NodeID, language: String)? {
    guard let code = document.firstChild(of: pre), code == document.lastChild(of: pre),
      document.kind(of: code) == .element, document.name(of: code) == "code"
    else { return nil }
    let language = language(pre, code, document)
    return language.isEmpty ? nil : (code, language)
  }

  /// The info string's first word, from the `pre`'s `lang` or the `code`'s `language-` class.
  private static func language(
    _ pre: Document.NodeID, _ code: Document.NodeID, _ document: Document
  ) -> String {
    if let lang = document.attribute("lang", of: pre) {
      return String(lang.split(separator: " ").first ?? "")
    }
    let classes = document.attribute("class", of: code) ?? ""
    let word = classes.split(separator: " ").first { $0.hasPrefix("language-") }
    return word.map { String($0.dropFirst("language-".count)) } ?? ""
  }
}

extension HighlightPass: CodeReplacement {
  /// False: code spans are never highlighted.
  package func rendersCodeSpans(startingWith leadByte: UInt8) -> Bool { false }

  /// Nil: code spans are never highlighted.
  package func html(forCodeSpan literal: String) -> (html: String, replacesParagraph: Bool)? {
    nil
  }

  /// Whether the block names a language, the one a highlighter may know.
  package func rendersCodeBlocks(language: String) -> Bool { !language.isEmpty }

  /// The block highlighted as ``apply(to:in:)`` writes it, in the engine's `layout`; nil for
  /// an unknown language or a block left plain, which the engine writes as it is.
  package func html(forCodeBlock literal: String, language: String, layout: HTMLLayout)
    -> String?
  {
    guard !language.isEmpty, let result = highlighter.tokens(code: literal, language: language),
      result.fallback == nil
    else { return nil }
    var document = Document()
    Self.appendHighlighted(
      literal, result, language: language, preAttributes: [], codeAttributes: [],
      to: document.root, in: &document)
    return HTMLSerializer.fragment(of: document, layout: layout)
  }

  /// False with source positions: the document route keeps the block's `data-sourcepos`,
  /// which the engine's tree does not hand over.
  package func replacesCode(with options: RenderOptions) -> Bool {
    !options.sourcePositions
  }
}
