import RenderCore

/// Empties dangerous `href` and `src` values in HTML that Discount generated in safe mode.
///
/// Discount's `MKD_SAFELINK` checks link targets but not image sources, and it does not
/// decode character references before checking (`&#106;avascript:` passes). In safe mode
/// every tag in the output is Discount's own (raw HTML is escaped), so its attributes are
/// always `name="value"` with `"` escaped inside: a byte scan finds them reliably.
/// The value is emptied, as cmark does, so both engines agree.
enum GeneratedHTMLURLFilter {
  private static let attributePrefixes: [[UInt8]] = [Array(" href=\"".utf8), Array(" src=\"".utf8)]

  /// `html` with every dangerous `href` and `src` value emptied; `html` itself when there is none.
  static func removingDangerousURLs(from html: HTMLBytes) -> HTMLBytes {
    let bytes = html.bytes
    let dangerousValues = dangerousValueRanges(in: bytes)
    guard !dangerousValues.isEmpty else { return html }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var copiedUpTo = 0
    for range in dangerousValues {
      output.append(contentsOf: bytes[copiedUpTo..<range.lowerBound])
      copiedUpTo = range.upperBound
    }
    output.append(contentsOf: bytes[copiedUpTo...])
    return output.withUnsafeBufferPointer { HTMLBytes(copying: $0) }
  }

  /// The byte ranges of the `href` and `src` values a browser would treat as dangerous.
  private static func dangerousValueRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: " "),
        let prefix = attributePrefixes.first(where: { matches($0, in: bytes, at: index) })
      else {
        index += 1
        continue
      }
      let valueStart = index + prefix.count
      var valueEnd = valueStart
      while valueEnd < bytes.count, bytes[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
      let value = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
      if URLSafety.isDangerous(attributeText: value) { ranges.append(valueStart..<valueEnd) }
      index = valueEnd
    }
    return ranges
  }

  private static func matches(
    _ prefix: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> Bool {
    guard index + prefix.count <= bytes.count else { return false }
    for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
    return true
  }
}
