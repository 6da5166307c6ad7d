import Foundation
import Testing

@testable import RenderCommand

/// The man page (`render --help-man`, written to render.1 by `make docs`) says what
/// `render --help` says: every option with its description, and the usage lines.
@Suite struct ManualPageTests {
  /// One option as `--help` lists it: the syntax, then the description's lines joined.
  private struct HelpOption {
    var syntax: String
    var description: String
  }

  /// The options under `options:` in `--help`: a line that starts with two spaces and a `-`
  /// opens one, its description from the description column on (or on the next lines when the
  /// syntax reaches that column); an indented line goes on with the description.
  private static func options(inHelp help: String) -> [HelpOption] {
    var options: [HelpOption] = []
    var inOptions = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "options:" {
        inOptions = true
      } else if inOptions && line.isEmpty {
        break
      } else if inOptions && line.hasPrefix("  -") {
        // The syntax shares its line when it ends before the space ahead of the description.
        let space =
          line.index(line.startIndex, offsetBy: descriptionColumn - 1, limitedBy: line.endIndex)
          ?? line.endIndex
        let sharesTheLine = line.count > descriptionColumn && line[space] == " "
        let syntax = sharesTheLine ? line[..<space] : line[...]
        let description = sharesTheLine ? line[line.index(after: space)...] : ""
        options.append(
          HelpOption(syntax: collapsed(syntax), description: collapsed(description)))
      } else if inOptions, !options.isEmpty {
        options[options.count - 1].description = collapsed(
          options[options.count - 1].description + " " + line)
      }
    }
    return options
  }

  /// What a reader of the man page sees, roughly: macro lines dropped, font changes and
  /// escapes read back, white space collapsed.
  private static func readable(_ roff: String) -> String {
    let text = roff.split(separator: "\n").filter { !$0.hasPrefix(".") }.joined(separator: " ")
      .replacingOccurrences(of: #"\fB"#, with: "")
      .replacingOccurrences(of: #"\fI"#, with: "")
      .replacingOccurrences(of: #"\fR"#, with: "")
      .replacingOccurrences(of: #"\-"#, with: "-")
      .replacingOccurrences(of: #"\&"#, with: "")
      .replacingOccurrences(of: #"\e"#, with: #"\"#)
    return collapsed(text)
  }

  /// How many characters come before an option's description in `--help`.
  private static let descriptionColumn = 23

  private static func collapsed(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test("every option of --help is in the man page, with its description")
  func everyHelpOptionIsInTheManual() {
    let help = CommandRun(["--help"])
    let manual = CommandRun(["--help-man"])
    #expect(manual.status == .success)
    #expect(manual.output.hasPrefix(".TH RENDER 1 "))
    let options = Self.options(inHelp: help.output)
    // Enough to be the real list, not a parse that stopped early.
    #expect(options.count >= 30)
    #expect(options.contains { $0.syntax == "--table-of-contents-levels L" })
    let text = Self.readable(manual.output)
    for option in options {
      #expect(!option.description.isEmpty, "\(option.syntax)")
      #expect(text.contains(option.syntax + " " + option.description), "\(option.syntax)")
    }
    for usage in ["render [FILE|-] [options]", "render preview FILE [options]"] {
      #expect(help.output.contains(usage))
      #expect(text.contains(usage))
    }
  }

  @Test("the man page is roff that groff reads without a warning")
  func manualIsWellFormed() throws {
    guard
      let groff = ["/usr/bin/groff", "/bin/groff"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      print("groff is not installed; the roff check is skipped")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: groff)
    process.arguments = ["-man", "-Tutf8", "-ww", "-z"]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(CommandRun(["--help-man"]).output.utf8))
    try input.fileHandleForWriting.close()
    let messages = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(messages == "")
  }

  @Test func helpDoesNotListTheManualFlag() {
    #expect(!CommandRun(["--help"]).output.contains("--help-man"))
  }
}
