import Foundation
import RenderKit
import TestSupport
import Testing

/// The checklist for adding a built-in engine or importer (CONTRIBUTING.md), held: each
/// registered one has a fuzz target named by its registry id, `make fuzz` runs it, and the
/// hostile and payload suites take their arguments from the registries, so a new entry runs
/// through them without being named.
@Suite struct RegisteredComponentsChecklistTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: SharedFixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  static var registeredIDs: [String] {
    EngineRegistry.builtIn.engineIDs + ImporterRegistry.builtIn.importerIDs
  }

  /// The raw values of `FuzzTarget`'s cases: `case name` or `case name = "raw-value"`.
  static func fuzzTargets() throws -> Set<String> {
    let source = try text("Fuzz/Sources/render-fuzz/FuzzTarget.swift")
    var names: Set<String> = []
    for line in source.split(separator: "\n") {
      let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
      guard words.count >= 2, words[0] == "case", !words[1].hasPrefix(".") else { continue }
      if words.count >= 4, words[2] == "=" {
        names.insert(String(words[3].trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
      } else {
        names.insert(String(words[1]))
      }
    }
    return names
  }

  /// The targets `make fuzz` runs by default.
  static func makeFuzzTargets() throws -> Set<String> {
    let makefile = try text("Makefile").replacingOccurrences(of: "\\\n", with: " ")
    let line = try #require(
      makefile.split(separator: "\n").first { $0.hasPrefix("FUZZ_TARGETS ?=") })
    return Set(line.dropFirst("FUZZ_TARGETS ?=".count).split(separator: " ").map(String.init))
  }

  @Test("every registered engine and importer has a fuzz target, run by make fuzz")
  func fuzzTargets() throws {
    let targets = try Self.fuzzTargets()
    let made = try Self.makeFuzzTargets()
    #expect(targets.contains("cmark") && targets.contains("front-matter"), "\(targets)")
    for id in Self.registeredIDs {
      #expect(targets.contains(id), "\(id) has no case in FuzzTarget")
      #expect(made.contains(id), "make fuzz does not run \(id)")
    }
    #expect(made.isSubset(of: targets), "make fuzz names targets FuzzTarget lacks")
  }

  @Test("the hostile and payload suites take every engine and importer from the registries")
  func contractSuitesIterateTheRegistries() throws {
    let suites = [
      ("HostileInputTests/PathologicalInputTests.swift", "EngineRegistry.builtIn.engineIDs"),
      ("HostileInputTests/BenignDeadlineTests.swift", "EngineRegistry.builtIn.engineIDs"),
      ("RenderKitTests/PublicPayloadTests.swift", "EngineRegistry.builtIn.engineIDs"),
      ("HostileInputTests/HostileHTMLImportTests.swift", "ImporterRegistry.builtIn.importerIDs"),
    ]
    for (file, registry) in suites {
      #expect(try Self.text("Tests/\(file)").contains("arguments: \(registry)"), "\(file)")
    }
  }
}
