/// Where an engine runs: in the host process, or in a worker process that can be stopped.
///
/// The raw values are the names used in configuration and on the command line. When none is
/// chosen, the tools isolate exactly the engines whose descriptor says they are not safe on
/// hostile input (see `EngineRegistry.contained(limits:isolation:workerExecutable:)`).
///
/// ```swift
/// let registry = try EngineRegistry.builtIn.contained(isolation: .process)
/// ```
public enum IsolationMode: String, Sendable, Hashable, CaseIterable {
  /// The engine runs in the host; only the input limit applies (a thread cannot be stopped).
  case inProcess
  /// The engine runs in a `render-worker` process that is killed when the deadline passes;
  /// a crash there is reported as `RenderError.engineCrashed`.
  case process
}
