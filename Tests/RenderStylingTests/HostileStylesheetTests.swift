import RenderCore
import RenderStyling
import Testing

/// Input built to break parsers: each case must finish, keep what is valid, and say what it
/// dropped. (No timing: a quadratic parser shows up as a hang at these sizes.)
@Suite("Hostile stylesheets")
struct HostileStylesheetTests {
  private func paragraphColor(_ sheet: Stylesheet) throws -> String? {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    return try sheet.cascade(page.document, colorScheme: .light)[paragraph].color?.hex
  }

  @Test func deeplyNestedBracesAreSkippedWithoutRecursion() throws {
    let css = String(repeating: "{", count: 100_000) + "\np { color: red }"
    let sheet = try Stylesheet(css: css)
    #expect(
      sheet.diagnostics.map(\.description) == [
        "1:1: rule \"\" dropped: empty selector",
        "1:1: block not closed before the end of the stylesheet",
      ])
    #expect(try paragraphColor(sheet) == nil)
  }

  @Test func balancedDeepNestingRecoversAfterwards() throws {
    let depth = 100_000
    let css =
      "div " + String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
      + "\np { color: red }"
    let sheet = try Stylesheet(css: css)
    #expect(
      sheet.diagnostics.map(\.description) == [
        "1:6: nested rule \"\" dropped: nested blocks are not supported"
      ])
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func deeplyNestedUnclosedMediaBlocksStillApply() throws {
    let css = String(repeating: "@media all {\n", count: 100_000) + "p { color: red }"
    let sheet = try Stylesheet(css: css)
    #expect(sheet.diagnostics.count == 1001)
    #expect(
      sheet.diagnostics.first?.description
        == "1:1: @media block not closed before the end of the stylesheet")
    #expect(sheet.diagnostics[999].line == 1000)
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func diagnosticsPointingBackOnALongLineKeepTheirColumns() throws {
    // The block's "not closed" diagnostic comes after its declarations' and points 10,000
    // characters into the line, before them.
    let comment = "/*" + String(repeating: "é", count: 9996) + "*/"
    let declarations = (0..<900).map { "x\($0): 1;" }.joined()
    let sheet = try Stylesheet(css: comment + "p {" + declarations)
    #expect(sheet.diagnostics.count == 901)
    #expect(
      sheet.diagnostics[1].description == "1:10010: declaration \"x1: 1\" dropped: unknown property"
    )
    #expect(
      sheet.diagnostics.last?.description
        == "1:10003: block not closed before the end of the stylesheet")
  }

  @Test func manyStrayClosingBracesAreCountedNotListed() throws {
    let sheet = try Stylesheet(css: String(repeating: "}", count: 5000) + "p { color: red }")
    #expect(sheet.diagnostics.count == 1001)
    #expect(
      sheet.diagnostics.last?.message
        == "4000 further problems not listed (only the first 1000 are)")
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func oneHundredThousandSelectorsInOneRule() throws {
    let selectors = (0..<100_000).map { ".c\($0)" }.joined(separator: ", ")
    let sheet = try Stylesheet(css: selectors + ", p { color: red }")
    #expect(sheet.diagnostics.isEmpty)
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func oneHundredThousandRules() throws {
    let rules = (0..<100_000).map { "#id\($0) .c\($0 % 97) > p { color: #0000ff }" }.joined(
      separator: "\n")
    let sheet = try Stylesheet(css: rules + "\np { color: red }")
    #expect(sheet.diagnostics.isEmpty)
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func oneHundredThousandUnsupportedSelectors() throws {
    let rules = String(repeating: "a:hover { color: blue }\n", count: 100_000)
    let sheet = try Stylesheet(css: rules + "p { color: red }")
    #expect(sheet.diagnostics.count == 1001)
    #expect(sheet.diagnostics[999].line == 1000)
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func megabyteStringsAndComments() throws {
    let long = String(repeating: "x", count: 1_000_000)
    let css = "p { font-family: \"\(long)\" } /* \(long) */ p { color: red }"
    let sheet = try Stylesheet(css: css)
    #expect(sheet.diagnostics.isEmpty)
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let style = try sheet.cascade(page.document, colorScheme: .light)[paragraph]
    #expect(style.fontFamily.first?.count == 1_000_000)
    #expect(style.color?.hex == "#ff0000")
  }

  @Test func unterminatedStringAtTheEnd() throws {
    let sheet = try Stylesheet(
      css: "p { color: red }\na { font-family: \"" + String(repeating: "y", count: 1_000_000))
    #expect(
      sheet.diagnostics.map(\.description).first?.hasPrefix(
        "2:18: declaration \"font-family: \"yyyy")
        == true)
    #expect(sheet.diagnostics.count == 2)
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func unterminatedCommentSwallowsTheRest() throws {
    let sheet = try Stylesheet(css: "p { color: red }\n/*\np { color: blue }")
    #expect(
      sheet.diagnostics.map(\.description) == [
        "2:1: comment not closed before the end of the stylesheet"
      ])
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func unbalancedParenthesesAndBrackets() throws {
    let css = "p { color: rgb(((((( } [[[[ { color: blue } p { font-weight: bold } p { color: red }"
    let sheet = try Stylesheet(css: css)
    #expect(
      sheet.diagnostics.map(\.message) == [
        "declaration \"color: rgb((((((\" dropped: rgb( is not closed with \")\"",
        "rule \"[[[[\" dropped: attribute selector without a name",
      ])
    #expect(try paragraphColor(sheet) == "#ff0000")
  }

  @Test func garbageBytesNeverCrash() throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("{}();:'\"/*!@\\,.#[]=> \n\tpa-1%éz")
    for _ in 0..<50 {
      let css = String(
        (0..<2000).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let sheet = try Stylesheet(css: css + "\n}}}}}p { color: red }")
      #expect(sheet.source.hasSuffix("p { color: red }"))
      for diagnostic in sheet.diagnostics {
        #expect(diagnostic.line >= 1 && diagnostic.column >= 1)
      }
    }
  }

  @Test func deepDocumentCascadesWithoutRecursion() throws {
    var document = Document()
    var parent = document.root
    for level in 0..<100_000 {
      parent = document.appendElement(
        level % 3 == 0 ? "ul" : level % 3 == 1 ? "li" : "div", to: parent)
    }
    document.appendText("leaf", to: parent)
    let styles = try Stylesheet.default.cascade(document, colorScheme: .light)
    #expect(styles.styleIndices.count == document.nodes.count)
    #expect(styles[parent].listStyleType == .square)
    #expect(styles.uniqueStyles.count < 20)
  }

  /// `'div '`×100,000 over 10,000 nested `<div>`: matching stops at the work budget with an
  /// error naming it, after at most one element's worth of work beyond it.
  @Test func longSelectorOverDeepDocumentStopsAtTheWorkBudget() throws {
    let length = 100_000
    let sheet = try Stylesheet(css: String(repeating: "div ", count: length) + "{color:red}")
    var document = Document()
    var parent = document.root
    for _ in 0..<10_000 { parent = document.appendElement("div", to: parent) }
    document.appendText("leaf", to: parent)
    let budget = 5_000_000
    #expect {
      try sheet.cascade(document, colorScheme: .light, maximumWork: budget)
    } throws: { error in
      guard case .limitExceeded(let limit, let value, let maximum)? = error as? RenderError
      else { return false }
      return limit.contains("cascade work") && maximum == budget && value > budget
        && value <= budget + 2 * length + 10_000
    }
  }

  /// The same selector over a shallow document is within the default budget and still matches
  /// at the right depth only.
  @Test func longSelectorOverShallowDocumentIsCounted() throws {
    let sheet = try Stylesheet(css: String(repeating: "div ", count: 1_000) + "{color:red}")
    var document = Document()
    var parent = document.root
    var levels: [Document.NodeID] = []
    for _ in 0..<1_001 {
      parent = document.appendElement("div", to: parent)
      levels.append(parent)
    }
    let styles = try sheet.cascade(document, colorScheme: .light)
    #expect(styles[levels[998]].color == nil)
    #expect(styles[levels[999]].color?.hex == "#ff0000")
    #expect(styles.matchingWork > 1_000 * 1_000)
    #expect(styles.matchingWork < 4 * 1_001 * 1_000)
  }

  /// `'li ~ '`×100,000 over 10,000 sibling `<li>`: the sibling sets and the parts tried are
  /// counted, so matching stops at the budget too.
  @Test func longSiblingChainOverWideDocumentStopsAtTheWorkBudget() throws {
    let length = 100_000
    let sheet = try Stylesheet(css: String(repeating: "li ~ ", count: length) + "li {color:red}")
    var document = Document()
    let list = document.appendElement("ul", to: document.root)
    for _ in 0..<10_000 { document.appendText("x", to: document.appendElement("li", to: list)) }
    let budget = 5_000_000
    #expect {
      try sheet.cascade(document, colorScheme: .light, maximumWork: budget)
    } throws: { error in
      guard case .limitExceeded(let limit, let value, let maximum)? = error as? RenderError
      else { return false }
      return limit.contains("cascade work") && maximum == budget && value > budget
        && value <= budget + 4 * length + 10_000
    }
  }

  /// A 300-compound `~` chain over 400 siblings is within the default budget and matches from
  /// the 300th item on.
  @Test func siblingChainOverShallowDocumentMatchesAtTheRightPlace() throws {
    let sheet = try Stylesheet(css: String(repeating: "li ~ ", count: 299) + "li {color:red}")
    var document = Document()
    let list = document.appendElement("ul", to: document.root)
    let items = (0..<400).map { _ in document.appendElement("li", to: list) }
    let styles = try sheet.cascade(document, colorScheme: .light)
    #expect(styles[items[298]].color == nil)
    #expect(styles[items[299]].color?.hex == "#ff0000")
    #expect(styles[items[399]].color?.hex == "#ff0000")
  }

  /// 20,000 distinct `:nth-child()` conditions over 2,000 siblings: each condition tried at each
  /// new place is work, and the budget stops it.
  @Test func manyPositionConditionsStopAtTheWorkBudget() throws {
    let css = (1...20_000).map { ":nth-child(\($0))" }.joined(separator: ", ") + " {color:red}"
    let sheet = try Stylesheet(css: css)
    var document = Document()
    let list = document.appendElement("ul", to: document.root)
    for _ in 0..<2_000 { document.appendElement("li", to: list) }
    #expect(throws: RenderError.self) {
      try sheet.cascade(document, colorScheme: .light, maximumWork: 5_000_000)
    }
  }

  @Test func absurdNumbersInEveryUnit() throws {
    let css = """
      p { font-size: 1e400px; margin: -1e30em; line-height: 1e99; padding: 99999999999% }
      p { color: rgb(1e300, -1e300, 0) }
      """
    let sheet = try Stylesheet(css: css)
    #expect(sheet.diagnostics.count == 4)
    #expect(try paragraphColor(sheet) == "#ff0000")
  }
}
