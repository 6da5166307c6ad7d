import RenderCore
import RenderStyling

/// Builds documents for cascade tests by hand: `html > body > …`, returning node ids by name.
struct StylingTestDocument {
  var document = Document()
  let html: Document.NodeID
  let body: Document.NodeID

  init() {
    html = document.appendElement("html", to: document.root)
    body = document.appendElement("body", to: html)
  }

  /// Appends `<name attributes…>` with optional text under `parent` (the body by default).
  @discardableResult
  mutating func element(
    _ name: String, _ attributes: [String: String] = [:], text: String? = nil,
    under parent: Document.NodeID? = nil
  ) -> Document.NodeID {
    let node = document.appendElement(
      name,
      attributes: attributes.sorted { $0.key < $1.key }.map {
        .init(name: $0.key, value: $0.value)
      },
      to: parent ?? body)
    if let text { document.appendText(text, to: node) }
    return node
  }

  /// The style of `node` under `css` (the default theme when nil).
  func style(
    of node: Document.NodeID, css: String? = nil, scheme: ColorScheme = .light
  ) throws -> ComputedStyle {
    let sheet = try css.map { try Stylesheet(css: $0) } ?? Stylesheet.default
    return try sheet.cascade(document, colorScheme: scheme)[node]
  }
}
