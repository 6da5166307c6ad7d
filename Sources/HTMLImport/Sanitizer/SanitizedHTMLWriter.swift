import RenderCore

/// Serialises the part of a ``Document`` a ``SanitizerPolicy`` allows: the shared
/// `HTMLSerializer`, told by the policy which elements and attributes survive.
struct SanitizedHTMLWriter {
  let policy: SanitizerPolicy

  func write(_ document: Document) -> String {
    let policy = policy
    let serializer = HTMLSerializer(
      treatment: { node in
        if policy.removedWithContent.contains(node.name) { return .drop }
        return policy.allowedElements.contains(node.name) ? .write : .unwrap
      },
      keepsAttribute: { node, attribute in
        let global = policy.allowedAttributes["*"] ?? []
        let specific = policy.allowedAttributes[node.name] ?? []
        guard global.contains(attribute.name) || specific.contains(attribute.name) else {
          return false
        }
        guard let schemes = policy.urlSchemes[attribute.name] else { return true }
        return URLSafety.isAllowed(attribute.value, schemes: schemes)
      })
    return serializer.write(contentsOf: document.root, in: document)
  }
}
