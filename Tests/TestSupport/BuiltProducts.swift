import Foundation

/// Finds the package's executables built next to the running test bundle, so end-to-end
/// tests run the real binaries (`render`, `renderbench`, …) that `swift build` produced.
public enum BuiltProducts {
  /// The build products folder, e.g. `.build/debug`.
  public static let directory: URL = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    // On some platforms the runner sits inside the .xctest bundle.
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS"
      || folder.lastPathComponent == "Contents"
    {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  /// The URL of the executable `name`.
  public static func executable(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }

  /// Whether the executable `name` was built (`swift build` builds every product; a bare
  /// `swift test --filter` may not).
  public static func isBuilt(_ name: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: executable(name).path)
  }
}
