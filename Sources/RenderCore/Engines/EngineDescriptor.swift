/// Describes an engine: its identity, library version, features and safety.
public struct EngineDescriptor: Sendable, Hashable {
  /// How an engine behaves when called from many tasks at once.
  public enum Concurrency: Sendable, Hashable {
    /// Calls run in parallel.
    case parallel
    /// Calls are serialised by the engine (its library keeps global state).
    case serialized
  }

  /// The identifier used in configuration and on the command line, e.g. `"cmark"`.
  public var id: String
  /// A human-readable name, e.g. `"cmark (CommonMark reference)"`.
  public var displayName: String
  /// The C library's version, read at run time, e.g. `"0.30.2"`.
  public var libraryVersion: String
  /// The features the engine honours.
  public var features: Set<RenderFeature>
  /// Whether the library is known to survive hostile input (no crash, no super-linear time).
  ///
  /// Engines that are not are isolated in a worker process by the command-line tools.
  public var isSafeOnHostileInput: Bool
  /// Whether calls run in parallel or are serialised.
  public var concurrency: Concurrency
  /// Where the engine's HTML breaks lines and how it ends void tags, which a document built
  /// from its tree is serialised with.
  package var htmlLayout = HTMLLayout.cmark

  /// Creates a descriptor.
  public init(
    id: String, displayName: String, libraryVersion: String, features: Set<RenderFeature>,
    isSafeOnHostileInput: Bool, concurrency: Concurrency
  ) {
    self.id = id
    self.displayName = displayName
    self.libraryVersion = libraryVersion
    self.features = features
    self.isSafeOnHostileInput = isSafeOnHostileInput
    self.concurrency = concurrency
  }
}
