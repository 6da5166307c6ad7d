/// Describes an HTML importer: its identity, library version, conformance and safety, as
/// ``EngineDescriptor`` does for Markdown engines.
public struct ImporterDescriptor: Sendable, Hashable {
  /// The identifier used in configuration and on the command line, e.g. `"html5"`.
  public var id: String
  /// A human-readable name, e.g. `"MyHTML (HTML5 tree builder)"`.
  public var displayName: String
  /// The C library's version, e.g. `"0.10.1"`.
  public var libraryVersion: String
  /// What the tree follows, with the measured figures, e.g. `"HTML5 (html5lib trees 1694/1766)"`.
  public var conformance: String
  /// Whether the library is known to survive hostile input (no crash, no super-linear time).
  public var isSafeOnHostileInput: Bool

  /// Creates a descriptor.
  public init(
    id: String, displayName: String, libraryVersion: String, conformance: String,
    isSafeOnHostileInput: Bool
  ) {
    self.id = id
    self.displayName = displayName
    self.libraryVersion = libraryVersion
    self.conformance = conformance
    self.isSafeOnHostileInput = isSafeOnHostileInput
  }
}
