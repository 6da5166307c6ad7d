/// The engines an app can choose from, by identifier.
///
/// ```swift
/// var registry = EngineRegistry()
/// registry.register(MyEngine())
/// let engine = try registry.engine(id: "mine")
/// ```
///
/// `RenderKit` offers `EngineRegistry.builtIn`, with cmark and Discount registered.
public struct EngineRegistry: Sendable {
  private var enginesByID: [String: any MarkdownEngine] = [:]

  /// Creates a registry holding `engines`.
  public init(_ engines: [any MarkdownEngine] = []) {
    for engine in engines { register(engine) }
  }

  /// Adds an engine, replacing any with the same identifier.
  public mutating func register(_ engine: any MarkdownEngine) {
    enginesByID[engine.descriptor.id] = engine
  }

  /// The registered identifiers, sorted.
  public var engineIDs: [String] { enginesByID.keys.sorted() }

  /// The registered engines, sorted by identifier.
  public var engines: [any MarkdownEngine] { engineIDs.map { enginesByID[$0]! } }

  /// The engine with this identifier; throws ``RenderError/unknownEngine(_:available:)`` listing the valid ones.
  public func engine(id: String) throws(RenderError) -> any MarkdownEngine {
    guard let engine = enginesByID[id] else {
      throw .unknownEngine(id, available: engineIDs)
    }
    return engine
  }

  /// The identifiers of the engines that declare `feature`, sorted.
  package func engineIDs(supporting feature: RenderFeature) -> [String] {
    engineIDs.filter { enginesByID[$0]!.descriptor.features.contains(feature) }
  }
}
