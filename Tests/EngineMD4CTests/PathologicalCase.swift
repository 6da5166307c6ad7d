import Foundation
import TestSupport
import Testing

/// One of cmark's pathological inputs from `../shared/suites/pathological.json`, built from its
/// recipe: a Python expression over string literals (`"a" * 3 + ("b" * x)`, `"".join(… for x
/// in range(a, b))`), evaluated here by a small reader of just that grammar.
struct PathologicalCase: Sendable, CustomTestStringConvertible {
  let example: Int
  let name: String
  let markdown: String

  var testDescription: String { "\(example) \(name)" }

  private struct Recipe: Decodable {
    let example: Int
    let name: String
    let markdown_expr: String
  }

  private struct Suite: Decodable {
    let cases: [Recipe]
  }

  /// Every case; empty when `../shared` is missing (the suite is then skipped).
  static let all: [PathologicalCase] = {
    guard let data = try? SharedFixtures.data("suites/pathological.json"),
      let suite = try? JSONDecoder().decode(Suite.self, from: data)
    else { return [] }
    return suite.cases.map { recipe in
      var reader = RecipeReader(recipe.markdown_expr)
      return PathologicalCase(
        example: recipe.example, name: recipe.name, markdown: reader.evaluate())
    }
  }()

  /// cmark's `hash_collisions()` (in its test runner, not in the suite) makes reference labels
  /// whose hashes collide in cmark's table; md4c hashes otherwise, so this keeps the shape:
  /// 50,000 reference definitions, each referenced once.
  static func referenceCollisions() -> String {
    let labels = (0..<50_000).map { "x\($0)" }
    return labels.map { "[\($0)]: /url" }.joined(separator: "\n") + "\n\n["
      + labels.joined(separator: "] [") + "]"
  }
}

/// Reads and evaluates a recipe: `expression := term ("+" term)*`, `term := atom ("*" count)*`,
/// `atom := string | string ".join(" expression "for x in range(" int "," int "))" |
/// "(" expression ")" | "hash_collisions()"`, `count := int | "x"`.
private struct RecipeReader {
  private var characters: [Character]
  private var position = 0

  init(_ recipe: String) {
    characters = Array(recipe)
  }

  mutating func evaluate() -> String {
    expression(x: nil)
  }

  private mutating func expression(x: Int?) -> String {
    var value = term(x: x)
    while skip("+") { value += term(x: x) }
    return value
  }

  private mutating func term(x: Int?) -> String {
    var value = atom(x: x)
    while skip("*") {
      let count = skip("x") ? x! : integer()
      value = String(repeating: value, count: count)
    }
    return value
  }

  private mutating func atom(x: Int?) -> String {
    if skip("(") {
      let value = expression(x: x)
      _ = skip(")")
      return value
    }
    if skip("hash_collisions()") { return PathologicalCase.referenceCollisions() }
    let literal = string()
    guard skip(".join(") else { return literal }
    let start = position
    _ = expression(x: 0)
    _ = skip("for x in range(")
    let lower = integer()
    _ = skip(",")
    let upper = integer()
    _ = skip("))")
    let end = position
    var parts: [String] = []
    for value in lower..<upper {
      position = start
      parts.append(expression(x: value))
    }
    position = end
    return parts.joined(separator: literal)
  }

  private mutating func string() -> String {
    _ = skip("\"")
    var value = ""
    while characters[position] != "\"" {
      var character = characters[position]
      position += 1
      if character == "\\" {
        let escape = characters[position]
        position += 1
        switch escape {
        case "n": character = "\n"
        case "t": character = "\t"
        case "u":
          let hex = String(characters[position..<(position + 4)])
          position += 4
          character = Character(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
        default: character = escape
        }
      }
      value.append(character)
    }
    position += 1
    return value
  }

  private mutating func integer() -> Int {
    skipSpaces()
    let start = position
    while position < characters.count, characters[position].isNumber { position += 1 }
    return Int(String(characters[start..<position]))!
  }

  /// Consumes `token` (after spaces) when it comes next.
  private mutating func skip(_ token: String) -> Bool {
    skipSpaces()
    let token = Array(token)
    guard position + token.count <= characters.count,
      Array(characters[position..<(position + token.count)]) == token
    else { return false }
    position += token.count
    return true
  }

  private mutating func skipSpaces() {
    while position < characters.count, characters[position] == " " { position += 1 }
  }
}
