import Foundation
import RenderCore

/// Gives every heading an anchor `id` and, when the options ask, puts the table of contents
/// in the document (``Outline``, ``TableOfContents``): active with
/// ``RenderOptions/headingAnchors`` or ``RenderOptions/tableOfContents``.
public struct HeadingAnchorsPass: DocumentPass {
  /// `"heading-anchors"`.
  public let id = "heading-anchors"

  /// Creates the pass.
  public init() {}

  /// Whether anchors or a table of contents are asked for.
  public func isActive(in context: DocumentPassContext) -> Bool {
    context.options.anchorsHeadings
  }

  /// Whether the Markdown may hold a heading (or a contents marker): `#`, `<` (raw HTML), `[[`,
  /// or a line of only `=` or `-` (a setext underline); a document with none keeps its fast
  /// paths.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool {
    Self.mayHoldHeadings(markdown)
  }

  /// ``mayChange(markdownUTF8:)``, for the passes that follow the anchors.
  public static func mayHoldHeadings(_ markdown: Data) -> Bool {
    if ByteSearch.contains("#", in: markdown) || ByteSearch.contains("<", in: markdown)
      || ByteSearch.contains("[[", in: markdown)
    {
      return true
    }
    return markdown.withUnsafeBytes { bytes in
      var index = 0
      while index < bytes.count {
        // At a line's start: up to three spaces, then a run of `=` or `-` and blanks alone.
        var position = index
        while position < bytes.count, position - index < 3, bytes[position] == 0x20 {
          position += 1
        }
        if position < bytes.count,
          bytes[position] == UInt8(ascii: "=") || bytes[position] == UInt8(ascii: "-")
        {
          let marker = bytes[position]
          var end = position
          while end < bytes.count, bytes[end] == marker || bytes[end] == 0x20 || bytes[end] == 0x09
          {
            end += 1
          }
          if end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D { return true }
        }
        guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return false }
        index = newline + 1
      }
      return false
    }
  }

  /// Sets the anchors (after the context's ``DocumentPassContext/idPrefix``) and places the
  /// table of contents of the configured levels. Within a ``HeadingAnchorLedger/current``
  /// ledger, the anchors continue it.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    guard context.options.tableOfContents else {
      // Without contents nothing moves: the ids are set in place, and only the headings'
      // text is read.
      let anchors =
        HeadingAnchorLedger.current?.continuing { slugger in
          Outline.newAnchors(in: document, anchorPrefix: context.idPrefix, slugger: &slugger)
        }
        ?? {
          var slugger = HeadingSlugger()
          return Outline.newAnchors(
            in: document, anchorPrefix: context.idPrefix, slugger: &slugger)
        }()
      for (node, anchor) in anchors {
        if document.attributeRecords(of: node).isEmpty {
          // Most headings have no attribute: the id is appended, nothing else rewritten.
          document.appendAttribute(.id, value: anchor.utf8, to: node)
        } else {
          document.setAttribute("id", to: anchor, of: node)
        }
      }
      return
    }
    let outline =
      HeadingAnchorLedger.current?.continuing { slugger in
        Outline(document: document, anchorPrefix: context.idPrefix, slugger: &slugger)
      } ?? Outline(document: document, anchorPrefix: context.idPrefix)
    let contents =
      context.options.tableOfContents
      ? TableOfContents(outline: outline, levels: context.options.tableOfContentsLevels) : nil
    document = outline.applying(to: document, tableOfContents: contents)
  }
}
