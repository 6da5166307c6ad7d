import Foundation

extension DiscountEngine {
  /// What Discount 2.2.7 (Debian builds it with GitHub checkboxes, as glyphs) writes for a list
  /// item that starts with `[ ]`, `[x]` or `[X]`, whatever flags it is given; the marker's three
  /// characters are gone from the text.
  private static let taskItemPrefix = Array(#" class="github_checkbox">&#x261"#.utf8)

  /// The letter a checked marker had in `markdown`: `X` when only `[X]` occurs, else `x`
  /// (Discount reads both alike and keeps neither). Asked only when a checked item occurs.
  static func checkedTaskLetter(in markdown: String) -> UInt8 {
    var sawUpper = false
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in markdown.utf8 {
      if byte == UInt8(ascii: "]"), previous.0 == UInt8(ascii: "[") {
        if previous.1 == UInt8(ascii: "x") { return UInt8(ascii: "x") }
        if previous.1 == UInt8(ascii: "X") { sawUpper = true }
      }
      previous = (previous.1, byte)
    }
    return sawUpper ? UInt8(ascii: "X") : UInt8(ascii: "x")
  }

  /// `html` with Discount's task-list glyphs written back as the `[ ]` / `[x]` text they came
  /// from (and the `github_checkbox` class dropped), for renders that did not ask for task
  /// lists; nil when there is none.
  static func restoringTaskMarkers(
    in html: UnsafeBufferPointer<UInt8>, checkedLetter: () -> UInt8
  ) -> [UInt8]? {
    guard let base = html.baseAddress else { return nil }
    let prefix = taskItemPrefix
    // prefix, then `0;` (unchecked) or `1;` (checked).
    let length = prefix.count + 2
    var output: [UInt8]?
    var copiedUpTo = 0
    var index = 0
    // `#` is rare in text; memchr skips to each one at memory speed.
    let hashOffset = prefix.firstIndex(of: UInt8(ascii: "#"))!
    while index < html.count,
      let found = memchr(base + index, Int32(UInt8(ascii: "#")), html.count - index)
    {
      let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - hashOffset
      index = start + hashOffset + 1
      guard start >= copiedUpTo, start + length <= html.count,
        html[start + length - 1] == UInt8(ascii: ";"),
        html[start..<(start + prefix.count)].elementsEqual(prefix)
      else { continue }
      let glyph = html[start + prefix.count]
      guard glyph == UInt8(ascii: "0") || glyph == UInt8(ascii: "1") else { continue }
      if output == nil { output = [] }
      output!.append(contentsOf: html[copiedUpTo..<start])
      output!.append(contentsOf: [
        UInt8(ascii: ">"), UInt8(ascii: "["),
        glyph == UInt8(ascii: "1") ? checkedLetter() : UInt8(ascii: " "), UInt8(ascii: "]"),
      ])
      copiedUpTo = start + length
      index = copiedUpTo
    }
    guard var output else { return nil }
    output.append(contentsOf: html[copiedUpTo...])
    return output
  }
}
