import Foundation
import RenderCore

/// GitHub's emoji shortcodes, for every engine and output: `:tada:` in text becomes 🎉 (the
/// emoji itself, which every output shows, rather than GitHub's image). Active with the
/// ``RenderCore/RenderFeature/emoji`` extension (in the `gfm` profile).
///
/// As on GitHub, code is left as written: nothing inside `code`, `pre` or `tt` changes, nor
/// inside `math`, `script`, `style` or `textarea`, nor an autolink's text (a link whose text
/// is the end of its target, so that a shown URL stays the URL). Attributes never change.
/// Markdown with no known `:name:` keeps its fast paths (a fragment stays the engine's own HTML).
public struct EmojiPass: DocumentPass {
  /// `"emoji"`.
  public let id = "emoji"

  /// Creates the pass.
  public init() {}

  /// Whether the emoji extension is on.
  public func isActive(in context: DocumentPassContext) -> Bool {
    context.options.extensions.contains(.emoji)
  }

  /// Whether the Markdown holds a known shortcode anywhere (``EmojiShortcodes``), code
  /// included: true is always safe.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool {
    EmojiShortcodes.mayHoldShortcode(utf8: markdown)
  }

  /// The elements whose text is code, or not prose: their shortcodes stay as written.
  static let literalElements: Set<String> = [
    "code", "pre", "tt", "kbd", "samp", "math", "script", "style", "textarea", "svg",
  ]

  /// Replaces the shortcodes of every text outside ``literalElements``; a document without
  /// one is left as it is. Reads the document in place: a text is decoded only when its bytes
  /// hold a known shortcode, and changes in place (no other node is copied).
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    // Literal elements by name number: elements are compared as numbers, not as strings.
    var literal = [Bool](repeating: false, count: document.names.names.count)
    for name in Self.literalElements {
      if let number = document.names.number(of: name) { literal[Int(number.rawValue)] = true }
    }
    var texts: [(node: Document.NodeID, text: String)] = []
    // Names compared as their numbers, read once: `==` on a name is a call across modules.
    let textName = DocumentName.text.rawValue
    document.withStorage { storage in
      var cursor = Document.Cursor(below: document.root)
      while let (id, entering) = cursor.next(records: storage.records) {
        guard entering else { continue }
        let name = storage.records[id].name.rawValue
        guard name == textName else {
          if literal[Int(name)] { cursor.skipChildren() }
          continue
        }
        cursor.skipChildren()
        let bytes = storage.text(of: id)
        guard EmojiShortcodes.holdsShortcode(raw: bytes),
          let replaced = EmojiShortcodes.replacing(
            screened: String(decoding: bytes, as: UTF8.self)),
          !Self.isAutolinkText(id, in: document)
        else { continue }
        texts.append((id, replaced))
      }
    }
    for (node, text) in texts { document.setText(text, of: node) }
  }

  /// Whether the text `id` is a link's text that its target ends with (`https://x.io/:a:`,
  /// `www.x.io/:a:` written as `http://www.x.io/:a:`): a URL shown as it is.
  private static func isAutolinkText(_ id: Document.NodeID, in document: Document) -> Bool {
    guard let parent = document.parent(of: id), document.nameID(of: parent) == .a,
      let href = document.attribute(.href, of: parent)
    else { return false }
    return href.hasSuffix(document.text(of: id))
  }
}
