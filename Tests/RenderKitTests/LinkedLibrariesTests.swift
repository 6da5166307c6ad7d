import Foundation
import RenderKit
import TestSupport
import Testing

/// The C libraries that cost start-up time and serve only some paths are loaded on first use,
/// never linked, so a `render` that converts Markdown to HTML does not relocate them.
@Suite struct LinkedLibrariesTests {
  @Test(
    "libxml2, libmicrohttpd, gnutls, cmark-gfm, source-highlight, boost, ICU load on first use",
    .enabled(
      if: BuiltProducts.isBuilt("render") && BuiltProducts.isBuilt("render-worker"),
      "render and render-worker are not built: swift build first"),
    // Sonames' beginnings: boost_regex is libboost_regex.so.1.74.0, ICU libicuuc.so.72 and
    // two more (Foundation's own copy, lib_FoundationICU, is another name).
    arguments: ["render", "render-worker"],
    [
      "libxml2.", "libmicrohttpd.", "libgnutls.", "libcmark-gfm.", "libsource-highlight.",
      "libboost_", "libicu",
    ])
  func loadedOnFirstUse(executable: String, library: String) throws {
    // ldd lists what the loader maps when the executable starts, dependencies of dependencies
    // included. (The test binary is no witness: it links every module the tests import.)
    let listing = try #require(Self.linkedLibraries[executable] ?? nil)
    let sonames = listing.split(separator: "\n").compactMap {
      $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
    #expect(sonames.contains { $0.hasPrefix("libc.so") })
    #expect(!sonames.contains { $0.hasPrefix(library) }, "\(sonames)")
  }

  @Test("the libraries loaded on first use work once loaded")
  func loadedLibrariesWork() throws {
    let document = try HTMLImporter().importDocument(html: "<p>a <b>b</b></p>")
    #expect(document.textContent(of: document.root) == "a b")
    let renderer = try Renderer(configuration: RenderConfiguration())
    #expect(try renderer.html(.markdown("~~x~~")).html.contains("<del>x</del>"))
    let code = try renderer.html(.markdown("```c\nint x;\n```\n")).html
    #expect(code.contains("<span class=\"k\">int</span>"), "\(code)")
  }

  /// What ldd lists for each executable, run once for every library checked; nil when ldd
  /// could not run.
  private static let linkedLibraries: [String: String?] = Dictionary(
    uniqueKeysWithValues: ["render", "render-worker"].map { ($0, try? listLinkedLibraries($0)) })

  private static func listLinkedLibraries(_ executable: String) throws -> String {
    let ldd = Process()
    ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    ldd.arguments = [BuiltProducts.executable(executable).path]
    let output = Pipe()
    ldd.standardOutput = output
    try ldd.run()
    let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ldd.waitUntilExit()
    return listing
  }
}
