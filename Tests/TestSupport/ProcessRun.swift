import Foundation

/// Runs an executable to completion with input on stdin, capturing stdout, stderr and status.
public struct ProcessRun: Sendable {
  /// The exit status (or 128 + signal when killed).
  public let status: Int32
  /// Standard output.
  public let output: Data
  /// Standard error, decoded.
  public let error: String

  /// Standard output, decoded.
  public var outputText: String { String(decoding: output, as: UTF8.self) }

  /// Runs `executable` with `arguments`, feeding `input`, in `environment` (nil: inherited).
  public init(
    _ executable: URL, _ arguments: [String], input: Data = Data(),
    environment: [String: String]? = nil, currentDirectory: URL? = nil
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    // Write and read on separate threads so that large inputs and outputs cannot deadlock.
    let writer = Thread {
      try? standardInput.fileHandleForWriting.write(contentsOf: input)
      try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = ErrorCollector(standardError.fileHandleForReading)
    output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    error = String(decoding: errorData.finish(), as: UTF8.self)
    status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
  }
}

/// Reads a pipe to its end on a background thread.
private final class ErrorCollector: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }.start()
  }

  func finish() -> Data {
    done.wait()
    return data
  }
}
