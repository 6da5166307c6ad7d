import RenderCore

/// Serialises the part of a ``Document`` a ``SanitizerPolicy`` allows: the shared
/// `HTMLSerializer`, told by the policy which elements and attributes survive.
struct SanitizedHTMLWriter {
  let policy: SanitizerPolicy

  func write(_ document: Document) -> String {
    let policy = policy
    let serializer = HTMLSerializer(
      treatment: { node in
        switch policy.treatment(of: node.name) {
        case .keep: .write
        case .unwrap: .unwrap
        case .drop: .drop
        }
      },
      keepsAttribute: { node, attribute in
        policy.keepsAttribute(attribute.name, value: attribute.value, of: node.name)
      })
    return serializer.write(contentsOf: document.root, in: document)
  }
}
