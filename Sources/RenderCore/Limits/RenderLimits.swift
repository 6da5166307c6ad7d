/// The budgets that keep hostile input from exhausting the host: input size, time, a worker's
/// memory, and output size.
///
/// The defaults suit untrusted documents on an ordinary machine:
/// - 64 MiB of Markdown: several times the largest real documents (a whole book in every
///   translation), and seconds of work for a linear engine.
/// - A scaled deadline: a render may use 0.25 s of processor time plus 0.35 s per megabyte of
///   input, so that a hostile document costs about what a benign one of its size costs. The
///   rate leaves a wide margin over the slowest built-in engine and importer on benign input
///   (docs/security.md says how it was chosen); a super-linear pattern reaches it early.
/// - 10 seconds of wall-clock time at most, whatever the size: the backstop for a worker that
///   waits rather than computes.
/// - 512 MiB of memory per render in a worker, or 48 times the input when that is more:
///   libcmark's node tree takes about 24 times dense Markdown.
/// - Output at most 64 times the input (and 1 MiB whatever the input): far above any real
///   document (HTML is 1–3 times its Markdown), far below a reference-expansion bomb.
///
/// The input limit is checked in every mode; the deadlines, the memory cap and the output cap
/// are enforced where an engine runs in a worker process (``IsolationMode/process``), because
/// a thread cannot be stopped safely.
///
/// Setting ``deadline`` turns the scaled deadline off: whoever sets it has decided how long a
/// render may take, whatever its size. Set ``scaledDeadline`` afterwards to keep both.
///
/// ```swift
/// var limits = RenderLimits()
/// limits.deadline = .seconds(2)  // a fixed deadline of 2 s for every input
/// limits.maximumInputBytes = 1 << 20  // larger input: RenderError.limitExceeded
/// ```
public struct RenderLimits: Sendable, Hashable {
  /// The largest Markdown input accepted, in UTF-8 bytes.
  public var maximumInputBytes: Int
  /// How long one render may take before its worker is stopped (isolation mode only), in
  /// wall-clock time; also the most processor time a ``scaledDeadline`` may give. Setting it
  /// turns the scaled deadline off.
  public var deadline: Duration {
    didSet { scaledDeadline = nil }
  }
  /// The processor time a render may use in its worker, growing with its input; nil for the
  /// fixed ``deadline`` alone.
  public var scaledDeadline: ScaledDeadline?
  /// How much memory one render may add to its worker process, at the least; an input of
  /// more than 1/48 of it gets 48 times its size.
  public var maximumWorkerMemoryBytes: Int
  /// How many times the input's size the output may be (never less than 1 MiB).
  public var maximumOutputRatio: Int

  /// The default input limit: 64 MiB.
  @usableFromInline package static let defaultMaximumInputBytes = 64 * 1024 * 1024
  /// The default deadline: 10 seconds.
  @usableFromInline package static let defaultDeadline = Duration.seconds(10)
  /// The default memory cap of a render in a worker: 512 MiB.
  @usableFromInline package static let defaultMaximumWorkerMemoryBytes = 512 * 1024 * 1024
  /// The default output ratio: 64 times the input.
  @usableFromInline package static let defaultMaximumOutputRatio = 64
  /// The limit named by ``RenderError/limitExceeded(limit:value:maximum:)`` for input.
  package static let inputLimitName = "input bytes"
  /// The limit named by ``RenderError/limitExceeded(limit:value:maximum:)`` for output.
  package static let outputLimitName = "output bytes"
  /// The limit named by ``RenderError/limitExceeded(limit:value:maximum:)`` for a worker's memory.
  package static let memoryLimitName = "worker memory bytes"

  /// Creates limits; every argument defaults to the documented default. A `deadline` given
  /// here is fixed: the scaled deadline applies only when it is left out.
  public init(
    maximumInputBytes: Int = RenderLimits.defaultMaximumInputBytes,
    deadline: Duration? = nil,
    maximumWorkerMemoryBytes: Int = RenderLimits.defaultMaximumWorkerMemoryBytes,
    maximumOutputRatio: Int = RenderLimits.defaultMaximumOutputRatio
  ) {
    self.maximumInputBytes = maximumInputBytes
    self.deadline = deadline ?? Self.defaultDeadline
    self.scaledDeadline = deadline == nil ? .default : nil
    self.maximumWorkerMemoryBytes = maximumWorkerMemoryBytes
    self.maximumOutputRatio = maximumOutputRatio
  }

  /// The memory a render of `inputBytes` may add to its worker: the larger of
  /// ``maximumWorkerMemoryBytes`` and 48 times the input.
  package func workerMemoryBytes(forInputBytes inputBytes: Int) -> Int {
    max(maximumWorkerMemoryBytes, inputBytes.multipliedReportingOverflow(by: 48).partialValue)
  }

  /// The largest output accepted for `inputBytes` of input: ``maximumOutputRatio`` times
  /// it, and at least 1 MiB.
  package func maximumOutputBytes(forInputBytes inputBytes: Int) -> Int {
    let (scaled, overflow) = inputBytes.multipliedReportingOverflow(by: maximumOutputRatio)
    return max(1 << 20, overflow ? Int.max : scaled)
  }

  /// The deadline in seconds, as configuration files and error messages state it.
  package var deadlineSeconds: Double { deadline.inSeconds }

  /// The processor time a render of `inputBytes` may use in its worker: the scaled deadline
  /// for that size, at most ``deadline``; nil when there is no scaled deadline.
  package func processorTime(forInputBytes inputBytes: Int) -> Duration? {
    scaledDeadline.map { min($0.processorTime(forInputBytes: inputBytes), deadline) }
  }

  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` when `markdown` is larger
  /// than ``maximumInputBytes``.
  package func checkInput(_ markdown: String) throws(RenderError) {
    try checkInput(byteCount: markdown.utf8.count)
  }

  /// ``checkInput(_:)`` for an input of `bytes` bytes.
  package func checkInput(byteCount bytes: Int) throws(RenderError) {
    guard bytes <= maximumInputBytes else {
      throw .limitExceeded(
        limit: Self.inputLimitName, value: bytes, maximum: maximumInputBytes)
    }
  }
}
