import Foundation
import TestSupport

/// One case of html5lib's tree-construction tests (`../shared/html5lib-tests/*.dat`): the input,
/// its fragment context if any, whether it assumes scripting, and the expected tree as
/// ``TreeDump`` lines.
struct TreeConstructionCase {
  var file: String
  var index: Int
  var html: String
  /// `#document-fragment`: the context element, e.g. `td` or `svg path`.
  var fragmentContext: String?
  /// `#script-on`: the expected tree assumes scripting, which styled text never has.
  var assumesScripting = false
  /// The expected `#document` lines, without the leading `| `.
  var expected: [String] = []

  /// Every case of every `.dat` file, in file order.
  static func all() throws -> [TreeConstructionCase] {
    let directory = SharedFixtures.url("html5lib-tests")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".dat") }.sorted()
    var cases: [TreeConstructionCase] = []
    for file in files {
      let contents = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      cases += parse(contents, file: file)
    }
    return cases
  }

  /// The cases of one `.dat` file: `#data` up to the next section is the input; `#document`
  /// lines start with `| `, and a text node with newlines continues on lines without it.
  static func parse(_ contents: String, file: String) -> [TreeConstructionCase] {
    var cases: [TreeConstructionCase] = []
    var section = ""
    var data: [Substring] = []
    for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "#data" {
        cases.append(TreeConstructionCase(file: file, index: cases.count, html: ""))
        section = "#data"
        data = []
        continue
      }
      guard !cases.isEmpty else { continue }
      let last = cases.count - 1
      let continuesText =
        section == "#document" && !line.hasPrefix("| ")
        && (cases[last].expected.last.map(TreeDump.isOpenText) ?? false)
      if line.hasPrefix("#"), !continuesText {
        if section == "#data" { cases[last].html = data.joined(separator: "\n") }
        section = String(line)
        if section == "#script-on" { cases[last].assumesScripting = true }
        continue
      }
      switch section {
      case "#data": data.append(line)
      case "#document-fragment": cases[last].fragmentContext = String(line)
      case "#document" where line.hasPrefix("| "):
        cases[last].expected.append(String(line.dropFirst(2)))
      case "#document" where continuesText:
        cases[last].expected[cases[last].expected.count - 1] += "\n" + line
      default: break
      }
    }
    return cases
  }
}
