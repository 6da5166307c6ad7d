/// The elements of a MathML string, read back so that tests assert structure (an `mfrac` with
/// two children) rather than compare strings. Reads the XML subset the writer produces: tags
/// with double-quoted attributes, text, and the escaper's five character references; anything
/// else, or a tag closed out of order, is a failure, so a parse also checks well-formedness.
struct MathMLElement: Equatable {
  var name: String
  var attributes: [String: String] = [:]
  var children: [MathMLElement] = []
  /// The text directly inside (for `mi`, `mo`, `mtext`).
  var text = ""

  /// Every element below this one, depth first, this one included.
  var descendants: [MathMLElement] {
    [self] + children.flatMap(\.descendants)
  }

  /// The elements named `name` anywhere below this one.
  func all(_ name: String) -> [MathMLElement] {
    descendants.filter { $0.name == name }
  }

  /// All the text below this one, in order.
  var allText: String {
    text + children.map(\.allText).joined()
  }

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  /// The one root element of `markup`.
  static func parse(_ markup: String) throws -> MathMLElement {
    var scalars = Substring(markup).unicodeScalars[...]
    var stack: [MathMLElement] = []
    var root: MathMLElement?
    while let first = scalars.first {
      if first == "<" {
        guard let close = scalars.firstIndex(of: ">") else {
          throw ParseError(description: "unclosed tag")
        }
        let tag = String(
          String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
        scalars = scalars[scalars.index(after: close)...]
        if tag.hasPrefix("/") {
          guard let element = stack.popLast(), element.name == tag.dropFirst() else {
            throw ParseError(description: "</\(tag.dropFirst())> closes nothing open")
          }
          if stack.isEmpty {
            guard root == nil else { throw ParseError(description: "two roots") }
            root = element
          } else {
            stack[stack.count - 1].children.append(element)
          }
        } else {
          stack.append(try openingTag(tag))
        }
      } else {
        guard !stack.isEmpty else { throw ParseError(description: "text outside the root") }
        let end = scalars.firstIndex(of: "<") ?? scalars.endIndex
        stack[stack.count - 1].text += try unescape(
          String(String.UnicodeScalarView(scalars[..<end])))
        scalars = scalars[end...]
      }
    }
    guard stack.isEmpty, let root else { throw ParseError(description: "unclosed elements") }
    return root
  }

  private static func openingTag(_ tag: String) throws -> MathMLElement {
    var parts = tag[...]
    let name = parts.prefix { $0 != " " }
    parts = parts.dropFirst(name.count)
    var element = MathMLElement(name: String(name))
    while !parts.isEmpty {
      parts = parts.drop { $0 == " " }
      guard let equals = parts.firstIndex(of: "=") else { break }
      let key = String(parts[..<equals])
      parts = parts[parts.index(after: equals)...]
      guard parts.first == "\"", let end = parts.dropFirst().firstIndex(of: "\"") else {
        throw ParseError(description: "unquoted attribute in <\(tag)>")
      }
      element.attributes[key] = try unescape(
        String(parts[parts.index(after: parts.startIndex)..<end]))
      parts = parts[parts.index(after: end)...]
    }
    return element
  }

  private static func unescape(_ text: String) throws -> String {
    var result = ""
    var rest = text[...]
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else {
        throw ParseError(description: "bare & in \(text)")
      }
      switch rest[ampersand...semicolon] {
      case "&amp;": result += "&"
      case "&lt;": result += "<"
      case "&gt;": result += ">"
      case "&quot;": result += "\""
      case "&#39;": result += "'"
      default: throw ParseError(description: "unknown reference in \(text)")
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    guard !rest.contains("<"), !rest.contains(">") else {
      throw ParseError(description: "unescaped markup character in \(text)")
    }
    return result + rest
  }
}
