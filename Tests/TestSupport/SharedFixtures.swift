import Foundation
import Testing

/// Locates the read-only reference material in `../shared` beside the package, read in place.
///
/// Tests that need it use `.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing)`,
/// so a machine without it reports them as skipped, loudly, instead of passing.
/// `RENDER_SHARED_DIR` overrides the location.
public enum SharedFixtures {
  /// The package's root directory (found from this file's path).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `shared` directory.
  public static let directory: URL = {
    if let override = ProcessInfo.processInfo.environment["RENDER_SHARED_DIR"] {
      return URL(fileURLWithPath: override)
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  }()

  /// Whether the directory is there.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent("README.md").path)
  }

  /// The reason shown when the tests that need it are skipped.
  public static let missing: Comment =
    "SKIPPED: ../shared (CommonMark spec, corpus, html5lib inputs) is missing beside the package"

  /// The URL of a file inside `shared`, e.g. `"commonmark/spec-0.30.json"`.
  public static func url(_ relativePath: String) -> URL {
    directory.appendingPathComponent(relativePath)
  }

  /// The contents of a file inside `shared`.
  public static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: url(relativePath))
  }

  /// The URL of a fixture under `Tests/`, e.g. `"Fixtures/Import/lists.html"`.
  public static func fixture(_ relativePath: String) -> URL {
    packageRoot.appendingPathComponent("Tests").appendingPathComponent(relativePath)
  }
}
