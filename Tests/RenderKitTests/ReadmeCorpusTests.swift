import Foundation
import RenderKit
import TestSupport
import Testing

/// The 16 real READMEs of `../shared/corpus/readmes` as pages with the defaults: every in-page
/// link lands on an element, and no text that GitHub's allowlist keeps is lost against
/// cmark-gfm's own HTML with raw HTML let through (`--unsafe`), each difference listed with
/// its reason.
@Suite struct ReadmeCorpusTests {
  static let folder = SharedFixtures.url("corpus/readmes")

  static var readmes: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Links the authors wrote to headings their documents do not have (GitHub's page does not
  /// land on them either): file name → fragment.
  static let missingTargets: Set<String> = [
    "alamofire-README.md#donations",  // no "Donations" heading
    "alamofire-Usage.md#configuring-the-sorting-of-encoded-parameters",  // "…Encoded Values"
  ]

  static func renderer(_ change: (inout RenderConfiguration) -> Void = { _ in }) throws
    -> Renderer
  {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    change(&configuration)
    return try Renderer(configuration: configuration)
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func theReadmesAreThere() {
    #expect(Self.readmes.count == 17)
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func everyInPageLinkLands() throws {
    let renderer = try Self.renderer()
    var dangling: [String] = []
    var links = 0
    for url in Self.readmes {
      let page = try renderer.page(.markdown(String(contentsOf: url, encoding: .utf8))).html
      links += page.components(separatedBy: " href=\"#").count - 1
      for fragment in AllowedHTMLTests.danglingFragments(in: page) {
        let unprefixed = fragment.replacingOccurrences(of: "user-content-", with: "")
        if !Self.missingTargets.contains("\(url.lastPathComponent)#\(unprefixed)") {
          dangling.append("\(url.lastPathComponent)#\(fragment)")
        }
      }
    }
    #expect(links > 200, "only \(links) in-page links")
    #expect(dangling.isEmpty, "\(dangling)")
  }

  /// Text of the reference (cmark-gfm, raw HTML let through, no tagfilter) that the default
  /// render lacks, by reason: the allowlist drops an element's content only for what GitHub
  /// drops (script, style, frames, SVG, comments…); any other loss fails.
  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func noAllowlistedTextIsLost() throws {
    let reference = try Self.renderer {
      $0.options.unsafe = true
      $0.disabledExtensions = [.tagFilter]
    }
    let renderer = try Self.renderer()
    var lost: [String: [String]] = [:]
    var compared = 0
    for url in Self.readmes {
      let markdown = try String(contentsOf: url, encoding: .utf8)
      let ours = Self.normalized(try renderer.document(.markdown(markdown)).textContent(of: 0))
      let theirs = try reference.document(.markdown(markdown))
      for (text, container) in Self.textNodes(of: theirs) {
        compared += 1
        guard !ours.contains(text) else { continue }
        let reason =
          SanitizerPolicy.gitHub.removedWithContent.contains(container)
          ? "GitHub drops <\(container)> with its content" : "lost from <\(container)>"
        lost[reason, default: []].append("\(url.lastPathComponent): \(text.prefix(60))")
      }
    }
    #expect(compared > 5_000)
    let unexplained = lost.filter { $0.key.hasPrefix("lost") }
    #expect(unexplained.isEmpty, "\(unexplained)")
  }

  /// Each non-blank text node of `document`, whitespace collapsed, with the name of the
  /// outermost element around it that the allowlist removes with its content (else its parent).
  static func textNodes(of document: Document) -> [(String, String)] {
    var result: [(String, String)] = []
    for id in document.nodes.indices where document.nodes[id].kind == .text {
      let text = normalized(document.nodes[id].text)
      guard !text.isEmpty else { continue }
      var container = document.nodes[document.nodes[id].parent ?? 0].name
      var ancestor = document.nodes[id].parent
      while let current = ancestor {
        if SanitizerPolicy.gitHub.removedWithContent.contains(document.nodes[current].name) {
          container = document.nodes[current].name
        }
        ancestor = document.nodes[current].parent
      }
      result.append((text, container))
    }
    return result
  }

  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
