import RenderCore
import RenderStyling
import Testing

/// `--name` custom properties and `var()`, resolved per element at computed-value time.
@Suite("Custom properties")
struct CustomPropertyTests {
  /// `body > div.outer > p.inner`, returning the paragraph's style under `css`.
  private func paragraph(_ css: String) throws -> ComputedStyle {
    var page = StylingTestDocument()
    let outer = page.element("div", ["class": "outer"])
    let inner = page.element("p", ["class": "inner"], text: "x", under: outer)
    return try page.style(of: inner, css: css)
  }

  @Test(arguments: [
    (":root { --c: #ff0000 } p { color: var(--c) }", "#ff0000"),
    ("p { color: var(--missing, #0000ff) }", "#0000ff"),
    ("p { color: var(--a, var(--b, #008000)) }", "#008000"),
    ("p { --b: #00ff00; color: var(--a, var(--b, #008000)) }", "#00ff00"),
    ("div { --c: #ff0000 } .outer { --c: #0000ff } p { color: var(--c) }", "#0000ff"),
    ("div { --c: #ff0000 } p { --c: #123456; color: var(--c) }", "#123456"),
    ("p { --a: #abcdef; --b: var(--a); color: var(--b) }", "#abcdef"),
    ("p { color: VAR( --c ) } body { --c: #111111 }", "#111111"),
    ("p { --c: 1px solid; color: rgb(var(--n), 0, 0); --n: 255 }", "#ff0000"),
  ])
  func substitutedColour(css: String, hex: String) throws {
    #expect(try paragraph(css).color?.hex == hex, "\(css)")
  }

  @Test func shorthandsAndLengthsTakeSubstitutedText() throws {
    let style = try paragraph(
      ":root { --m: 4px 8px; --size: 2em } div { font-size: 10px } p { margin: var(--m);"
        + " font-size: var(--size) }")
    #expect(style.margin.top == 4)
    #expect(style.margin.right == 8)
    #expect(style.fontSize == 20)
  }

  @Test(arguments: [
    "p { --a: var(--b); --b: var(--a); color: var(--a) }",
    "p { --c: 12px; color: var(--c) }",
    "p { color: var(--nowhere) }",
    "p { color: var(c) }",
  ])
  func invalidAfterSubstitutionIsUnset(css: String) throws {
    // `unset` on an inherited property inherits: the body's colour.
    #expect(try paragraph("body { color: #008000 } " + css).color?.hex == "#008000", "\(css)")
  }

  @Test func varIsNoLongerDiagnosed() throws {
    let sheet = try Stylesheet(css: "p { color: var(--x); --y: whatever 1 2 3; margin: var(--m) }")
    #expect(sheet.diagnostics.isEmpty)
  }

  @Test func exponentialGrowthStopsAtTheLengthLimit() throws {
    // Each level repeats the one before 16 times: the fourth is 256 KB, past the limit, so it
    // and everything built on it are invalid, and the fallback applies.
    let sixteen = { (name: String) in String(repeating: "var(--\(name))", count: 16) }
    let css =
      "p { --a: \(String(repeating: "a", count: 64)); --b: \(sixteen("a")); --c: \(sixteen("b"));"
      + " --d: \(sixteen("c")); --e: \(sixteen("d")); color: var(--e, #ff0000) }"
    let styles = try paragraph(css)
    #expect(styles.color?.hex == "#ff0000")
  }

  @Test func longReferenceChainsEnd() throws {
    let chain = (1..<2_000).map { "--v\($0): var(--v\($0 - 1));" }.joined()
    let style = try paragraph(
      "body { color: #008000 } p { --v0: #ff0000; \(chain) color: var(--v1999) }")
    // Deeper than the substitution's depth bound: invalid, so inherited.
    #expect(style.color?.hex == "#008000")
  }
}
