/// Decodes the HTML character references that can hide a URL scheme: numeric references
/// (with or without the closing `;`) and the named ones that stand for punctuation or
/// whitespace a scheme needs (`&colon;`, `&Tab;`, `&NewLine;` and a few more).
///
/// ``decodeText(_:)`` decodes every reference as a browser does in text and attribute values
/// (the standard's whole table, ``HTMLNamedReferences``): what raw HTML in Markdown holds.
package enum CharacterReference {
  private static let named: [String: String] = [
    "colon": ":", "tab": "\t", "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")",
    "amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">", "nbsp": "\u{A0}",
    "period": ".", "comma": ",", "semi": ";", "num": "#", "percnt": "%", "excl": "!",
  ]

  package static func decode(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var output = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "&" else {
        output.unicodeScalars.append(scalar)
        continue
      }
      if let (decoded, rest) = reference(in: scalars) {
        output.unicodeScalars.append(contentsOf: decoded.unicodeScalars)
        scalars = rest
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// The decoded text of a reference starting just after `&`, and what follows it.
  private static func reference(
    in scalars: ArraySlice<Unicode.Scalar>
  ) -> (String, ArraySlice<Unicode.Scalar>)? {
    var rest = scalars
    if rest.first == "#" {
      rest = rest.dropFirst()
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
    let name = rest.prefix { $0.isASCII && $0.properties.isAlphabetic }
    guard !name.isEmpty, rest.dropFirst(name.count).first == ";",
      let decoded = named[String(String.UnicodeScalarView(name)).lowercased()]
    else { return nil }
    return (decoded, rest.dropFirst(name.count + 1))
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
      if scalars.first == "#", let (decoded, rest) = reference(in: scalars) {
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
