/// The small part of Python that cmark's pathological inputs are written in, evaluated to the
/// string it builds: string literals, `+`, `*` by a number, parentheses,
/// `"".join(… for x in range(a, b))`, `str(…)` of a number and `hash_collisions()`.
///
/// ```swift
/// let text = try PythonStringExpression("(\"> \" * 3) + \"a\"").evaluate()  // "> > > a"
/// ```
///
/// Anything else is refused with ``Problem``, so a changed suite fails loudly instead of
/// being run as something it is not.
package struct PythonStringExpression: Sendable {
  /// Why an expression could not be read.
  package struct Problem: Error, CustomStringConvertible, Sendable {
    /// What went wrong and where.
    package var description: String
  }

  private indirect enum Node: Sendable {
    case string(String)
    case number(Int)
    case variable(String)
    case sum(Node, Node)
    case product(Node, Node)
    case join(separator: Node, element: Node, variable: String, lower: Node, upper: Node)
    case decimal(Node)
    case hashCollisions
  }

  private enum Value {
    case string(String)
    case number(Int)
  }

  private let root: Node

  /// Parses `source`; throws ``Problem`` for what is outside the supported subset.
  package init(_ source: String) throws(Problem) {
    var parser = Parser(scalars: Array(source.unicodeScalars))
    root = try parser.expression()
    parser.skipSpaces()
    guard parser.isAtEnd else { throw parser.problem("unexpected text") }
  }

  /// The string the expression builds.
  package func evaluate() throws(Problem) -> String {
    guard case .string(let text) = try Self.evaluate(root, variables: [:]) else {
      throw Problem(description: "the expression gives a number, not a string")
    }
    return text
  }

  private static func evaluate(_ node: Node, variables: [String: Int]) throws(Problem) -> Value {
    switch node {
    case .string(let text): return .string(text)
    case .number(let value): return .number(value)
    case .variable(let name):
      guard let value = variables[name] else { throw Problem(description: "unknown name \(name)") }
      return .number(value)
    case .sum(let left, let right):
      switch (try evaluate(left, variables: variables), try evaluate(right, variables: variables)) {
      case (.string(let a), .string(let b)): return .string(a + b)
      case (.number(let a), .number(let b)): return .number(a + b)
      default: throw Problem(description: "cannot add a string and a number")
      }
    case .product(let left, let right):
      switch (try evaluate(left, variables: variables), try evaluate(right, variables: variables)) {
      case (.string(let text), .number(let count)), (.number(let count), .string(let text)):
        return .string(String(repeating: text, count: max(0, count)))
      case (.number(let a), .number(let b)): return .number(a * b)
      default: throw Problem(description: "cannot multiply two strings")
      }
    case .join(let separator, let element, let variable, let lower, let upper):
      guard case .string(let glue) = try evaluate(separator, variables: variables),
        case .number(let from) = try evaluate(lower, variables: variables),
        case .number(let to) = try evaluate(upper, variables: variables)
      else { throw Problem(description: "join needs a string and a numeric range") }
      var parts: [String] = []
      var inner = variables
      for value in from..<max(from, to) {
        inner[variable] = value
        guard case .string(let part) = try evaluate(element, variables: inner) else {
          throw Problem(description: "join's elements must be strings")
        }
        parts.append(part)
      }
      return .string(parts.joined(separator: glue))
    case .decimal(let inner):
      guard case .number(let value) = try evaluate(inner, variables: variables) else {
        throw Problem(description: "str() takes a number here")
      }
      return .string(String(value))
    case .hashCollisions:
      return .string(hashCollisions())
    }
  }

  /// cmark's reference-collision input: 50,000 candidate labels `x0`, `x1`, … kept when their
  /// hash (cmark 0.30's reference-map hash) falls in bucket 0 of 16, each defined and then used.
  private static func hashCollisions() -> String {
    func collides(_ label: String) -> Bool {
      var hash: UInt32 = 0
      for byte in label.utf8 {
        hash = UInt32(byte) &+ (hash << 6) &+ (hash << 16) &- hash
      }
      return hash % 16 == 0
    }
    let labels = (0..<50_000).map { "x\($0)" }.filter(collides)
    return labels.map { "[\($0)]: /url" }.joined(separator: "\n") + "\n\n"
      + labels.map { "[\($0)]" }.joined(separator: "\n")
  }

  /// A recursive-descent reader over the expression's scalars (expressions are one line).
  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    var isAtEnd: Bool { index >= scalars.count }

    func problem(_ what: String) -> Problem {
      Problem(description: "\(what) at offset \(index)")
    }

    mutating func skipSpaces() {
      while index < scalars.count, scalars[index] == " " { index += 1 }
    }

    mutating func take(_ text: String) -> Bool {
      skipSpaces()
      let wanted = Array(text.unicodeScalars)
      guard scalars.count - index >= wanted.count,
        Array(scalars[index..<index + wanted.count]) == wanted
      else { return false }
      index += wanted.count
      return true
    }

    mutating func expect(_ text: String) throws(Problem) {
      guard take(text) else { throw problem("expected \(text)") }
    }

    mutating func expression() throws(Problem) -> Node {
      var node = try product()
      while take("+") { node = .sum(node, try product()) }
      return node
    }

    mutating func product() throws(Problem) -> Node {
      var node = try primary()
      while take("*") { node = .product(node, try primary()) }
      return node
    }

    mutating func primary() throws(Problem) -> Node {
      skipSpaces()
      guard index < scalars.count else { throw problem("unexpected end") }
      let scalar = scalars[index]
      if scalar == "(" {
        index += 1
        let node = try expression()
        try expect(")")
        return node
      }
      if scalar == "\"" {
        let text = try string()
        if take(".join(") {
          let element = try expression()
          try expect("for")
          let variable = try name()
          try expect("in")
          try expect("range(")
          let lower = try expression()
          try expect(",")
          let upper = try expression()
          try expect(")")
          try expect(")")
          return .join(
            separator: .string(text), element: element, variable: variable, lower: lower,
            upper: upper)
        }
        return .string(text)
      }
      if scalar.properties.numericType != nil {
        var value = 0
        while index < scalars.count, let digit = Int(String(scalars[index])) {
          value = value * 10 + digit
          index += 1
        }
        return .number(value)
      }
      let identifier = try name()
      if identifier == "hash_collisions" {
        try expect("(")
        try expect(")")
        return .hashCollisions
      }
      if identifier == "str" {
        try expect("(")
        let inner = try expression()
        try expect(")")
        return .decimal(inner)
      }
      return .variable(identifier)
    }

    mutating func name() throws(Problem) -> String {
      skipSpaces()
      var text = ""
      while index < scalars.count,
        scalars[index].properties.isAlphabetic || scalars[index] == "_"
      {
        text.unicodeScalars.append(scalars[index])
        index += 1
      }
      guard !text.isEmpty else { throw problem("expected a name") }
      return text
    }

    /// A double-quoted literal with Python's `\n`, `\t`, `\\`, `\"` and `\uXXXX` escapes.
    mutating func string() throws(Problem) -> String {
      index += 1
      var text = ""
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if scalar == "\"" { return text }
        guard scalar == "\\" else {
          text.unicodeScalars.append(scalar)
          continue
        }
        guard index < scalars.count else { break }
        let escaped = scalars[index]
        index += 1
        switch escaped {
        case "n": text += "\n"
        case "t": text += "\t"
        case "\\", "\"", "'": text.unicodeScalars.append(escaped)
        case "u":
          guard scalars.count - index >= 4,
            let code = UInt32(
              String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16),
            let decoded = Unicode.Scalar(code)
          else { throw problem("bad \\u escape") }
          text.unicodeScalars.append(decoded)
          index += 4
        default: throw problem("unsupported escape \\\(escaped)")
        }
      }
      throw problem("unterminated string")
    }
  }
}
