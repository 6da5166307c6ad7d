import RenderCore

/// The author rules a document carries itself: the text of its `<style>` elements, in
/// document order, each under its `media` attribute.
///
/// `<style>` elements inside a `display: none` subtree still apply, as in browsers (they sit
/// in `<head>`, which is hidden).
struct DocumentStyles {
  private(set) var rules: [StyleRule] = []
  /// What each element's CSS dropped; positions are counted within that element's text.
  private(set) var diagnostics: [StylesheetDiagnostic] = []

  init() {}

  init(_ document: Document) {
    for (index, node) in document.nodes.enumerated()
    where node.kind == .element && node.name == "style" {
      if let type = node.attribute("type")?.lowercased(), !type.isEmpty, type != "text/css" {
        continue
      }
      var css = document.textContent(of: index)
      if let media = node.attribute("media"), !media.isEmpty {
        css = "@media \(media) {\n\(css)\n}"
      }
      var parser = StylesheetParser(css: css)
      parser.parse()
      rules += parser.rules
      diagnostics += parser.log.diagnostics
    }
  }
}
