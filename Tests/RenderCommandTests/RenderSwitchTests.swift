import Foundation
import RenderKit
import Testing

@testable import RenderCommand

/// Every entry of the one switch table works under each of its names: the flag, the
/// `render.json` key and the help line, and turns on its own option and no other.
@Suite struct RenderSwitchTests {
  private let context = CommandContext(
    readStandardInput: { _ in Data() }, writeOutput: { _ in }, writeError: { _ in },
    environment: [:], currentDirectory: FileManager.default.temporaryDirectory.path,
    outputIsTerminal: false, errorIsTerminal: false)

  @Test("the flag turns on its option and no other", arguments: RenderSwitch.all.map(\.key))
  func flag(key: String) throws {
    let entry = try #require(RenderSwitch.all.first { $0.key == key })
    let arguments = try RenderArguments(parsing: [entry.flag, "notes.md"])
    #expect(arguments.input == "notes.md")
    let options = try RenderCommand.configuration(for: arguments, context: context).options
    for other in RenderSwitch.all {
      #expect(options[keyPath: other.option] == (other.key == key), "\(other.key)")
    }
  }

  @Test(
    "the render.json key turns on its option and no other", arguments: RenderSwitch.all.map(\.key))
  func configurationKey(key: String) throws {
    let json = Data(#"{"options": {"\#(key)": true}}"#.utf8)
    let options = try RenderConfiguration.parse(json, source: "render.json").options
    for other in RenderSwitch.all {
      #expect(options[keyPath: other.option] == (other.key == key), "\(other.key)")
    }
  }

  @Test("the key is the option's own name, as the API documents it")
  func keysAreTheOptionNames() {
    for entry in RenderSwitch.all {
      #expect("\(entry.option)" == "\\RenderOptions.\(entry.key)")
    }
  }

  @Test("an engine switch needs its feature; a switch the renderer applies needs none")
  func features() {
    for entry in RenderSwitch.all {
      var options = RenderOptions()
      options[keyPath: entry.option] = true
      #expect(options.requiredFeatures == (entry.feature.map { [$0] } ?? []), "\(entry.key)")
    }
  }

  @Test("help describes every switch and names every extension, within the help's width")
  func help() {
    let help = CommandRun(["--help"]).output
    for entry in RenderSwitch.all {
      #expect(help.contains("\n  \(entry.flag) "), "\(entry.flag)")
      #expect(help.contains(entry.help[0]), "\(entry.flag)")
    }
    for feature in RenderFeature.extensions {
      #expect(help.contains(feature.rawValue), "\(feature)")
    }
    let widest = help.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 96)
  }
}
