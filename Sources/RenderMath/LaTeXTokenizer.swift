/// One token of LaTeX math source, with where it is in the source (scalar offsets).
struct LaTeXToken: Sendable, Equatable {
  /// What the token is.
  enum Kind: Sendable, Equatable {
    /// `\name`, or `\` and one other character (`\,`, `\{`); the name without the backslash.
    case command(String)
    /// Any other character: a letter, digit, operator or delimiter.
    case character(Unicode.Scalar)
    /// `{`.
    case openBrace
    /// `}`.
    case closeBrace
    /// `^`.
    case superscript
    /// `_`.
    case `subscript`
    /// `&`.
    case alignment
    /// The end of the source.
    case end
  }

  /// What the token is.
  var kind: Kind
  /// Where it starts.
  var start: Int
  /// Where it ends (exclusive).
  var end: Int
}

/// Splits LaTeX math source into tokens, skipping spaces and `%` comments as TeX does in math.
///
/// A value type over the source's scalars: copying it to peek ahead is cheap, the array is
/// shared.
struct LaTeXTokenizer: Sendable {
  /// The source, scalar by scalar.
  let scalars: [Unicode.Scalar]
  /// The next scalar to read.
  private(set) var position = 0

  init(_ source: String) {
    scalars = Array(source.unicodeScalars)
  }

  /// The next token, without consuming it.
  func peek() -> LaTeXToken {
    var copy = self
    return copy.next()
  }

  /// The next token.
  mutating func next() -> LaTeXToken {
    skipSpaceAndComments()
    let start = position
    guard position < scalars.count else { return LaTeXToken(kind: .end, start: start, end: start) }
    let scalar = scalars[position]
    position += 1
    let kind: LaTeXToken.Kind
    switch scalar {
    case "\\": kind = .command(readCommandName())
    case "{": kind = .openBrace
    case "}": kind = .closeBrace
    case "^": kind = .superscript
    case "_": kind = .subscript
    case "&": kind = .alignment
    default: kind = .character(scalar)
    }
    return LaTeXToken(kind: kind, start: start, end: position)
  }

  /// The source between two offsets.
  func text(from start: Int, to end: Int) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[max(0, start)..<min(end, scalars.count)])
    return String(view)
  }

  /// The raw text of the next argument, for arguments that are not math (`\text{…}`,
  /// `\begin{…}`): a brace group's content, with nested braces balanced, or else one
  /// character. Nil at the end of the source or before an unbalanced group.
  mutating func rawArgument() -> String? {
    skipSpaceAndComments()
    guard position < scalars.count else { return nil }
    guard scalars[position] == "{" else {
      let token = next()
      return token.kind == .end ? nil : text(from: token.start, to: token.end)
    }
    var nesting = 0
    var index = position
    while index < scalars.count {
      switch scalars[index] {
      case "\\": index += 1
      case "{": nesting += 1
      case "}":
        nesting -= 1
        if nesting == 0 {
          let content = text(from: position + 1, to: index)
          position = index + 1
          return content
        }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// Consumes `scalar` if it is the next non-space character (`*` after `\operatorname`,
  /// `[` before an optional argument).
  mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
    skipSpaceAndComments()
    guard position < scalars.count, scalars[position] == scalar else { return false }
    position += 1
    return true
  }

  /// Whether the next non-space character is `scalar`.
  func isNext(_ scalar: Unicode.Scalar) -> Bool {
    var copy = self
    return copy.consume(scalar)
  }

  private mutating func readCommandName() -> String {
    guard position < scalars.count else { return "" }
    let first = scalars[position]
    guard isASCIILetter(first) else {
      position += 1
      return String(first)
    }
    let start = position
    while position < scalars.count, isASCIILetter(scalars[position]) { position += 1 }
    return text(from: start, to: position)
  }

  private func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private mutating func skipSpaceAndComments() {
    while position < scalars.count {
      switch scalars[position] {
      case " ", "\t", "\n", "\r", "\u{0C}": position += 1
      case "%":
        while position < scalars.count, scalars[position] != "\n" { position += 1 }
      default: return
      }
    }
  }
}
