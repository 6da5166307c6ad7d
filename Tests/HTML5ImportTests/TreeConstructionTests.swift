import Foundation
import HTML5Import
import RenderCore
import TestSupport
import Testing

/// The HTML5 importer against html5lib's expected trees (read in place from
/// `../shared/html5lib-tests`), compared in ``TreeDump``'s reduced form.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct TreeConstructionTests {
  /// The cases (scripting-off ones; a fragment parsed in its context) whose tree must match:
  /// what MyHTML 4.0.5 achieves (96.8 %), so a regression fails; the target is 95 %.
  static let floor = 1709

  static func imported(_ testCase: TreeConstructionCase) throws -> Document {
    guard let context = testCase.fragmentContext else {
      return try HTML5Importer().importDocument(html: testCase.html)
    }
    let parts = context.split(separator: " ")
    let name = String(parts.last!)
    let namespace = parts.count > 1 ? String(parts[0]) : nil
    var html = testCase.html
    return try html.withUTF8 { bytes in
      try MyHTMLParser.parse(bytes, limits: .init(), context: (name, namespace))
    }
  }

  @Test func treesMatchHTML5LibExpectations() throws {
    let cases = try TreeConstructionCase.all().filter { !$0.assumesScripting }
    #expect(cases.count > 1700)
    var perFile: [String: (matched: Int, total: Int)] = [:]
    var differences: [String] = []
    for testCase in cases {
      let matched =
        try TreeDump.actual(Self.imported(testCase)) == TreeDump.expected(testCase.expected)
      perFile[testCase.file, default: (0, 0)].total += 1
      if matched {
        perFile[testCase.file, default: (0, 0)].matched += 1
      } else {
        differences.append("\(testCase.file) #\(testCase.index): \(testCase.html.debugDescription)")
      }
    }
    let matched = perFile.values.map(\.matched).reduce(0, +)
    let share = Double(matched) / Double(cases.count)
    let table = perFile.keys.sorted().map {
      "  \($0): \(perFile[$0]!.matched)/\(perFile[$0]!.total)"
    }
    print(
      "html5lib tree construction (HTML5 importer): \(matched) of \(cases.count) "
        + "(\(String(format: "%.1f", share * 100)) %)\n\(table.joined(separator: "\n"))\n"
        + "differing:\n\(differences.joined(separator: "\n"))")
    #expect(matched >= Self.floor && share >= 0.95, "\(matched) of \(cases.count) trees match")
  }

  @Test func dumpReducesExpectedTreesToWhatADocumentHolds() {
    let expected = [
      "<!DOCTYPE html>", "<html>", "  <head>", "  <body>", "    \"a\"", "    <!-- c -->",
      "    \"b\"", "    <svg svg>", "      viewBox=\"0 0 1 1\"", "      xlink href=\"#x\"",
      "    <template>", "      content", "        \"t\"",
    ]
    #expect(
      TreeDump.expected(expected) == [
        "<html>", "  <head>", "  <body>", "    \"ab\"", "    <svg>", "      viewbox=\"0 0 1 1\"",
        "      xlink:href=\"#x\"", "    <template>", "      \"t\"",
      ])
  }

  @Test func caseParserReadsMultiLineTextAndSections() {
    let source = """
      #data
      <pre>a

      b</pre>
      #errors
      (1,1): error
      #document-fragment
      td
      #document
      | <pre>
      |   "a

      b"

      #data
      x
      #script-on
      #document
      | "x"
      """
    let cases = TreeConstructionCase.parse(source, file: "t.dat")
    #expect(cases.count == 2)
    #expect(cases[0].html == "<pre>a\n\nb</pre>")
    #expect(cases[0].fragmentContext == "td")
    #expect(cases[0].expected == ["<pre>", "  \"a\n\nb\""])
    #expect(cases[1].assumesScripting)
    #expect(cases[1].expected == ["\"x\""])
  }
}
