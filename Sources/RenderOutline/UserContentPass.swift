import Foundation
import RenderCore

/// Gives the document's ids and names GitHub's `user-content-` prefix, and makes the in-page
/// links that pointed at them land: what GitHub does to a README, whose ids it prefixes so that
/// a page's own names (`id="location"`) cannot clobber the host page's script globals, and
/// whose `#installation` links its script then scrolls to `#user-content-installation`. Here
/// the links are rewritten instead, so a page lands without script: every `href` of `#x`
/// becomes `#user-content-x`. Every id and name of such a document is prefixed, so an in-page
/// target can only be `user-content-x`; a link to a missing target stays a link to a missing
/// target, one already prefixed (`#user-content-x`) and an empty `#` are left as written. A
/// link's rewriting does not depend on whether or where its target comes, so a streamed block
/// renders it the same before its target arrives. Active when raw HTML passes through the
/// allowlist (`RenderFeature.allowedHTML`), after the anchors are made.
///
/// ```swift
/// // <h2 id="user-content-installation">, and [x](#installation) →
/// // <a href="#user-content-installation">
/// ```
public struct UserContentPass: DocumentPass {
  /// `"user-content"`.
  public let id = "user-content"

  /// The prefix, as GitHub writes it.
  public static let prefix = "user-content-"

  /// Creates the pass.
  public init() {}

  /// Whether raw HTML passes through the allowlist.
  public func isActive(in context: DocumentPassContext) -> Bool { context.options.allowsHTML }

  /// Whether the Markdown may make an id or a name: raw HTML (`<`), a footnote (`[^`) or a
  /// heading (``HeadingAnchorsPass/mayHoldHeadings(_:)``); a document with none keeps its fast
  /// paths.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool {
    ByteSearch.contains("[^", in: markdown) || HeadingAnchorsPass.mayHoldHeadings(markdown)
  }

  /// Prefixes every `id` and `name` not prefixed yet, and every `#fragment` link.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    // By id: most nodes are text or have no attribute, and are passed over without a string.
    let id = DocumentName.id
    let name = document.names.number(of: "name")
    let prefix = Array(Self.prefix.utf8)
    let candidates = document.withStorage { storage in
      var found: [Document.NodeID] = []
      for node in 0..<storage.records.count {
        let record = storage.records[node]
        let start = Int(record.attributeStart)
        for index in start..<start + Int(record.attributeCount) {
          // Only an id or name without the prefix, or an in-page link, may change: the rest
          // (most links) are passed over on their bytes.
          let attribute = storage.attributes[index]
          let value = storage.value(of: attribute)
          if attribute.name == .href
            ? value.first == UInt8(ascii: "#")
            : (attribute.name == id || attribute.name == name)
              && !value.starts(with: prefix)
          {
            found.append(node)
            break
          }
        }
      }
      return found
    }
    for node in candidates {
      // A copy: a slice would hold the table, which each change would then copy whole.
      let attributes = Array(document.attributeRecords(of: node))
      var seen: [DocumentName] = []
      for attribute in attributes where attribute.name == id || attribute.name == name {
        // The first of a name counts, as setAttribute keeps the first and drops the others.
        guard !seen.contains(attribute.name) else { continue }
        seen.append(attribute.name)
        let value = document.value(of: attribute)
        guard !value.hasPrefix(Self.prefix) else { continue }
        document.setAttribute(document.names[attribute.name], to: Self.prefix + value, of: node)
      }
      guard let href = document.attribute(.href, of: node), href.first == "#", href.count > 1,
        !href.dropFirst().hasPrefix(Self.prefix)
      else { continue }
      document.setAttribute("href", to: "#" + Self.prefix + href.dropFirst(), of: node)
    }
  }
}
