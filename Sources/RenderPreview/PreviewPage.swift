import Foundation
import RenderKit

/// The page the preview serves: the rendering's own page with the live script added, or,
/// while the document cannot be rendered, a page that says why and recovers on the next save.
enum PreviewPage {
  /// Where the live script is served; dot-prefixed, so no file of the folder can shadow it
  /// (the preview serves no hidden file).
  static let scriptPath = "/.render-preview/live.js"
  /// Where the event stream is served.
  static let eventsPath = "/.render-preview/events"

  /// The HTML for `result` at `version`.
  static func html(for result: Result<DocumentRendering, RenderError>, version: Int) -> String {
    let page: HTMLPage
    switch result {
    case .success(let rendering):
      page = rendering.page
    case .failure(let error):
      let notice =
        "<div id=\"render-preview-error\" role=\"alert\">"
        + "\(HTMLEscaping.escape(error.description))</div>"
      page = HTMLPage(
        fragment: HTMLFragment(html: notice, engineID: "preview"), stylesheet: .default,
        title: "Preview: cannot render")
    }
    return withScript(page.html, version: version)
  }

  /// `html` with the live script's element before its last `</body>`: the page's own end
  /// tag, since everything the rendering adds comes before it.
  static func withScript(_ html: String, version: Int) -> String {
    let script = "<script src=\"\(scriptPath)\" data-version=\"\(version)\"></script>\n"
    guard let end = html.range(of: "</body>", options: .backwards) else { return html + script }
    var html = html
    html.insert(contentsOf: script, at: end.lowerBound)
    return html
  }
}
