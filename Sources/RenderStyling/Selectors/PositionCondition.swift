/// `:nth-child(An+B)` and its relatives: the element's 1-based place among its element
/// siblings (or those of its own type), counted from the start or the end, is `A×n + B` for
/// some n ≥ 0.
struct PositionCondition: Sendable, Hashable {
  /// Which siblings are counted, and from which end.
  enum Counting: Int, Sendable, Hashable {
    case child
    case lastChild
    case ofType
    case lastOfType
  }

  var counting: Counting
  var step: Int
  var offset: Int

  /// Whether the place `index` (1-based) is one this condition selects.
  func holds(at index: Int) -> Bool {
    guard step != 0 else { return index == offset }
    let distance = index - offset
    return distance % step == 0 && distance / step >= 0
  }

  /// Parses the argument of `:nth-child()`: `odd`, `even`, `B`, `An`, `An+B`, `-n+B`
  /// (whitespace around the sign allowed); nil when it is none of these.
  static func parse(_ text: String, counting: Counting) -> PositionCondition? {
    let compact = String(text.lowercased().filter { !$0.isWhitespace })
    switch compact {
    case "odd": return PositionCondition(counting: counting, step: 2, offset: 1)
    case "even": return PositionCondition(counting: counting, step: 2, offset: 0)
    default: break
    }
    guard let n = compact.firstIndex(of: "n") else {
      guard let offset = bounded(compact) else { return nil }
      return PositionCondition(counting: counting, step: 0, offset: offset)
    }
    let before = compact[..<n]
    let after = compact[compact.index(after: n)...]
    let step: Int?
    switch before {
    case "", "+": step = 1
    case "-": step = -1
    default: step = bounded(before)
    }
    let offset: Int? =
      after.isEmpty ? 0 : after.first == "+" || after.first == "-" ? bounded(after) : nil
    guard let step, let offset else { return nil }
    return PositionCondition(counting: counting, step: step, offset: offset)
  }

  /// An optionally signed integer of at most 9 digits (larger places cannot occur).
  private static func bounded(_ text: Substring) -> Int? {
    let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII),
      digits.allSatisfy(\.isNumber)
    else { return nil }
    return Int(text)
  }

  private static func bounded(_ text: String) -> Int? { bounded(text[...]) }
}
