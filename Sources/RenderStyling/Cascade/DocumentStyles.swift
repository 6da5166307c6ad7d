import Foundation
import RenderCore

/// The author rules a document carries itself: the text of its `<style>` elements and, when a
/// folder is granted, of its `<link rel="stylesheet">` files in that folder, in document order,
/// each under its `media` attribute.
///
/// `<style>` elements inside a `display: none` subtree still apply, as in browsers (they sit
/// in `<head>`, which is hidden).
struct DocumentStyles {
  private(set) var rules: [StyleRule] = []
  /// What each element's CSS dropped; positions are counted within that element's text.
  private(set) var diagnostics: [StylesheetDiagnostic] = []

  init() {}

  init(_ document: Document, linkedFrom folder: URL? = nil) {
    var linked = 0
    let link = document.names.number(of: "link")
    for index in 0..<document.nodeCount
    where document.nameID(of: index) == .style || document.nameID(of: index) == link {
      if let type = document.attribute("type", of: index)?.lowercased(), !type.isEmpty,
        type != "text/css"
      {
        continue
      }
      var css: String
      if document.nameID(of: index) == link {
        let relations = (document.attribute("rel", of: index) ?? "").lowercased().split(
          separator: " ")
        guard let folder, relations.contains("stylesheet"), !relations.contains("alternate"),
          let href = document.attribute(.href, of: index)
        else { continue }
        linked += 1
        guard linked <= LinkedStylesheet.maximumCount else {
          report(href, "more than \(LinkedStylesheet.maximumCount) linked stylesheets")
          continue
        }
        switch LinkedStylesheet.load(href: href, folder: folder) {
        case .success(let text): css = text
        case .failure(let problem):
          report(href, problem.reason)
          continue
        }
      } else {
        css = document.textContent(of: index)
      }
      if let media = document.attribute("media", of: index), !media.isEmpty {
        css = "@media \(media) {\n\(css)\n}"
      }
      var parser = StylesheetParser(css: css)
      parser.parse()
      rules += parser.rules
      diagnostics += parser.log.diagnostics
    }
  }

  private mutating func report(_ href: String, _ reason: String) {
    diagnostics.append(
      StylesheetDiagnostic(
        line: 1, column: 1, message: "linked stylesheet \"\(href)\" not loaded: \(reason)"))
  }
}
