/// CSS custom properties at computed-value time: `--name: value` declarations inherit, and
/// `var(--name, fallback)` in a value is replaced by the property's text before the value is
/// parsed for its property.
///
/// Bounded so that a hostile stylesheet cannot grow text without limit: a substituted value
/// longer than ``maximumLength`` bytes, a chain of references deeper than ``maximumDepth``, a
/// cycle, or a missing property without fallback makes the value invalid (the property then
/// behaves as `unset`, as CSS says); every byte produced counts as cascade work.
enum VariableSubstitution {
  static let maximumLength = 65_536
  static let maximumDepth = 32
  /// References expanded in one value, fallbacks included.
  static let maximumExpansions = 256

  /// The element's custom properties: the inherited ones with the element's own declared ones
  /// over them, each with its `var()` references replaced (references to the element's own
  /// properties see their substituted values). Invalid ones are left out.
  static func resolve(
    declared: [String: String], inherited: [String: String], work: inout Int
  ) -> [String: String] {
    var resolved = inherited
    var pending = declared
    for name in declared.keys.sorted() {
      var visiting: Set<String> = []
      resolved[name] = value(
        of: name, pending: &pending, resolved: &resolved, visiting: &visiting, depth: 0,
        work: &work)
    }
    return resolved
  }

  /// The declared property `name` with its references replaced, resolving the element's other
  /// declared properties it uses first.
  private static func value(
    of name: String, pending: inout [String: String], resolved: inout [String: String],
    visiting: inout Set<String>, depth: Int, work: inout Int
  ) -> String? {
    guard let text = pending[name] else { return resolved[name] }
    guard depth < maximumDepth, visiting.insert(name).inserted else { return nil }
    var nestedWork = 0
    let (result, cost) = substitute(
      text,
      lookup: { reference in
        value(
          of: reference, pending: &pending, resolved: &resolved, visiting: &visiting,
          depth: depth + 1, work: &nestedWork)
      })
    work += nestedWork + cost
    pending[name] = nil
    resolved[name] = result
    visiting.remove(name)
    return result
  }

  /// `text` with every `var()` replaced using `properties`; nil when the value is invalid.
  static func substitute(
    _ text: String, properties: [String: String], work: inout Int
  ) -> String? {
    let (result, cost) = substitute(text, lookup: { properties[$0] })
    work += cost
    return result
  }

  /// The substituted text (nil when invalid) and the bytes handled, which is its cost.
  private static func substitute(
    _ text: String, lookup: (String) -> String?
  ) -> (String?, Int) {
    var output: [UInt8] = []
    var cost = text.utf8.count
    var bytes = Array(text.utf8)
    var index = 0
    var expansions = 0
    while index < bytes.count {
      guard let start = referenceStart(in: bytes, from: index) else {
        output.append(contentsOf: bytes[index...])
        break
      }
      output.append(contentsOf: bytes[index..<start])
      guard let reference = parseReference(in: bytes, at: start) else { return (nil, cost) }
      expansions += 1
      guard expansions <= maximumExpansions else { return (nil, cost) }
      let replacement: [UInt8]
      if let value = lookup(reference.name) {
        replacement = Array(value.utf8)
      } else if let fallback = reference.fallback {
        // The fallback is expanded in place, so its own references are read by this same
        // loop (no recursion into nested fallbacks).
        let fallbackText = Array(bytes[fallback])
        bytes.replaceSubrange(start..<reference.end, with: fallbackText)
        cost += bytes.count
        guard bytes.count <= 2 * maximumLength else { return (nil, cost) }
        index = start
        continue
      } else {
        return (nil, cost)
      }
      output.append(contentsOf: replacement)
      cost += replacement.count
      guard output.count <= maximumLength else { return (nil, cost) }
      index = reference.end
    }
    guard output.count <= maximumLength else { return (nil, cost) }
    return (trimmed(String(decoding: output, as: UTF8.self)), cost)
  }

  /// Whether `text` holds a `var(` reference (then it is resolved per element).
  static func containsReference(_ text: String) -> Bool {
    referenceStart(in: Array(text.utf8), from: 0) != nil
  }

  /// `text` without leading and trailing whitespace.
  static func trimmed(_ text: String) -> String {
    var characters = Substring(text)
    while let first = characters.first, first.isWhitespace { characters.removeFirst() }
    while let last = characters.last, last.isWhitespace { characters.removeLast() }
    return String(characters)
  }

  /// Where the next `var(` (any case, not the end of a longer name) starts.
  private static func referenceStart(in bytes: [UInt8], from index: Int) -> Int? {
    var cursor = index
    while cursor + 4 <= bytes.count {
      if bytes[cursor + 3] == UInt8(ascii: "("), bytes[cursor] | 0x20 == UInt8(ascii: "v"),
        bytes[cursor + 1] | 0x20 == UInt8(ascii: "a"),
        bytes[cursor + 2] | 0x20 == UInt8(ascii: "r"),
        cursor == 0 || !CSSSyntax.isName(bytes[cursor - 1])
      {
        return cursor
      }
      cursor += 1
    }
    return nil
  }

  /// `var( --name [, fallback] )` at `start`: the name, the fallback's byte range, and the
  /// offset after the `)`; nil when malformed.
  private static func parseReference(in bytes: [UInt8], at start: Int) -> (
    name: String, fallback: Range<Int>?, end: Int
  )? {
    var cursor = start + 4
    while cursor < bytes.count, CSSSyntax.isWhitespace(bytes[cursor]) { cursor += 1 }
    let nameStart = cursor
    guard cursor + 2 <= bytes.count, bytes[cursor] == UInt8(ascii: "-"),
      bytes[cursor + 1] == UInt8(ascii: "-")
    else { return nil }
    while cursor < bytes.count, CSSSyntax.isName(bytes[cursor]) { cursor += 1 }
    let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
    while cursor < bytes.count, CSSSyntax.isWhitespace(bytes[cursor]) { cursor += 1 }
    guard cursor < bytes.count else { return nil }
    if bytes[cursor] == UInt8(ascii: ")") { return (name, nil, cursor + 1) }
    guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
    let fallbackStart = cursor + 1
    var depth = 0
    while cursor < bytes.count {
      switch bytes[cursor] {
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"):
        if depth == 0 { return (name, fallbackStart..<cursor, cursor + 1) }
        depth -= 1
      default: break
      }
      cursor += 1
    }
    return nil
  }
}
