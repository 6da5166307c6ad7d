import Foundation
import RenderKit

/// The `renderbench` tool: compares Markdown engines, HTML import and parity in one run.
///
/// The executable is only this call; everything it does is in this module, where tests
/// reach it.
///
/// ```swift
/// exit(RenderBench.main(Array(CommandLine.arguments.dropFirst())))
/// ```
public enum RenderBench {
  /// Runs the tool with `arguments` (without the program name), printing the report on
  /// standard output and errors on standard error; returns the exit status
  /// (0 done, 1 error or regression, 2 unknown engine or option).
  public static func main(_ arguments: [String]) -> Int32 {
    if arguments.first == "stream" { return StreamBenchmark.main(Array(arguments.dropFirst())) }
    let command = BenchCommand(
      registry: .builtIn, stages: .builtIn, progress: .standardError)
    let outcome = command.run(arguments)
    FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
    FileHandle.standardError.write(Data(outcome.standardError.utf8))
    return outcome.status
  }
}
