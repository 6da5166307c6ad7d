import Foundation
import RenderCore
import Testing

/// Writes a page for the browser check (`make check-browser`) until `render --to page` lands:
/// `RENDER_PAGE_FRAGMENT` (an HTML fragment file), `RENDER_PAGE_STYLESHEET` (a CSS file) and
/// `RENDER_PAGE_OUTPUT` (where the page goes). Skipped unless all three are set.
@Suite("HTML page export")
struct PageFileExportTests {
  private static let environment = ProcessInfo.processInfo.environment
  private static let isRequested = ["FRAGMENT", "STYLESHEET", "OUTPUT"].allSatisfy {
    environment["RENDER_PAGE_\($0)"] != nil
  }

  @Test(.enabled(if: isRequested, "RENDER_PAGE_FRAGMENT/STYLESHEET/OUTPUT not set"))
  func writePage() throws {
    let fragment = try String(
      contentsOfFile: Self.environment["RENDER_PAGE_FRAGMENT"]!, encoding: .utf8)
    let css = try String(
      contentsOfFile: Self.environment["RENDER_PAGE_STYLESHEET"]!, encoding: .utf8)
    let page = HTMLPage(
      fragment: HTMLFragment(html: fragment, engineID: "cmark"),
      stylesheet: try Stylesheet(css: css))
    let output = Self.environment["RENDER_PAGE_OUTPUT"]!
    try page.html.write(toFile: output, atomically: true, encoding: .utf8)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == page.html)
  }
}
