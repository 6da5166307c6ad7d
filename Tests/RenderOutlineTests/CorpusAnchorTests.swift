import Foundation
import RenderOutline
import TestSupport
import Testing

/// The READMEs in `../shared/corpus/readmes` link to their own headings as their authors saw
/// them on GitHub (`[Usage](#usage)`): those links are GitHub's anchors, written down. Every
/// such link must find its heading among the outline's anchors.
@Suite struct CorpusAnchorTests {
  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func inDocumentLinksFindTheirHeadings() throws {
    let folder = SharedFixtures.url("corpus/readmes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
    var checked = 0
    var missing: [String] = []
    for file in files {
      let markdown = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let anchors = Set(
        Outline(document: try MarkdownDocument.make(markdown, unsafe: true)).headings.map(\.anchor))
      for fragment in Self.fragmentLinks(in: markdown) {
        checked += 1
        if !anchors.contains(fragment) { missing.append("\(file): #\(fragment)") }
      }
    }
    print("in-document links: \(checked - missing.count) of \(checked) find their heading")
    #expect(checked > 200)
    #expect(missing == Self.knownBroken, "links without a heading: \(missing)")
  }

  /// Links whose heading does not exist on GitHub either (checked by reading the document):
  /// Alamofire's README lists "Donations" but has no such heading, and its Usage guide's
  /// "Configuring the Sorting of Encoded Parameters" heading is now "… Encoded Values".
  static let knownBroken: [String] = [
    "alamofire-README.md: #donations",
    "alamofire-Usage.md: #configuring-the-sorting-of-encoded-parameters",
  ]

  /// The targets of `](#…)` links, percent-decoded.
  static func fragmentLinks(in markdown: String) -> [String] {
    var fragments: [String] = []
    var rest = markdown[...]
    while let start = rest.range(of: "](#") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(where: { $0 == ")" || $0 == " " || $0 == "\n" }) else {
        break
      }
      let raw = String(rest[..<end])
      fragments.append(raw.removingPercentEncoding ?? raw)
      rest = rest[end...]
    }
    return fragments
  }
}
