import RenderCore

/// An engine run in the host with ``RenderLimits/maximumInputBytes`` enforced before it sees
/// the input. (A deadline needs ``IsolatedEngine``: a thread cannot be stopped safely.)
///
/// ```swift
/// let engine = InputLimitedEngine(CMarkEngine(), limits: RenderLimits(maximumInputBytes: 1 << 20))
/// ```
public struct InputLimitedEngine: MarkdownEngine {
  /// The engine that renders.
  public let engine: any MarkdownEngine
  /// The limits applied before each render.
  public let limits: RenderLimits

  /// Wraps `engine` with `limits`.
  public init(_ engine: any MarkdownEngine, limits: RenderLimits) {
    self.engine = engine
    self.limits = limits
  }

  /// The wrapped engine's descriptor.
  public var descriptor: EngineDescriptor { engine.descriptor }

  /// Checks the input against the limits, then renders with the wrapped engine.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try limits.checkInput(markdown)
    return try engine.render(markdown, options: options)
  }
}
