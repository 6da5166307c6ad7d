/// Finds the content of a whole HTML document's body in its source, for pages made from
/// trusted (unsafe, unsanitized) HTML, which is passed on as written rather than parsed and
/// written again. Sanitized pages take the body from the parsed tree instead.
enum HTMLDocumentBody {
  /// The source between `<body…>` and `</body>` (or after `</head>`, without `</html>`);
  /// `html` itself when it is a fragment.
  static func content(of html: String) -> String {
    let lowered = html.lowercased()
    guard lowered.utf8.count == html.utf8.count else { return html }
    let bytes = Array(html.utf8)
    let search = Array(lowered.utf8)
    var start = 0
    if let body = firstRange(of: "<body", in: search),
      let close = search[body.upperBound...].firstIndex(of: UInt8(ascii: ">"))
    {
      start = close + 1
    } else if let head = firstRange(of: "</head", in: search),
      let close = search[head.upperBound...].firstIndex(of: UInt8(ascii: ">"))
    {
      start = close + 1
    } else {
      return html
    }
    var end = bytes.count
    for name in ["</body", "</html"] {
      if let range = lastRange(of: name, in: search), range.lowerBound >= start {
        end = min(end, range.lowerBound)
      }
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private static func firstRange(of text: String, in bytes: [UInt8]) -> Range<Int>? {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count)
    where bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle) {
      return start..<(start + needle.count)
    }
    return nil
  }

  private static func lastRange(of text: String, in bytes: [UInt8]) -> Range<Int>? {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return nil }
    for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
    where bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle) {
      return start..<(start + needle.count)
    }
    return nil
  }
}
