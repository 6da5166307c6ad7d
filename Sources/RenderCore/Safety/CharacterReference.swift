/// Decodes HTML character references as a browser does in text and attribute values: numeric
/// references (with or without the closing `;`) and the standard's whole table of names
/// (``HTMLNamedReferences``). Raw HTML in Markdown and attribute text checked for a hidden URL
/// scheme (`java&Tab;script:`, `&#106;avascript:`) are decoded by it.
package enum CharacterReference {
  /// The decoded text of a numeric reference starting just after `&`, and what follows it.
  private static func reference(
    in scalars: ArraySlice<Unicode.Scalar>
  ) -> (String, ArraySlice<Unicode.Scalar>)? {
    guard scalars.first == "#" else { return nil }
    var rest = scalars.dropFirst()
    var radix = 10
    if rest.first == "x" || rest.first == "X" {
      radix = 16
      rest = rest.dropFirst()
    }
    let digits = rest.prefix {
      radix == 16 ? $0.properties.isASCIIHexDigit : ("0"..."9").contains($0)
    }
    guard !digits.isEmpty, digits.count <= 10,
      let value = UInt32(String(String.UnicodeScalarView(digits)), radix: radix)
    else { return nil }
    rest = rest.dropFirst(digits.count)
    if rest.first == ";" { rest = rest.dropFirst() }
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    return (String(scalar == "\0" ? "\u{FFFD}" : scalar), rest)
  }

  /// `text` with every character reference decoded as a browser decodes it: numeric ones, and
  /// the longest name of the standard's table that starts there (legacy names need no `;`).
  package static func decodeText(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var output = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "&" else {
        output.unicodeScalars.append(scalar)
        continue
      }
      if let (decoded, rest) = reference(in: scalars) {
        output += decoded
        scalars = rest
        continue
      }
      let name = scalars.prefix(HTMLNamedReferences.longestName).prefix {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ";")
      }
      var length = name.count
      var decoded: String?
      while length > 0, decoded == nil {
        let candidate = String(String.UnicodeScalarView(name.prefix(length)))
        decoded = HTMLNamedReferences.table[candidate]
        if decoded == nil { length -= 1 }
      }
      if let decoded {
        output += decoded
        scalars = scalars.dropFirst(length)
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
