import Foundation
import TestSupport

/// One attack from `Tests/Fixtures/Sanitizer/script-payloads.json`, as HTML or as Markdown.
struct SanitizerPayload: Decodable, Sendable, CustomStringConvertible {
  enum Form: String, Decodable, Sendable {
    case html
    case markdown
  }

  let form: Form
  let input: String

  var description: String { "\(form): \(input)" }

  static let all: [SanitizerPayload] = load("Fixtures/Sanitizer/script-payloads.json")

  /// The other suites' script vectors (`Tests/Fixtures/Safety`), read as HTML.
  static let safetyVectors: [SanitizerPayload] = {
    let url = SharedFixtures.fixture("Fixtures/Safety/script-vectors.json")
    let inputs = (try? JSONDecoder().decode([String].self, from: Data(contentsOf: url))) ?? []
    return inputs.map { SanitizerPayload(form: .html, input: $0) }
  }()

  /// Harmless HTML that must come through unchanged (`Fixtures/Sanitizer/harmless.json`).
  static let harmless: [String] = load("Fixtures/Sanitizer/harmless.json")

  private static func load<Value: Decodable>(_ path: String) -> [Value] {
    let url = SharedFixtures.fixture(path)
    return (try? JSONDecoder().decode([Value].self, from: Data(contentsOf: url))) ?? []
  }
}
