import Foundation
import RenderCore

/// Turns GitHub's alerts into GitHub's markup: a block quote at the top level whose first line
/// is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case, alone on
/// the line, with more of the quote after it) becomes
/// `<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>…`.
///
/// As on GitHub, a marker followed by text on its own line, a quote holding only the marker,
/// and a quote inside another element (a list item, another quote) stay block quotes.
/// Active with the ``RenderFeature/alerts`` extension (the `gfm` profile); Markdown
/// with no `[!` before a kind's first letter keeps its fast paths (a fragment stays the
/// engine's own HTML).
public struct AlertsPass: DocumentPass {
  /// The five kinds, in GitHub's order.
  public enum Kind: String, Sendable, CaseIterable {
    /// `[!NOTE]`.
    case note
    /// `[!TIP]`.
    case tip
    /// `[!IMPORTANT]`.
    case important
    /// `[!WARNING]`.
    case warning
    /// `[!CAUTION]`.
    case caution

    /// The title GitHub shows: `"Note"`.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// `"alerts"`.
  public let id = "alerts"

  /// Creates the pass.
  public init() {}

  /// Whether the alerts extension is on.
  public func isActive(in context: DocumentPassContext) -> Bool {
    context.options.extensions.contains(.alerts)
  }

  /// Whether the Markdown holds `[!` and a kind's first letter, which every alert's marker
  /// starts with: a badge's image link, `[![`, is not one.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool {
    ByteSearch.contains("[!", in: markdown) { Self.kindInitials.contains($0 | 0x20) }
  }

  /// The first letters of the kinds, lowercase.
  private static let kindInitials = Set(Kind.allCases.map { $0.rawValue.utf8.first! })

  /// Rewrites each alert as the type's summary says; a document without one is left as it is.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    var plan = Plan()
    for quote in Self.topLevelQuotes(in: document) { plan.add(quote, in: document) }
    guard !plan.kinds.isEmpty else { return }
    document = plan.applied(to: document)
  }

  /// The `blockquote` children of the root, or of `body` in a whole HTML document.
  static func topLevelQuotes(in document: Document) -> [Document.NodeID] {
    var containers = [document.root]
    for child in document.children(of: document.root) where document.name(of: child) == "html" {
      containers += document.children(of: child).filter { document.nameID(of: $0) == .body }
    }
    return containers.flatMap { container in
      document.children(of: container).filter {
        document.kind(of: $0) == .element && document.name(of: $0) == "blockquote"
      }
    }
  }

  /// What changes: the quotes that become alerts, and the marker's text and break that go.
  struct Plan {
    var kinds: [Document.NodeID: Kind] = [:]
    /// Nodes left out: the marker's paragraph when it holds nothing else, its hard break.
    var dropped: Set<Document.NodeID> = []
    /// Text nodes whose text changes (the marker taken off the start).
    var texts: [Document.NodeID: String] = [:]

    /// Adds `quote` when it is an alert.
    mutating func add(_ quote: Document.NodeID, in document: Document) {
      let blocks = document.children(of: quote).filter { !Self.isBlank($0, in: document) }
      guard let first = blocks.first, document.name(of: first) == "p",
        let text = document.firstChild(of: first), document.kind(of: text) == .text,
        let (kind, rest) = Self.marker(document.text(of: text))
      else { return }
      var dropped: Set<Document.NodeID> = []
      var texts: [Document.NodeID: String] = [:]
      if let newline = rest.firstIndex(of: "\n") {
        // A soft break: the paragraph goes on after the marker's line.
        guard rest[..<newline].allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
        texts[text] = String(rest[rest.index(after: newline)...].drop { $0 == " " })
      } else {
        guard rest.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
        texts[text] = ""
        if let next = document.nextSibling(of: text) {
          // A hard break: the marker's `br`, and the newline after it, go too.
          guard document.kind(of: next) == .element, document.name(of: next) == "br" else {
            return
          }
          dropped.insert(next)
          if let after = document.nextSibling(of: next), document.kind(of: after) == .text {
            texts[after] = String(document.text(of: after).drop { $0 == "\n" || $0 == " " })
          }
        } else {
          // The marker alone in its paragraph: the alert's content is the quote's next blocks.
          guard blocks.count > 1 else { return }
          dropped.insert(first)
        }
      }
      kinds[quote] = kind
      self.dropped.formUnion(dropped)
      self.texts.merge(texts) { $1 }
    }

    /// The kind a text starting with a marker names, and the text after the marker.
    static func marker(_ text: String) -> (Kind, Substring)? {
      guard text.hasPrefix("[!"), let close = text.firstIndex(of: "]") else { return nil }
      let name = text[text.index(text.startIndex, offsetBy: 2)..<close].lowercased()
      guard let kind = Kind(rawValue: name) else { return nil }
      return (kind, text[text.index(after: close)...])
    }

    static func isBlank(_ node: Document.NodeID, in document: Document) -> Bool {
      document.kind(of: node) == .text
        && document.text(of: node).allSatisfy { $0 == " " || $0 == "\n" || $0 == "\t" }
    }

    /// A copy of `document` with the alerts rewritten, by ``DocumentEdits``.
    func applied(to document: Document) -> Document {
      var edits = DocumentEdits()
      for node in dropped { edits.remove(node) }
      for (node, text) in texts { edits.setText(text, of: node) }
      for (quote, kind) in kinds {
        edits.rename(quote, to: "div")
        for attribute in document.attributes(of: quote) {
          edits.setAttribute(attribute.name, to: nil, of: quote)
        }
        edits.setAttribute(
          "class", to: "markdown-alert markdown-alert-\(kind.rawValue)", of: quote)
        // Where the engine put a newline after the quote's tag, one goes after the alert's.
        let newline = document.firstChild(of: quote).map { Self.isBlank($0, in: document) } ?? false
        edits.insert(atStartOf: quote) { copy, alert in
          if newline { copy.appendText("\n", to: alert) }
          let title = copy.appendElement(
            lowercasedName: "p", attributes: [.init(name: "class", value: "markdown-alert-title")],
            to: alert)
          copy.appendText(kind.title, to: title)
        }
      }
      return document.applying(edits)
    }
  }
}
