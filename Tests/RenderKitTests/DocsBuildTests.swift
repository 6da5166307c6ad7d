import Foundation
import TestSupport
import Testing

/// `make docs` builds only what the documentation reads (the `render` product: its modules
/// include RenderKit's and RenderPreview's, and its --help-man is the man page), never the
/// whole package, and keeps failing on an undocumented public symbol and on a link DocC
/// cannot resolve. Running it takes a build and DocC (tens of seconds to minutes), so this
/// reads the Makefile and scripts/docs.sh; running `make docs` with a planted undocumented
/// function and a planted ``NoSuchSymbol`` link fails, naming each.
@Suite struct DocsBuildTests {
  static func read(_ path: String) throws -> String {
    try String(
      contentsOf: SharedFixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func makeDocsBuildsOnlyRender() throws {
    let makefile = try Self.read("Makefile")
    let rule = try #require(
      makefile.components(separatedBy: "\ndocs:").dropFirst().first?
        .components(separatedBy: "\n\n").first)
    let prerequisites = rule.prefix { $0 != "\n" }.split(separator: " ")
    #expect(prerequisites == ["deps"], "make docs depends on \(prerequisites)")
    let script = try Self.read("scripts/docs.sh")
    let builds = script.split(separator: "\n").filter {
      $0.contains("$SWIFT build") && !$0.contains("--show-bin-path")
    }
    #expect(builds.count == 1, "\(builds)")
    #expect(builds.allSatisfy { $0.hasSuffix("--product render") }, "\(builds)")
  }

  @Test func makeDocsStillFailsOnUndocumentedSymbolsAndBrokenLinks() throws {
    let script = try Self.read("scripts/docs.sh")
    #expect(script.contains("python3 scripts/undocumented-symbols.py"))
    #expect(script.contains("-skip-inherited-docs"))
    #expect(script.contains("--warnings-as-errors"))
    #expect(script.hasPrefix("#!/bin/sh") && script.contains("\nset -eu\n"))
  }
}
