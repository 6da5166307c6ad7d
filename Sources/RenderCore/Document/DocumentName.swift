/// An element or attribute name of a ``Document``, interned: a number the document's name
/// table maps to the lower-cased name. HTML's vocabulary (``HTMLElements/vocabulary``) has the
/// same number in every document, so a pass, the cascade or the serializer compares names as
/// numbers; any other name is numbered by the document that first meets it.
package struct DocumentName: Hashable, Sendable {
  /// The name's position in its document's name table.
  package let rawValue: UInt32

  package init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The name of the root, and of nothing else.
  package static let document = DocumentName(rawValue: 0)
  /// What a text node has in place of a name.
  package static let text = DocumentName(rawValue: 1)

  /// The name at `index` of ``HTMLElements/vocabulary``: a constant.
  private static func known(_ name: String) -> DocumentName {
    DocumentName(rawValue: UInt32(HTMLElements.vocabulary.firstIndex(of: name)!))
  }

  package static let html = known("html")
  package static let head = known("head")
  package static let body = known("body")
  package static let title = known("title")
  package static let a = known("a")
  package static let area = known("area")
  package static let li = known("li")
  package static let pre = known("pre")
  package static let code = known("code")
  package static let id = known("id")
  package static let `class` = known("class")
  package static let style = known("style")
  package static let href = known("href")

  // What engines' documents are made of (``MarkdownDocumentBuilder``).
  package static let p = known("p")
  package static let blockquote = known("blockquote")
  package static let ul = known("ul")
  package static let ol = known("ol")
  package static let h1 = known("h1")
  package static let h2 = known("h2")
  package static let h3 = known("h3")
  package static let h4 = known("h4")
  package static let h5 = known("h5")
  package static let h6 = known("h6")
  package static let em = known("em")
  package static let strong = known("strong")
  package static let del = known("del")
  package static let span = known("span")
  package static let img = known("img")
  package static let br = known("br")
  package static let hr = known("hr")
  package static let table = known("table")
  package static let thead = known("thead")
  package static let tbody = known("tbody")
  package static let tr = known("tr")
  package static let th = known("th")
  package static let td = known("td")
  package static let section = known("section")
  package static let input = known("input")
  package static let src = known("src")
  package static let alt = known("alt")
  package static let type = known("type")
  package static let align = known("align")
  package static let start = known("start")
  package static let checked = known("checked")
  package static let disabled = known("disabled")
}

/// The names a ``Document`` uses: HTML's vocabulary first, in a table every document shares
/// until it meets a name of its own, then those in order of first use.
package struct DocumentNameTable: Sendable {
  /// What the serializer needs to know about a name, looked up by number.
  package struct Traits: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// ``HTMLElements/void``.
    package static let void = Traits(rawValue: 1)
    /// ``HTMLElements/rawText``.
    package static let rawText = Traits(rawValue: 2)
    /// ``HTMLElements/leadingNewline``.
    package static let leadingNewline = Traits(rawValue: 4)
    /// `html`, `head` and `body`: what a fragment unwraps.
    package static let structure = Traits(rawValue: 8)
  }

  private static let shared: DocumentNameTable = {
    var table = DocumentNameTable(names: [], numbers: [:], traits: [])
    for name in HTMLElements.vocabulary { _ = table.intern(name) }
    return table
  }()

  /// The names by number.
  package private(set) var names: [String]
  private var numbers: [String: UInt32]
  /// Each name's traits, by number.
  package private(set) var traits: [Traits]

  private init(names: [String], numbers: [String: UInt32], traits: [Traits]) {
    self.names = names
    self.numbers = numbers
    self.traits = traits
  }

  /// HTML's vocabulary and nothing else.
  package init() { self = Self.shared }

  /// The number of `name` (lower-case), given one if it has none.
  package mutating func intern(_ name: String) -> DocumentName {
    if let number = numbers[name] { return DocumentName(rawValue: number) }
    let number = UInt32(names.count)
    names.append(name)
    numbers[name] = number
    var traits = Traits()
    if HTMLElements.void.contains(name) { traits.insert(.void) }
    if HTMLElements.rawText.contains(name) { traits.insert(.rawText) }
    if HTMLElements.leadingNewline.contains(name) { traits.insert(.leadingNewline) }
    if name == "html" || name == "head" || name == "body" { traits.insert(.structure) }
    self.traits.append(traits)
    return DocumentName(rawValue: number)
  }

  /// The number of `name` (lower-case) if the document uses it.
  package func number(of name: String) -> DocumentName? {
    numbers[name].map(DocumentName.init(rawValue:))
  }

  /// The name numbered `name`.
  package subscript(name: DocumentName) -> String { names[Int(name.rawValue)] }
}
