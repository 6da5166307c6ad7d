import Foundation
import RenderKit
import Testing

/// A page follows the reader's scheme unless one is given; then the stylesheet's
/// `prefers-color-scheme` queries are settled for it, whatever the reader prefers.
@Suite struct PageColorSchemeTests {
  private func page(_ scheme: ColorScheme?) throws -> String {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    configuration.pageColorScheme = scheme
    return try Renderer(configuration: configuration).page(.markdown("# Hi\n")).html
  }

  private func style(_ page: String) -> String {
    guard let start = page.range(of: "<style>"), let end = page.range(of: "</style>") else {
      return ""
    }
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test func withoutASchemeThePageFollowsTheReader() throws {
    let page = try page(nil)
    #expect(page.contains(#"<meta name="color-scheme" content="light dark">"#))
    #expect(style(page).contains("prefers-color-scheme: dark"))
  }

  @Test(arguments: [ColorScheme.dark, .light])
  func aGivenSchemeSettlesEveryQuery(scheme: ColorScheme) throws {
    let page = try page(scheme)
    #expect(page.contains(#"<meta name="color-scheme" content="\#(scheme.rawValue)">"#))
    let css = style(page)
    #expect(!css.contains("prefers-color-scheme"))
    // The dark palette's canvas colour is in a block that now always or never applies.
    let darkCanvas = try #require(css.range(of: "background-color: #0d1117"))
    let darkBlock = try #require(
      css.range(of: "@media ", options: .backwards, range: css.startIndex..<darkCanvas.lowerBound))
    let query = css[darkBlock.upperBound...].prefix { $0 != "{" }
    #expect(query.contains(scheme == .dark ? "min-width: 0px" : "max-width: -1px"))
  }

  @Test func settlingReadsTheQueryAsCSSDoes() {
    let css = "@media screen and ( Prefers-Color-Scheme :LIGHT ) { a { color: red } }"
    #expect(
      HTMLPage.settling(css, for: .dark)
        == "@media screen and (max-width: -1px) { a { color: red } }")
    #expect(
      HTMLPage.settling(css, for: .light)
        == "@media screen and (min-width: 0px) { a { color: red } }")
  }
}
