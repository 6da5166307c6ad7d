import RenderCore

/// Serialises the part of a ``Document`` a ``SanitizerPolicy`` allows: the shared
/// `HTMLSerializer`, told by the policy which elements and attributes survive.
struct SanitizedHTMLWriter {
  let policy: SanitizerPolicy

  func write(_ document: Document) -> String {
    let policy = policy
    let serializer = HTMLSerializer(
      treatment: { document, node in
        let name = document.name(of: node)
        if policy.removedWithContent.contains(name) { return .drop }
        return policy.allowedElements.contains(name) ? .write : .unwrap
      },
      keepsAttribute: { document, node, attribute in
        let name = document.names[attribute.name]
        let global = policy.allowedAttributes["*"] ?? []
        let specific = policy.allowedAttributes[document.name(of: node)] ?? []
        guard global.contains(name) || specific.contains(name) else {
          return false
        }
        guard let schemes = policy.urlSchemes[name] else { return true }
        return URLSafety.isAllowed(document.value(of: attribute), schemes: schemes)
      })
    return serializer.write(contentsOf: document.root, in: document)
  }
}
