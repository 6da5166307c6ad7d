import Foundation
import RenderKit

/// What the preview's event stream says about one rendering: the parts of the page the
/// script replaces, or the error to show over the last good rendering.
struct PreviewUpdate: Encodable, Equatable {
  /// The page title.
  var title: String?
  /// The `lang` of the `<html>` element.
  var language: String?
  /// The stylesheet's CSS, for the page's `<style>` element (set as text, never parsed as HTML).
  var style: String?
  /// Whether the stylesheet has dark rules (the page then says `color-scheme: light dark`).
  var darkVariant: Bool?
  /// The content of `<main>`: the fragment, rendered and sanitized as configured.
  var body: String?
  /// What went wrong, in plain words; the other fields are absent then.
  var error: String?

  init(_ result: Result<DocumentRendering, RenderError>) {
    switch result {
    case .success(let rendering):
      let page = rendering.page
      title = page.title
      language = page.language
      style = page.stylesheet.source
      darkVariant = page.stylesheet.hasDarkVariant
      body = page.fragment.html
    case .failure(let failure):
      error = failure.description
    }
  }

  /// The update as one Server-Sent Event with id `version` (JSON has no raw line break, so
  /// it fits one `data:` line).
  func event(version: Int) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return Data("id: \(version)\ndata: ".utf8) + json + Data("\n\n".utf8)
  }
}
