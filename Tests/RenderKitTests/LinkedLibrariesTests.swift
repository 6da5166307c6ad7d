import Foundation
import RenderKit
import TestSupport
import Testing

/// The C libraries that cost start-up time and serve only some paths are loaded on first use,
/// never linked, so a `render` that converts Markdown to HTML does not relocate them.
@Suite struct LinkedLibrariesTests {
  @Test(
    "libxml2, libmicrohttpd (with gnutls) and cmark-gfm are loaded when first used",
    .enabled(if: BuiltProducts.isBuilt("render"), "render is not built: swift build first"),
    // Not ICU: the highlighter's libsource-highlight links it through boost_regex, and is
    // linked itself (docs/design.md, "Run-time linking tricks", says what that costs).
    arguments: ["libxml2", "libmicrohttpd", "libgnutls", "libcmark-gfm"])
  func loadedOnFirstUse(library: String) throws {
    // ldd lists what the loader maps when `render` starts, dependencies of dependencies
    // included. (The test binary is no witness: it links every module the tests import,
    // the highlighter's ICU-linked regex library among them.)
    let listing = try #require(Self.linkedLibraries)
    #expect(listing.contains("libc.so"))
    #expect(!listing.contains(library + "."))
  }

  @Test("the libraries loaded on first use work once loaded")
  func loadedLibrariesWork() throws {
    let document = try HTMLImporter().importDocument(html: "<p>a <b>b</b></p>")
    #expect(document.textContent(of: document.root) == "a b")
    let renderer = try Renderer(configuration: RenderConfiguration())
    #expect(try renderer.html(.markdown("~~x~~")).html.contains("<del>x</del>"))
  }

  /// What ldd lists for this test binary, run once for every library checked; nil when ldd
  /// could not run.
  private static let linkedLibraries: String? = try? listLinkedLibraries()

  private static func listLinkedLibraries() throws -> String {
    let ldd = Process()
    ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    ldd.arguments = [BuiltProducts.executable("render").path]
    let output = Pipe()
    ldd.standardOutput = output
    try ldd.run()
    let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ldd.waitUntilExit()
    return listing
  }
}
