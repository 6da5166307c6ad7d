import Foundation
import Testing

/// `site-builder` beside the test runner, in `.build/<configuration>/`.
private let builtSiteBuilder: URL = URL(fileURLWithPath: CommandLine.arguments[0])
  .resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("site-builder")

/// The built `site-builder`, as a user runs it: it ships nothing but itself, and a hostile
/// page fails on its own with a clear error within the deadline while the others build.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: builtSiteBuilder.path),
    "SKIPPED: site-builder is not built; run `swift build` in Examples/SiteBuilder first"))
struct SiteBuilderExecutableTests {
  @Test("1.2 MB of `[a](` fails alone within the deadline; nothing besides the app is needed")
  func hostileFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hostile-site-\(UUID().uuidString)")
    let source = folder.appendingPathComponent("src")
    let bin = folder.appendingPathComponent("bin")
    for directory in [source, bin] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(String(repeating: "[a](", count: 300_000).utf8).write(
      to: source.appendingPathComponent("hostile.md"))
    try Data("# Fine\n\nAn *ordinary* page.\n".utf8).write(
      to: source.appendingPathComponent("fine.md"))
    try Data(#"{"engine": "discount", "deadline": 2}"#.utf8).write(
      to: folder.appendingPathComponent("render.json"))
    // The app alone in its folder, and no worker path in its environment.
    let app = bin.appendingPathComponent("site-builder")
    try FileManager.default.copyItem(at: builtSiteBuilder, to: app)
    let process = Process()
    process.executableURL = app
    process.arguments = [source.path, folder.appendingPathComponent("out").path]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.filter {
      $0.key != "RENDER_WORKER_PATH"
    }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    let start = ContinuousClock.now
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(process.terminationStatus == 1)
    #expect(
      message
        == "site-builder: hostile.md: discount did not finish within 2 s and was stopped; "
        + "raise the deadline, or try another engine for this input.\n")
    let page = try String(
      contentsOf: folder.appendingPathComponent("out/fine.html"), encoding: .utf8)
    #expect(page.contains("<em>ordinary</em>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: bin.path) == ["site-builder"])
  }
}
