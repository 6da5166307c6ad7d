import Foundation
import TestSupport
import Testing

/// Every example under Examples/ has a README.md with the exact command that runs it, from
/// the package's root folder: `swift run [--package-path FOLDER] PRODUCT ARGUMENTS`. The
/// product is an executable of the package the command builds, the paths it names exist, and
/// a product of this package is run with the README's arguments and must succeed (the
/// SiteBuilder's own package is built and tested by `make example`).
@Suite struct ExampleReadmeTests {
  static let root = SharedFixtures.packageRoot
  static let examples: [String] =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("Examples").path)) ?? []).sorted()

  /// The first command of the README's first `sh` block, split at spaces.
  static func command(in example: String) throws -> [String] {
    let readme = try String(
      contentsOf: root.appendingPathComponent("Examples/\(example)/README.md"), encoding: .utf8)
    let block = try #require(
      readme.components(separatedBy: "```sh\n").dropFirst().first?
        .components(separatedBy: "```").first, "\(example)/README.md has no sh block")
    let line = try #require(block.split(separator: "\n").first, "\(example): empty sh block")
    return line.split(separator: " ").map(String.init)
  }

  @Test func everyExampleHasOne() {
    #expect(Self.examples.count >= 2, "Examples/ holds \(Self.examples)")
  }

  @Test(arguments: examples)
  func theREADMECommandRunsTheExample(_ example: String) throws {
    var words = try Self.command(in: example)
    #expect(Array(words.prefix(2)) == ["swift", "run"], "\(words)")
    words.removeFirst(2)
    var packageFolder = Self.root
    if words.first == "--package-path" {
      packageFolder = Self.root.appendingPathComponent(words[1])
      words.removeFirst(2)
    }
    let product = try #require(words.first)
    let arguments = Array(words.dropFirst())
    let manifest = try String(
      contentsOf: packageFolder.appendingPathComponent("Package.swift"), encoding: .utf8)
    let compact = manifest.filter { !$0.isWhitespace }
    #expect(compact.contains(".executableTarget(name:\"\(product)\""), "\(product)")
    // Every argument that looks like a path (not a flag, not a number, not an output) exists.
    for argument in arguments where argument.contains("/") || argument.hasSuffix(".md") {
      if argument.hasPrefix("/tmp/") { continue }
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(argument).path),
        "\(example): \(argument)")
    }
    guard packageFolder == Self.root else { return }
    guard BuiltProducts.isBuilt(product) else {
      print("skipped: \(product) is not built (swift build builds it); its command not run")
      return
    }
    let run = try ProcessRun(
      BuiltProducts.executable(product), arguments, currentDirectory: Self.root)
    #expect(run.status == 0, "\(example): \(run.error)")
  }
}
