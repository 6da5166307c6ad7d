/// The attributes of one `<meta …>` tag as the encoding prescan reads them: lower-case names,
/// quoted or bare values, first occurrence wins.
struct MetaAttributes {
  private var values: [String: String] = [:]

  init(_ source: Substring) {
    var rest = source
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == "/" }
      let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
      guard !name.isEmpty else { return }
      rest = rest.dropFirst(name.count).drop(while: \.isWhitespace)
      var value = Substring("")
      if rest.first == "=" {
        rest = rest.dropFirst().drop(while: \.isWhitespace)
        if let quote = rest.first, quote == "\"" || quote == "'" {
          value = rest.dropFirst().prefix { $0 != quote }
          rest = rest.dropFirst(value.count + 2)
        } else {
          value = rest.prefix { !$0.isWhitespace }
          rest = rest.dropFirst(value.count)
        }
      }
      let key = name.lowercased()
      if values[key] == nil { values[key] = value.trimmingWhitespace() }
    }
  }

  subscript(name: String) -> String? { values[name] }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
