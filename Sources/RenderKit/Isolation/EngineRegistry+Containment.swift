import RenderCore

extension EngineRegistry {
  /// This registry with every engine held to `limits`, and run in a worker process where
  /// `isolation` says: `nil` (the tools' default) isolates exactly the engines whose descriptor
  /// says they are not safe on hostile input; ``IsolationMode/process`` isolates all;
  /// ``IsolationMode/inProcess`` none (only the input limit applies then).
  ///
  /// Only built-in engines can run in a worker; asking to isolate another throws
  /// ``RenderError/invalidConfiguration(source:key:problem:)``. A missing worker executable
  /// (see ``IsolatedEngine``) is reported by the first render that needs it, saying what to
  /// do; nothing falls back to in-process silently.
  ///
  /// ```swift
  /// let registry = try EngineRegistry.builtIn.contained(limits: RenderLimits(deadline: .seconds(10)))
  /// let discount = try registry.engine(id: "discount")  // an IsolatedEngine
  /// ```
  public func contained(
    limits: RenderLimits = RenderLimits(), isolation: IsolationMode? = nil,
    workerExecutable: String? = nil
  ) throws(RenderError) -> EngineRegistry {
    var contained = EngineRegistry()
    for engine in engines {
      let isolate =
        switch isolation {
        case nil: !engine.descriptor.isSafeOnHostileInput
        case .process: true
        case .inProcess: false
        }
      guard isolate else {
        contained.register(InputLimitedEngine(engine, limits: limits))
        continue
      }
      let id = engine.descriptor.id
      guard EngineRegistry.builtIn.engineIDs.contains(id) else {
        throw .invalidConfiguration(
          source: "isolation", key: id,
          problem:
            "only the built-in engines (\(EngineRegistry.builtIn.engineIDs.joined(separator: ", "))) "
            + "can run in a worker process; choose in-process isolation for this engine")
      }
      contained.register(
        try IsolatedEngine(engineID: id, limits: limits, workerExecutable: workerExecutable))
    }
    return contained
  }
}
