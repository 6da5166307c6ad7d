import Foundation
import TestSupport
import Testing

/// The libxml2 importer's shim declares the part of libxml2's ABI it uses instead of including
/// libxml2's headers (Sources/CHTMLParser/LibXML2Loader.h): those would need an unsafe include
/// flag, which a package used as a dependency may not carry. Here the declarations are compiled
/// against the installed headers, whose layouts they must match field for field.
@Suite struct LibXML2DeclarationsTests {
  static let headers = "/usr/include/libxml2/libxml/HTMLparser.h"

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: headers),
      "SKIPPED: libxml2-dev's headers are not installed (make deps)"))
  func shimDeclarationsMatchTheInstalledHeaders() throws {
    let check = try ProcessRun(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "cc", "-fsyntax-only", "-I/usr/include/libxml2",
        "-I" + SharedFixtures.packageRoot.appendingPathComponent("Sources/CHTMLParser").path,
        SharedFixtures.fixture("Fixtures/LibXML2Declarations.c").path,
      ])
    #expect(check.status == 0, "\(check.error)")
  }
}
