import Foundation
import RenderCommand
import RenderCore

/// Runs a command in-process with captured streams.
struct CommandRun {
  let status: ExitStatus
  let output: String
  let error: String

  init(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
    currentDirectory: String = FileManager.default.temporaryDirectory.path,
    outputIsTerminal: Bool = false, terminalBackground: String? = nil,
    inputIsTerminal: Bool = false,
    command: ([String], CommandContext) -> ExitStatus = RenderCommand.run
  ) {
    let output = Locked(Data())
    let error = Locked("")
    let context = CommandContext(
      readStandardInput: { _ in input },
      writeOutput: { data in output.withLock { $0.append(data) } },
      writeError: { text in error.withLock { $0 += text } },
      environment: environment, currentDirectory: currentDirectory,
      outputIsTerminal: outputIsTerminal, errorIsTerminal: false,
      queryTerminalBackground: { terminalBackground }, inputIsTerminal: inputIsTerminal)
    status = command(arguments, context)
    self.output = String(decoding: output.withLock { $0 }, as: UTF8.self)
    self.error = error.withLock { $0 }
  }
}
