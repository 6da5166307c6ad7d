import Foundation
import RenderKit

/// What the last build wrote, so that unchanged outputs are reused: for each output path,
/// the fingerprint of its source and of the settings that shaped it.
struct BuildManifest: Codable, Sendable {
  static let fileName = ".site-builder-manifest.json"

  var fingerprints: [String: Fingerprint] = [:]
  var titles: [String: String] = [:]

  static func load(from folder: URL) -> BuildManifest {
    let url = folder.appendingPathComponent(fileName)
    guard let data = try? Data(contentsOf: url) else { return BuildManifest() }
    return (try? JSONDecoder().decode(BuildManifest.self, from: data)) ?? BuildManifest()
  }

  func save(to folder: URL) throws(RenderError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    do {
      try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName))
    } catch {
      throw .fileUnreadable(
        path: folder.path, reason: "the build manifest cannot be written (\(error))")
    }
  }
}
