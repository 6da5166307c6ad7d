import EngineCMark
import EngineDiscount
import Foundation
import HTMLImport
import RenderCore
import TestSupport
import Testing

/// The sanitizer against script payloads (every output re-parsed and checked against the
/// policy) and against harmless content (exact output).
@Suite struct HTMLSanitizerTests {
  let sanitizer = HTMLSanitizer()
  let checker = SanitizedOutputChecker(policy: .default)

  @Test("the payload fixtures are all there")
  func payloadCount() {
    #expect(SanitizerPayload.all.count >= 100)
    #expect(SanitizerPayload.harmless.count >= 15)
    #expect(SanitizerPayload.safetyVectors.count >= 40)
  }

  @Test(
    "no script vector survives, and sanitising again changes nothing",
    arguments: SanitizerPayload.all + SanitizerPayload.safetyVectors)
  func payload(_ payload: SanitizerPayload) throws {
    for html in try renderings(of: payload) {
      let clean = try sanitizer.sanitize(html: html)
      #expect(try checker.violations(in: clean) == [], "\(clean)")
      // Re-parsing may add an implied <p> around bare text once; after that it is stable.
      let again = try sanitizer.sanitize(html: clean)
      #expect(try sanitizer.sanitize(html: again) == again)
    }
  }

  @Test("harmless HTML survives unchanged", arguments: SanitizerPayload.harmless)
  func harmless(_ html: String) throws {
    #expect(try sanitizer.sanitize(html: html) == html)
  }

  @Test("both engines' output for an ordinary document survives unchanged")
  func engineOutput() throws {
    let markdown = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Render/sample.md"), encoding: .utf8)
    for engine in [CMarkEngine() as any MarkdownEngine, DiscountEngine()] {
      let html = try engine.render(markdown, options: RenderOptions()).html
      // cmark writes `"` in text as `&quot;`; the sanitizer writes it plainly: the same text.
      let expected = html.replacingOccurrences(of: "&quot;", with: "\"")
      #expect(try sanitizer.sanitize(html: html) == expected, "\(engine.descriptor.id)")
    }
  }

  @Test("disallowed wrappers give way to their text; script-like elements go with theirs")
  func unwrapping() throws {
    #expect(
      try sanitizer.sanitize(html: "<p><font color=red>a</font><u>b</u></p>") == "<p>a<u>b</u></p>")
    #expect(
      try sanitizer.sanitize(html: "<div><button>go</button><script>x</script></div>")
        == "<div>go</div>")
    #expect(try sanitizer.sanitize(html: "<p>a<svg><text>b</text></svg>c</p>") == "<p>ac</p>")
  }

  @Test("a custom policy admits what it lists, and only that")
  func customPolicy() throws {
    var policy = SanitizerPolicy.default
    policy.allowedElements.insert("video")
    policy.allowedAttributes["video"] = ["src", "controls"]
    policy.urlSchemes["src"] = ["https"]
    let custom = HTMLSanitizer(policy: policy)
    let html =
      #"<video src="https://a.example/v.mp4" controls onplay="x()"></video><img src="http://a.example/i.png">"#
    #expect(
      try custom.sanitize(html: html)
        == #"<video src="https://a.example/v.mp4" controls=""></video><img>"#)
  }

  @Test("100,000 nested elements sanitise without recursion")
  func deepNesting() throws {
    let depth = 100_000
    let html = String(repeating: "<b>", count: depth) + "deep"
    let clean = try sanitizer.sanitize(html: html)
    #expect(
      clean == String(repeating: "<b>", count: depth) + "deep"
        + String(repeating: "</b>", count: depth))
  }

  /// HTML as it is, Markdown through both engines with raw HTML let through.
  private func renderings(of payload: SanitizerPayload) throws -> [String] {
    guard payload.form == .markdown else { return [payload.input] }
    let options = RenderOptions(unsafe: true)
    return [
      try CMarkEngine().render(payload.input, options: options).html,
      try DiscountEngine().render(payload.input, options: options).html,
    ]
  }
}
