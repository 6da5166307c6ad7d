extension String {
  /// The text with leading and trailing white space removed.
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The text with each run of white space made one space, and trimmed.
  var collapsingWhitespace: String {
    split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether the text is empty or only white space.
  var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
