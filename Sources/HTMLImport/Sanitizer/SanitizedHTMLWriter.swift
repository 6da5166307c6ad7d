import RenderCore

/// Serialises the part of a ``Document`` a ``SanitizerPolicy`` allows: the shared
/// `HTMLSerializer`, told by the policy which elements and attributes survive.
struct SanitizedHTMLWriter {
  let policy: SanitizerPolicy

  func write(_ document: Document) -> String {
    let policy = policy
    let serializer = HTMLSerializer(
      treatment: { document, node in
        switch policy.treatment(of: document.name(of: node)) {
        case .keep: .write
        case .unwrap: .unwrap
        case .drop: .drop
        }
      },
      keepsAttribute: { document, node, attribute in
        policy.keepsAttribute(
          document.names[attribute.name], value: document.value(of: attribute),
          of: document.name(of: node))
      })
    return serializer.write(contentsOf: document.root, in: document)
  }
}
