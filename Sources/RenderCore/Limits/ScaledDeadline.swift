/// A deadline that grows with the input: a base plus a rate per megabyte, counted in the
/// processor time a render's worker uses.
///
/// Processor time rather than wall-clock time, so that a benign document on a busy machine is
/// not stopped for waiting its turn, while a hostile one is stopped after about the work a
/// benign document of its size needs.
///
/// ```swift
/// var limits = RenderLimits()
/// limits.scaledDeadline = ScaledDeadline(base: .seconds(1), perMegabyte: .seconds(1))
/// ```
public struct ScaledDeadline: Sendable, Hashable {
  /// The processor time any render may use, however small its input.
  public var base: Duration
  /// The processor time added for each megabyte (10⁶ bytes) of input.
  public var perMegabyte: Duration

  /// The default: 0.25 s plus 0.35 s per megabyte.
  public static let `default` = ScaledDeadline(
    base: .milliseconds(250), perMegabyte: .milliseconds(350))

  /// Creates a scaled deadline of `base` plus `perMegabyte` for each megabyte of input.
  public init(base: Duration, perMegabyte: Duration) {
    self.base = base
    self.perMegabyte = perMegabyte
  }

  /// The processor time a render of `inputBytes` may use.
  public func processorTime(forInputBytes inputBytes: Int) -> Duration {
    base + perMegabyte * (Double(max(0, inputBytes)) / 1_000_000)
  }
}

extension Duration {
  /// The duration in seconds, as configuration files and error messages state it.
  package var inSeconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
