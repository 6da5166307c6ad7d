import Foundation
import RenderKit
import Testing

/// The page sets math in a math font, so that a browser's MathML renderer can stretch `√` and
/// enlarge `∑`, whichever scheme the page is shown in.
@Suite struct PageMathFontTests {
  @Test(arguments: [nil, ColorScheme.light, .dark])
  func thePagesStylesheetGivesMathAMathFontStack(scheme: ColorScheme?) throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    configuration.pageColorScheme = scheme
    let renderer = try Renderer(configuration: configuration)
    let page = try renderer.page(.markdown("$\\sqrt{x} + \\sum_i y_i$\n")).html
    #expect(page.contains("<math"))
    let stack = #"font-family: math, "STIX Two Math", "Latin Modern Math", "Cambria Math""#
    let rule = try #require(page.range(of: stack))
    let block = try #require(page[..<rule.lowerBound].range(of: "@media", options: .backwards))
    // In the block only a viewport applies, not in one scheme's.
    #expect(page[block.lowerBound...].hasPrefix("@media (min-width: 0px)"))
  }
}
