import Foundation

/// A fresh folder under the temporary directory for one test, removed when dropped.
final class ScratchFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("render-preview-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The absolute path of `name` inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` in place (truncate and write, as many editors do).
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  /// Writes `text` to a new file and renames it over `name`, as editors that save atomically do.
  func replace(_ name: String, with text: String) throws {
    let target = URL(fileURLWithPath: file(name))
    let temporary = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).swp").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, file(name)) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }
}
