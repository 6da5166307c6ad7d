import Foundation
import RenderCommand
import TestSupport
import Testing

/// `--language` and `--base-url` reach the page; a base URL that could run script is refused.
@Suite struct PageFlagsTests {
  @Test func languageAndBaseURLReachThePage() {
    let run = CommandRun(
      ["--to", "page", "--language", "en-GB", "--base-url", "https://example.com/a/"],
      input: Data("[b](b.html)".utf8))
    #expect(run.status == .success)
    #expect(run.output.contains("<html lang=\"en-GB\">"))
    #expect(run.output.contains("<base href=\"https://example.com/a/\">"))
  }

  @Test func aDangerousBaseURLIsAnError() {
    let run = CommandRun(
      ["--to", "page", "--base-url", "javascript:alert(1)"], input: Data("x".utf8))
    #expect(run.status == .failure)
    #expect(run.error.contains("baseURL"))
    #expect(!run.output.contains("javascript:"))
  }
}
