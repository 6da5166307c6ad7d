import RenderCore

/// What each element name of one document means to layout (its ``ElementRole`` and
/// ``RenderingRule``), looked up by the name's number: each name is read as a string once per
/// document, not once per element.
struct ElementNameMeanings {
  private struct Entry {
    var role: ElementRole
    var rule: RenderingRule?
  }

  private var entries: [Entry?] = []

  /// The role and the rendering rule of the element named `name` in `document`.
  mutating func meaning(of name: DocumentName, in document: Document) -> (
    role: ElementRole, rule: RenderingRule?
  ) {
    let slot = Int(name.rawValue)
    if slot < entries.count, let entry = entries[slot] { return (entry.role, entry.rule) }
    if slot >= entries.count {
      entries += [Entry?](repeating: nil, count: slot + 1 - entries.count)
    }
    let text = document.names[name]
    let entry = Entry(role: ElementRole(name: text), rule: RenderingRule.kind(of: text))
    entries[slot] = entry
    return (entry.role, entry.rule)
  }
}
