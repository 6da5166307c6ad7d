import RenderCore

/// The compact binary form in which a worker sends a ``RenderCore/Document`` to its host:
/// a string pool and a node table, never HTML text to parse again.
///
/// Layout, integers 4-byte little-endian: version byte; string count, then each string as
/// length and UTF-8 bytes; node count (the root excluded), then per node in document order a
/// kind byte (0 element, 1 text), its parent's index, and for an element its name's string
/// index, attribute count and (name, value) string indices, for text its string index.
/// Element and attribute names and attribute values are pooled once each; text is not
/// (it rarely repeats, and hashing it would cost more than it saves).
///
/// Decoding checks every index and rebuilds the tree through `Document`'s own appends, so a
/// corrupt or hostile message gives nil, never an inconsistent document.
enum DocumentEncoding {
  /// Bumped whenever the layout changes.
  static let version: UInt8 = 1

  static func encode(_ document: Document) -> [UInt8] {
    var pool: [String] = []
    var pooled: [String: Int] = [:]
    var table: [UInt8] = []
    table.reserveCapacity(document.nodeCount * 12)
    func index(pooling string: String) -> Int {
      if let index = pooled[string] { return index }
      pooled[string] = pool.count
      pool.append(string)
      return pool.count - 1
    }
    // The nodes are read in place, by id: names come from the document's name table.
    for id in 1..<document.nodeCount {
      let parent = document.parent(of: id) ?? 0
      switch document.kind(of: id) {
      case .element:
        table.append(0)
        WireReader.appendLength(parent, to: &table)
        WireReader.appendLength(index(pooling: document.name(of: id)), to: &table)
        let attributes = document.attributeRecords(of: id)
        WireReader.appendLength(attributes.count, to: &table)
        for attribute in attributes {
          WireReader.appendLength(index(pooling: document.names[attribute.name]), to: &table)
          WireReader.appendLength(index(pooling: document.value(of: attribute)), to: &table)
        }
      case .text:
        table.append(1)
        WireReader.appendLength(parent, to: &table)
        WireReader.appendLength(pool.count, to: &table)
        pool.append(document.text(of: id))
      }
    }
    var bytes: [UInt8] = [version]
    bytes.reserveCapacity(table.count + pool.reduce(0) { $0 + $1.utf8.count + 4 } + 9)
    WireReader.appendLength(pool.count, to: &bytes)
    for string in pool { WireReader.appendString(string, to: &bytes) }
    WireReader.appendLength(document.nodeCount - 1, to: &bytes)
    bytes.append(contentsOf: table)
    return bytes
  }

  /// The document `bytes` encode; nil when they are not a well-formed encoding.
  static func decode(_ bytes: [UInt8]) -> Document? {
    var reader = WireReader(bytes)
    guard reader.readByte() == version, let stringCount = reader.readLength(),
      stringCount <= bytes.count
    else { return nil }
    var pool: [String] = []
    pool.reserveCapacity(stringCount)
    for _ in 0..<stringCount {
      guard let string = reader.readString() else { return nil }
      pool.append(string)
    }
    // Every node takes at least 9 bytes, so a count beyond that is a lie, not an allocation.
    guard let nodeCount = reader.readLength(), nodeCount <= bytes.count / 9 else { return nil }
    var document = Document()
    document.reserveCapacity(nodeCount + 1)
    for id in 1...max(1, nodeCount) where nodeCount > 0 {
      guard let kind = reader.readByte(), let parent = reader.readLength(), parent < id,
        document.kind(of: parent) == .element
      else { return nil }
      switch kind {
      case 0:
        guard let name = reader.readLength(), name < stringCount,
          let attributeCount = reader.readLength(), attributeCount <= bytes.count / 8
        else { return nil }
        var attributes: [DocumentNode.Attribute] = []
        attributes.reserveCapacity(attributeCount)
        for _ in 0..<attributeCount {
          guard let key = reader.readLength(), let value = reader.readLength(),
            key < stringCount, value < stringCount
          else { return nil }
          attributes.append(DocumentNode.Attribute(lowercasedName: pool[key], value: pool[value]))
        }
        document.appendElement(lowercasedName: pool[name], attributes: attributes, to: parent)
      case 1:
        guard let text = reader.readLength(), text < stringCount else { return nil }
        document.appendText(pool[text], to: parent)
      default:
        return nil
      }
      // An empty or merged text would shift every later index: not a document's encoding.
      guard document.nodeCount == id + 1 else { return nil }
    }
    return reader.isAtEnd ? document : nil
  }
}
