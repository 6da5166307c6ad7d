/// The budgets that keep hostile input from exhausting the host: input size and time.
///
/// The defaults suit untrusted documents on an ordinary machine:
/// - 64 MiB of Markdown: about six times an 11 MB corpus of a whole book in every translation
///   (progit), and about two seconds of work for a linear engine (cmark runs at about
///   80 MB/s, Discount at about 30 MB/s).
/// - 10 seconds: several times what the largest allowed input takes with a linear engine, so
///   only a super-linear pattern or a hang reaches it.
///
/// The input limit is checked in every mode; the deadline is enforced where an engine runs
/// in a worker process (``IsolationMode/process``), because a thread cannot be stopped safely.
///
/// ```swift
/// var limits = RenderLimits()
/// limits.deadline = .seconds(2)
/// limits.maximumInputBytes = 1 << 20  // larger input: RenderError.limitExceeded
/// ```
public struct RenderLimits: Sendable, Hashable {
  /// The largest Markdown input accepted, in UTF-8 bytes.
  public var maximumInputBytes: Int
  /// How long one render may take before its worker is stopped (isolation mode only).
  public var deadline: Duration

  /// The default input limit: 64 MiB.
  @usableFromInline package static let defaultMaximumInputBytes = 64 * 1024 * 1024
  /// The default deadline: 10 seconds.
  @usableFromInline package static let defaultDeadline = Duration.seconds(10)

  /// Creates limits; every argument defaults to the documented default.
  public init(
    maximumInputBytes: Int = RenderLimits.defaultMaximumInputBytes,
    deadline: Duration = RenderLimits.defaultDeadline
  ) {
    self.maximumInputBytes = maximumInputBytes
    self.deadline = deadline
  }

  /// The deadline in seconds, as configuration files and error messages state it.
  package var deadlineSeconds: Double {
    let parts = deadline.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` when `markdown` is larger
  /// than ``maximumInputBytes``.
  package func checkInput(_ markdown: String) throws(RenderError) {
    let bytes = markdown.utf8.count
    guard bytes <= maximumInputBytes else {
      throw .limitExceeded(limit: "input bytes", value: bytes, maximum: maximumInputBytes)
    }
  }
}
