import RenderCore

/// The attribute and element names ``StyledTextBuilder`` asks about, by their numbers in one
/// document, looked up once: nil for a name the document never uses, which no node can have.
struct AttributeNames {
  let alt: DocumentName?
  let alttext: DocumentName?
  let checked: DocumentName?
  let open: DocumentName?
  let reversed: DocumentName?
  let src: DocumentName?
  let start: DocumentName?
  let type: DocumentName?
  let value: DocumentName?
  /// The `th` element.
  let th: DocumentName?

  init(_ names: DocumentNameTable) {
    alt = names.number(of: "alt")
    alttext = names.number(of: "alttext")
    checked = names.number(of: "checked")
    open = names.number(of: "open")
    reversed = names.number(of: "reversed")
    src = names.number(of: "src")
    start = names.number(of: "start")
    type = names.number(of: "type")
    value = names.number(of: "value")
    th = names.number(of: "th")
  }

  /// The value of the attribute `name` of `node`, if it has one.
  func value(
    _ name: KeyPath<AttributeNames, DocumentName?>, of node: Document.NodeID,
    in document: Document
  ) -> String? {
    guard let number = self[keyPath: name] else { return nil }
    return document.attribute(number, of: node)
  }
}
