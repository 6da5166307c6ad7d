import Foundation

/// What a command reads and writes, so tests can run it without a process: standard input,
/// standard output and error, the environment and the working directory.
public struct CommandContext: Sendable {
  /// Reads all of standard input.
  public var readStandardInput: @Sendable () -> Data
  /// Writes to standard output.
  public var writeOutput: @Sendable (Data) -> Void
  /// Writes to standard error.
  public var writeError: @Sendable (String) -> Void
  /// The environment variables.
  public var environment: [String: String]
  /// The working directory.
  public var currentDirectory: String
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (progress is shown only then).
  public var errorIsTerminal: Bool
  /// The terminal's width in columns when standard output is one.
  public var terminalColumns: Int?

  /// Creates a context from its parts.
  public init(
    readStandardInput: @escaping @Sendable () -> Data,
    writeOutput: @escaping @Sendable (Data) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    environment: [String: String], currentDirectory: String,
    outputIsTerminal: Bool, errorIsTerminal: Bool, terminalColumns: Int? = nil
  ) {
    self.readStandardInput = readStandardInput
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.terminalColumns = terminalColumns
  }

  /// The running process's real standard streams, environment and directory.
  public static var process: CommandContext {
    CommandContext(
      readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
      writeOutput: { FileHandle.standardOutput.write($0) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) },
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
      terminalColumns: columns(of: STDOUT_FILENO))
  }

  private static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
