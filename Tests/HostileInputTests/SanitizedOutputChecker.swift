import Foundation
import HTMLImport
import RenderCore

/// Judges sanitizer output as a browser would read it: re-parses it and lists every element,
/// attribute or URL outside the policy, plus any raw construct that could open a script context.
struct SanitizedOutputChecker {
  let policy: SanitizerPolicy

  /// Elements a parser adds around any fragment.
  private static let impliedElements: Set<String> = ["#document", "html", "head", "body"]
  /// Raw text that must never appear: tags and markup that start code or hide content.
  private static let forbiddenText = [
    "<script", "<style", "<svg", "<math", "<iframe", "<object", "<embed", "<base", "<meta",
    "<link", "<form", "<!--", "<![cdata[", "<?", "<noscript", "<template", "<textarea",
  ]

  /// Every violation found in `output`; empty when it is safe.
  func violations(in output: String) throws -> [String] {
    var found: [String] = []
    let lowered = output.lowercased()
    for text in Self.forbiddenText where lowered.contains(text) { found.append("raw \(text)") }
    let document = try HTMLImporter().importDocument(html: output)
    for node in document.nodes where node.kind == .element {
      guard policy.allowedElements.contains(node.name) || Self.impliedElements.contains(node.name)
      else {
        found.append("element <\(node.name)>")
        continue
      }
      let allowed = (policy.allowedAttributes["*"] ?? []).union(
        policy.allowedAttributes[node.name] ?? [])
      for attribute in node.attributes {
        if !allowed.contains(attribute.name) || attribute.name.hasPrefix("on") {
          found.append("attribute \(attribute.name) on <\(node.name)>")
        } else if let schemes = policy.urlSchemes[attribute.name],
          !URLSafety.isAllowed(attribute.value, schemes: schemes)
        {
          found.append("URL \(attribute.value) in \(attribute.name)")
        }
      }
    }
    if let head = document.nodes.firstIndex(where: { $0.name == "head" }),
      !document.children(of: head).isEmpty
    {
      found.append("content in <head>")
    }
    return found
  }
}
