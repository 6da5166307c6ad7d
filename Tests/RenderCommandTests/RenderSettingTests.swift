import Foundation
import RenderKit
import TestSupport
import Testing

@testable import RenderCommand

/// Every entry of the one settings table works under each of its names: its flag is in
/// `render --help` with its help, its `render.json` key takes a good value and refuses a bad
/// one, the two set the same thing, and docs/cli.md names both; and nothing that the reader
/// or the command line takes is left out of the tables.
@Suite struct RenderSettingTests {
  /// The keys of the settings that have a flag.
  private static let flagged = RenderSetting.all.filter { $0.flag != nil }.map(\.key)

  /// The options of the command alone, not settings: what to read and write, and how to show
  /// it on a terminal.
  private static let commandOptions: Set<String> = [
    "--from", "--to", "--width", "--color", "--config", "--linked-stylesheets", "-o",
    "--output", "--watch", "--stream", "--port", "--list-engines", "--list-languages", "--version",
    "-h",
    "--help",
  ]

  private static func setting(_ key: String) throws -> RenderSetting {
    try #require(RenderSetting.all.first { $0.key == key })
  }

  /// `render.json` text that gives the setting `value` (JSON text) and nothing else.
  private static func json(_ setting: RenderSetting, _ value: String) -> Data {
    let member = #""\#(setting.name)": \#(value)"#
    return Data(
      (setting.object.isEmpty ? "{\(member)}" : #"{"\#(setting.object)": {\#(member)}}"#).utf8)
  }

  /// The problem of a configuration that fails with an invalid key, and the key.
  private static func failure(_ data: Data) -> (key: String?, problem: String)? {
    do {
      _ = try RenderConfiguration.parse(data, source: "render.json")
      return nil
    } catch {
      guard case .invalidConfiguration(_, let key, let problem) = error else { return nil }
      return (key, problem)
    }
  }

  private static func collapsed(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test("render --help lists the flag with its value, its help and its default", arguments: flagged)
  func help(key: String) throws {
    let setting = try Self.setting(key)
    let flag = try #require(setting.flag)
    let help = CommandRun(["--help"]).output
    let syntax = "\n  " + flag + (setting.valueName.map { " " + $0 } ?? "")
    #expect(help.contains(syntax + " ") || help.contains(syntax + "\n"), "\(flag)")
    #expect(!setting.help.isEmpty, "\(flag)")
    for line in setting.help { #expect(help.contains(line + "\n"), "\(flag): \(line)") }
    if let shown = setting.shownDefault {
      #expect(Self.collapsed(setting.help.joined(separator: " ")).contains(shown), "\(flag)")
    }
  }

  @Test(
    "the render.json key takes the valid sample and refuses the invalid one",
    arguments: RenderSetting.all.map(\.key))
  func key(key: String) throws {
    let setting = try Self.setting(key)
    let parsed = try RenderConfiguration.parse(
      Self.json(setting, setting.validSample), source: "render.json")
    // The sample is not the default, so a key that were read and dropped would show.
    #expect(parsed != RenderConfiguration(), "\(key)")
    let failure = try #require(Self.failure(Self.json(setting, setting.invalidSample)))
    #expect(failure.key == key)
    #expect(!failure.problem.contains("unknown key"), "\(key): \(failure.problem)")
  }

  @Test("the flag sets what the key sets", arguments: flagged)
  func flagMatchesKey(key: String) throws {
    let setting = try Self.setting(key)
    let flag = try #require(setting.flag)
    let sample = try JSONDecoder().decode(JSONValue.self, from: Data(setting.validSample.utf8))
    let value: [String]
    switch sample {
    case .string(let text): value = [text]
    case .number: value = [setting.validSample]
    case .bool(true): value = []
    case .array(let items):
      guard case .string(let text) = items.first else { Issue.record("\(key)"); return }
      value = [text]
    default:
      Issue.record("\(key): a sample the command line cannot give")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-setting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let context = CommandContext(
      readStandardInput: { _ in Data() }, writeOutput: { _ in }, writeError: { _ in },
      environment: [:], currentDirectory: folder.path, outputIsTerminal: false,
      errorIsTerminal: false)
    let arguments = try RenderArguments(parsing: [flag] + value + ["notes.md"])
    #expect(arguments.input == "notes.md")
    var fromFlag = try RenderCommand.configuration(for: arguments, context: context)
    let fromKey = try RenderConfiguration.parse(
      Self.json(setting, setting.validSample), source: "render.json")
    // Only the file names itself as the engine's source.
    fromFlag.engineSource = fromKey.engineSource
    #expect(fromFlag == fromKey, "\(flag)")
    #expect(fromFlag != RenderConfiguration(), "\(flag)")
  }

  /// The error that stops a render at the worker's memory cap says how to raise the cap, by
  /// the names a user can set: the flag and the `render.json` key.
  @Test func workerMemoryErrorNamesTheSetting() throws {
    let setting = RenderSetting.maximumWorkerMemoryBytes
    let flag = try #require(setting.flag)
    let message = RenderError.limitExceeded(
      limit: RenderLimits.memoryLimitName, value: 600 << 20, maximum: 512 << 20
    ).description
    #expect(message.contains(flag + " "), "\(message)")
    #expect(message.contains("\"\(setting.key)\" in render.json"), "\(message)")
    let limited = CommandRun(["--worker-memory", "16777216", "--list-engines"])
    #expect(limited.status == .success, "\(limited.error)")
    let refused = CommandRun(["--worker-memory", "1024", "-"], input: Data("x".utf8))
    #expect(
      refused.status == .usage && refused.error.contains("--worker-memory"), "\(refused.error)")
  }

  @Test("docs/cli.md names every flag and every render.json key")
  func documented() throws {
    let docs = try String(
      contentsOf: SharedFixtures.packageRoot.appendingPathComponent("docs/cli.md"),
      encoding: .utf8)
    for setting in RenderSetting.all {
      #expect(docs.contains("| `\(setting.key)` |"), "\(setting.key)")
      if let flag = setting.flag { #expect(docs.contains("| `\(flag)"), "\(flag)") }
    }
  }

  @Test("every key render.json takes is a setting, a switch or the object that holds them")
  func everyKeyIsInATable() throws {
    func validKeys(_ json: String) throws -> [String] {
      let failure = try #require(Self.failure(Data(json.utf8)))
      let list = try #require(failure.problem.components(separatedBy: "valid keys here: ").last)
      return list.components(separatedBy: ", ")
    }
    let top = try validKeys(#"{"unknown": 1}"#)
    #expect(top.count >= 15)
    for key in top {
      let known = RenderSetting.all.contains { $0.key == key || $0.object == key }
      #expect(known, "\(key)")
    }
    let options = try validKeys(#"{"options": {"unknown": 1}}"#)
    for key in options {
      let known =
        RenderSwitch.all.contains { $0.key == key }
        || RenderSetting.all.contains { $0.key == "options.\(key)" }
      #expect(known, "options.\(key)")
    }
  }

  @Test("every option of render --help is a setting, a switch or the command's own")
  func everyFlagIsInATable() {
    let help = CommandRun(["--help"]).output
    let flags = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
      line.split(separator: " ").prefix { $0.hasPrefix("-") }.map {
        String($0.trimmingCharacters(in: [","]))
      }
    }
    #expect(flags.count >= 30)
    for flag in flags {
      let known =
        Self.commandOptions.contains(flag) || RenderSetting.all.contains { $0.flag == flag }
        || RenderSwitch.all.contains { $0.flag == flag }
      #expect(known, "\(flag)")
    }
  }

  @Test("a refused value is a usage error naming the flag, the value and what it takes")
  func refusedFlagValues() {
    for setting in RenderSetting.all where setting.flag != nil && setting.kind != .boolean {
      let flag = setting.flag ?? ""
      let run = CommandRun([flag, "\u{1F4A5}"])
      if setting.key == RenderSetting.engine.key {
        // Engines are checked against the registry, with a hint to list them.
        #expect(run.error.contains("unknown engine"))
        continue
      }
      let free = [RenderSetting.title, .language, .baseURL, .stylesheet, .importer].map(\.key)
      if free.contains(setting.key) { continue }
      #expect(run.status == .usage, "\(flag)")
      #expect(run.error.hasPrefix("render: \(flag) "), "\(flag): \(run.error)")
      #expect(run.error.contains("\"\u{1F4A5}\""), "\(flag): \(run.error)")
    }
  }
}
