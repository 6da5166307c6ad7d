import Foundation
import TestSupport
import Testing

/// Compares terminal output with a golden file under `Tests/Fixtures/Terminal`.
///
/// Goldens are meant to be read: the escape character is stored as `␛` (U+241B). Set
/// `RENDER_UPDATE_GOLDENS=1` to rewrite them, then check the diff by eye.
enum TerminalGolden {
  static func check(
    _ output: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = SharedFixtures.fixture("Fixtures/Terminal/\(name).txt")
    let readable = output.replacingOccurrences(of: "\u{1B}", with: "\u{241B}")
    if ProcessInfo.processInfo.environment["RENDER_UPDATE_GOLDENS"] == "1" {
      try readable.write(to: url, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(readable == expected, "differs from \(name).txt", sourceLocation: sourceLocation)
  }
}
