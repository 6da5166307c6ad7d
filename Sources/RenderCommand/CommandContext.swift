import Foundation
import RenderKit

/// What a command reads and writes, so tests can run it without a process: standard input,
/// standard output and error, the environment and the working directory.
package struct CommandContext: Sendable {
  /// Reads all of standard input, throwing once more than the given number of bytes arrive
  /// (reading stops there).
  package var readStandardInput: @Sendable (_ maximumBytes: Int) throws(RenderError) -> Data
  /// Writes to standard output; a failed write (a full disk) throws.
  package var writeOutput: @Sendable (Data) throws(RenderError) -> Void
  /// Writes to standard error.
  package var writeError: @Sendable (String) -> Void
  /// Standard output when it is a regular file or `/dev/null` (where a write never waits for
  /// a reader), for a worker to write the HTML to itself; nil otherwise, and in tests that
  /// collect the output through ``writeOutput``.
  package var outputFile: OutputFile?
  /// The environment variables.
  package var environment: [String: String]
  /// The working directory.
  package var currentDirectory: String
  /// Whether standard output is a terminal.
  package var outputIsTerminal: Bool
  /// Standard input's descriptor, for commands that read it as it arrives (`render batch`);
  /// nil in tests, which give all of it through ``readStandardInput``.
  package var standardInputDescriptor: Int32?
  /// Whether standard input is a terminal (reading from it gets a one-line hint first).
  package var inputIsTerminal: Bool
  /// Whether standard error is a terminal (progress is shown only then).
  package var errorIsTerminal: Bool
  /// The terminal's width in columns when standard output is one.
  package var terminalColumns: Int?
  /// Waits until the user stops a long-running command (`render preview`, `--watch`): in a
  /// process, until SIGINT or SIGTERM; tests pass their own.
  package var waitForTermination: @Sendable () -> Void
  /// Asks the terminal for its background colour (an OSC 11 reply, or nil): in a process,
  /// only when standard input and output are both a terminal; tests pass their own.
  package var queryTerminalBackground: @Sendable () -> String?

  /// Creates a context from its parts.
  package init(
    readStandardInput: @escaping @Sendable (_ maximumBytes: Int) throws(RenderError) -> Data,
    writeOutput: @escaping @Sendable (Data) throws(RenderError) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    environment: [String: String], currentDirectory: String,
    outputIsTerminal: Bool, errorIsTerminal: Bool, terminalColumns: Int? = nil,
    waitForTermination: @escaping @Sendable () -> Void = TerminationSignal.wait,
    queryTerminalBackground: @escaping @Sendable () -> String? = { nil },
    inputIsTerminal: Bool = false, outputFile: OutputFile? = nil
  ) {
    self.outputFile = outputFile
    self.inputIsTerminal = inputIsTerminal
    self.readStandardInput = readStandardInput
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.terminalColumns = terminalColumns
    self.waitForTermination = waitForTermination
    self.queryTerminalBackground = queryTerminalBackground
  }

  /// The running process's real standard streams, environment and directory.
  package static var process: CommandContext {
    var context = CommandContext(
      readStandardInput: { (maximumBytes) throws(RenderError) in
        try LimitedInput.read(descriptor: STDIN_FILENO, maximumBytes: maximumBytes)
      },
      writeOutput: { (data) throws(RenderError) in try OutputFile.standardOutput.write(data) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) },
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
      terminalColumns: columns(of: STDOUT_FILENO),
      queryTerminalBackground: { TerminalBackgroundQuery.ask() },
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      outputFile: OutputFile.standardOutput.isFileOrNull ? .standardOutput : nil)
    context.standardInputDescriptor = STDIN_FILENO
    return context
  }

  private static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
