import RenderCore
import RenderStyling
import Testing

@Suite("Stylesheet parser")
struct StylesheetParserTests {
  private func diagnostics(_ css: String) throws -> [String] {
    try Stylesheet(css: css).diagnostics.map(\.description)
  }

  @Test func validStylesheetHasNoDiagnostics() throws {
    let css = """
      /* comment */ @charset "utf-8";
      p { color: red; margin: 0 }
      <!-- h1 { font-weight: bold } -->
      @media screen { em { font-style: normal } }
      @font-face { font-family: X; src: url(x.woff) }
      a { border: 1px solid; --accent: red; -webkit-text-size-adjust: none }
      """
    #expect(try diagnostics(css) == [])
  }

  @Test func invalidDeclarationIsDroppedAndTheRestKept() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let css = "p {\n  color: nope;\n  font-size: 20px\n}"
    let sheet = try Stylesheet(css: css)
    #expect(
      sheet.diagnostics.map(\.description) == [
        "2:3: declaration \"color: nope\" dropped: \"nope\" is not a colour"
      ])
    #expect(try sheet.cascade(page.document, colorScheme: .light)[paragraph].fontSize == 20)
  }

  @Test func diagnosticsCarryLineAndColumn() throws {
    let css = "a { colr: red }\nb {\n  font-weight: heavy; }\n  p:hover { color: red }\n"
    #expect(
      try diagnostics(css) == [
        "1:5: declaration \"colr: red\" dropped: unknown property",
        "3:3: declaration \"font-weight: heavy\" dropped: \"heavy\" is not a font weight",
        "4:3: rule \"p:hover\" ignored for styled text: \":hover\" needs a pointer, focus or"
          + " browsing history",
      ])
  }

  @Test func columnsCountCharactersNotBytes() throws {
    #expect(
      try diagnostics("/* é中 */ p { x: 1 }") == [
        "1:14: declaration \"x: 1\" dropped: unknown property"
      ])
  }

  @Test func recoversAtSemicolonAndBrace() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let css = "p { color: ; font-weight: bold; ; : red; font-style: italic }"
    let sheet = try Stylesheet(css: css)
    #expect(
      sheet.diagnostics.map(\.description) == [
        "1:5: declaration \"color:\" dropped: the value is empty",
        "1:35: declaration \": red\" dropped: it does not start with a property name",
      ])
    let style = try sheet.cascade(page.document, colorScheme: .light)[paragraph]
    #expect(style.fontWeight == 700)
    #expect(style.italic)
  }

  @Test func missingColonIsReported() throws {
    #expect(
      try diagnostics("p { color red }") == [
        "1:5: declaration \"color red\" dropped: \":\" expected after \"color\""
      ])
  }

  @Test func strayClosingBraceIsSkipped() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let sheet = try Stylesheet(css: "} p { color: red }")
    #expect(sheet.diagnostics.map(\.description) == ["1:1: unexpected \"}\" ignored"])
    #expect(
      try sheet.cascade(page.document, colorScheme: .light)[paragraph].color?.hex == "#ff0000")
  }

  @Test func selectorWithoutBlockIsDropped() throws {
    #expect(
      try diagnostics("p } em { color: red }\nstrong")
        == [
          "1:1: rule \"p\" dropped: no \"{\" follows the selector",
          "2:1: rule \"strong\" dropped: no \"{\" follows the selector",
        ])
  }

  @Test func unclosedBlockKeepsItsDeclarations() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let sheet = try Stylesheet(css: "p { color: red")
    #expect(
      sheet.diagnostics.map(\.description) == [
        "1:3: block not closed before the end of the stylesheet"
      ])
    #expect(
      try sheet.cascade(page.document, colorScheme: .light)[paragraph].color?.hex == "#ff0000")
  }

  @Test func unterminatedCommentIsReported() throws {
    #expect(
      try diagnostics("p { color: red }\n/* never closed") == [
        "2:1: comment not closed before the end of the stylesheet"
      ])
  }

  @Test func unterminatedStringDropsItsDeclaration() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let sheet = try Stylesheet(
      css: "p { font-family: \"Open Sans;\n color: red; font-weight: bold }")
    #expect(
      sheet.diagnostics.map(\.description) == [
        "1:18: declaration \"font-family: \"Open Sans; color: red\" dropped: unterminated string"
      ])
    let style = try sheet.cascade(page.document, colorScheme: .light)[paragraph]
    #expect(style.color == nil)
    #expect(style.fontWeight == 700)
  }

  @Test func nestedRulesAreDropped() throws {
    #expect(
      try diagnostics("p { color: red; &:hover { color: blue } font-weight: bold }")
        == ["1:17: nested rule \"&:hover\" dropped: nested blocks are not supported"])
  }

  @Test func unknownAtRulesAreReported() throws {
    #expect(
      try diagnostics("@foo bar;\n@frobnicate { p { color: red } }\n@import url(x.css);\n@media")
        == [
          "1:1: unknown at-rule @foo ignored",
          "2:1: unknown at-rule @frobnicate ignored with its block",
          "3:1: @import ignored: imported stylesheets are not loaded; inline them",
          "4:1: at-rule @media dropped: neither \";\" nor a block follows",
        ])
  }

  @Test func invalidMediaQueryDropsItsBlock() throws {
    #expect(
      try diagnostics("@media screen or print { p { color: red } }")
        == ["1:1: @media block dropped: expected \"and\" in media query, found \"or\""])
  }

  @Test func unclosedMediaBlockIsReportedAndApplied() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let sheet = try Stylesheet(css: "@media all {\n p { color: red }")
    #expect(
      sheet.diagnostics.map(\.description) == [
        "1:1: @media block not closed before the end of the stylesheet"
      ])
    #expect(
      try sheet.cascade(page.document, colorScheme: .light)[paragraph].color?.hex == "#ff0000")
  }

  @Test func strictModeThrowsTheFirstProblem() {
    #expect(
      throws: RenderError.invalidStylesheet(
        line: 2, column: 5, problem: "declaration \"colr: red\" dropped: unknown property")
    ) {
      try Stylesheet(css: "p { color: red }\na { colr: red; x: y }", strict: true)
    }
  }

  @Test func strictModeAcceptsValidCSS() throws {
    let sheet = try Stylesheet(css: "p { color: red !important }", strict: true)
    #expect(sheet.diagnostics.isEmpty)
    #expect(sheet.source == "p { color: red !important }")
    #expect(!sheet.hasDarkVariant)
  }

  @Test func escapesInNamesAreDecoded() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", ["class": "a:b"], text: "x")
    let sheet = try Stylesheet(css: ".a\\:b { c\\olor: red }")
    #expect(sheet.diagnostics.isEmpty)
    #expect(
      try sheet.cascade(page.document, colorScheme: .light)[paragraph].color?.hex == "#ff0000")
  }

  @Test func equalityFollowsTheSource() throws {
    #expect(try Stylesheet(css: "p{}") == Stylesheet(css: "p{}"))
    #expect(try Stylesheet(css: "p{}") != Stylesheet(css: "a{}"))
  }
}
