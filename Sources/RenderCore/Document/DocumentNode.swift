/// One node of a ``Document`` as a value: an element (name and attributes) or a run of text.
///
/// A document does not store these: ``Document/nodes`` makes one each time a node is read,
/// building its name, attributes and text as strings. That is the slow path, kept for passes
/// that read a few nodes; code that visits many reads ``Document``'s id-based accessors.
public struct DocumentNode: Sendable, Hashable {
  /// Whether a node is an element or text.
  public enum Kind: Sendable, Hashable {
    /// An element such as `p` or `a`.
    case element
    /// Character data.
    case text
  }

  /// An attribute as written in the source, name lower-cased.
  public struct Attribute: Sendable, Hashable {
    /// The attribute's name, lower-cased.
    public var name: String
    /// The attribute's value, character references decoded.
    public var value: String

    /// Creates an attribute; `name` is stored lower-cased.
    public init(name: String, value: String) {
      self.name = name.lowercased()
      self.value = value
    }

    /// Creates an attribute whose name is already lower-case.
    package init(lowercasedName name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Element or text.
  public var kind: Kind
  /// The element's lower-cased tag name; empty for text.
  public var name: String
  /// The element's attributes in source order; empty for text.
  public var attributes: [Attribute] = []
  /// The text of a text node; empty for elements.
  public var text: String = ""
  /// The parent node; nil only for the root.
  public internal(set) var parent: Document.NodeID?
  /// The first child, if any.
  public internal(set) var firstChild: Document.NodeID?
  /// The last child, if any.
  package internal(set) var lastChild: Document.NodeID?
  /// The next sibling, if any.
  public internal(set) var nextSibling: Document.NodeID?
  /// The previous sibling, if any.
  package internal(set) var previousSibling: Document.NodeID?

  init(kind: Kind, name: String, parent: Document.NodeID?) {
    self.kind = kind
    self.name = name
    self.parent = parent
  }

  /// The value of the attribute `name` (lower-case), if present.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The element's `id` attribute, if present.
  package var id: String? { attribute("id") }

  /// The element's classes, split on ASCII whitespace.
  package var classes: [Substring] {
    attribute("class")?.split(whereSeparator: {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
    }) ?? []
  }
}
