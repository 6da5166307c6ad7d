/// The HTML importers an app can choose from, by identifier, chosen the way Markdown engines
/// are (``EngineRegistry``).
///
/// ```swift
/// var registry = ImporterRegistry()
/// registry.register(MyImporter(), descriptor: myDescriptor)
/// let importer = try registry.importer(id: "mine")
/// ```
///
/// `RenderKit` offers `ImporterRegistry.builtIn`, with `libxml2` and `html5` registered.
public struct ImporterRegistry: Sendable {
  private var importersByID: [String: any HTMLImporting] = [:]
  private var descriptorsByID: [String: ImporterDescriptor] = [:]
  /// The identifier used when configuration names none.
  public var defaultID: String

  /// Creates an empty registry whose default is `defaultID`.
  public init(defaultID: String = "") {
    self.defaultID = defaultID
  }

  /// Adds an importer, replacing any with the same identifier.
  public mutating func register(_ importer: any HTMLImporting, descriptor: ImporterDescriptor) {
    importersByID[descriptor.id] = importer
    descriptorsByID[descriptor.id] = descriptor
  }

  /// The registered identifiers, sorted.
  package var importerIDs: [String] { importersByID.keys.sorted() }

  /// The registered descriptors, sorted by identifier.
  public var descriptors: [ImporterDescriptor] { importerIDs.map { descriptorsByID[$0]! } }

  /// The identifier of the registered importer of `importer`'s type; nil when none is of it.
  package func id(of importer: any HTMLImporting) -> String? {
    let type = ObjectIdentifier(Swift.type(of: importer))
    return importerIDs.first { ObjectIdentifier(Swift.type(of: importersByID[$0]!)) == type }
  }

  /// The importer with this identifier (the default for nil); throws
  /// ``RenderError/invalidConfiguration(source:key:problem:)`` listing the valid ones.
  public func importer(id: String? = nil) throws(RenderError) -> any HTMLImporting {
    let id = id ?? defaultID
    guard let importer = importersByID[id] else {
      throw .invalidConfiguration(
        source: "importer", key: nil,
        problem:
          "unknown importer \"\(id)\"; valid importers: \(importerIDs.joined(separator: ", "))")
    }
    return importer
  }
}
