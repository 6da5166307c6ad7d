import Foundation
import RenderCore
import RenderStyling

extension StyledText {
  /// The styled text as JSON: `{"blocks": […], "runs": […], "text": "…"}`.
  ///
  /// Keys are sorted at every level and each block and run is on a line of its own, so two
  /// outputs diff well. `start` and `length` count Unicode scalars of `text`. A run's
  /// `attributes` always hold `fontSize` (CSS px) and `fontWeight` (100–900); every other key
  /// is present only when set: `fontFamily`, `italic`, `monospace`, `foregroundColor`,
  /// `backgroundColor` (`"#rrggbb"`, or `"#rrggbbaa"` when not opaque), `underline`,
  /// `strikethrough`, `link`, `imageURL`, `baselineOffset` (CSS px, positive raises),
  /// `headingLevel` and `taskState` (`"checked"` or `"unchecked"`, on a task box's `☑`/`☐`).
  /// Lengths are rounded to a thousandth of a pixel. A block always holds `start`, `length`,
  /// `kind`, `indentLevel`, `indent`,
  /// `alignment`, `spacingBefore` and `spacingAfter`; `alert`, `anchor`, `backgroundColor`,
  /// `markerLength` and `quoteLevel` when it has them. A document with front matter adds
  /// `"metadata"`: its entries, as JSON values.
  ///
  /// ```swift
  /// let json = styled.jsonData()
  /// // {"blocks":[
  /// // {"alignment":"start","indent":0,"indentLevel":0,"kind":"paragraph","length":2,…}
  /// // ],
  /// // "runs":[
  /// // {"attributes":{"fontSize":16,"fontWeight":400},"length":2,"start":0}
  /// // ],
  /// // "text":"Hi"}
  /// ```
  public func jsonData() -> Data {
    var writer = StyledTextJSONWriter()
    writer.write(self)
    return Data(writer.output)
  }

  /// The JSON form of `document` as ``jsonData()`` writes it, laid out with `styles` without
  /// making the ``StyledText`` first: its `String` would be checked as UTF-8 only to be read
  /// back as bytes.
  package static func jsonUTF8(of document: Document, styles: CascadedStyles) -> [UInt8] {
    StyledTextBuilder(document: document, styles: styles).buildJSON()
  }
}

/// Writes the JSON form of ``StyledText`` by hand into a byte buffer: one pass, no
/// intermediate objects, each distinct style's attributes encoded once.
struct StyledTextJSONWriter {
  private(set) var output: [UInt8] = []

  mutating func write(_ styled: StyledText) {
    var text = styled.string
    text.withUTF8 { bytes in
      write(
        text: bytes, blocks: styled.blocks, runs: styled.indexedRuns, styles: styled.uniqueStyles,
        metadata: styled.metadata)
    }
  }

  /// Writes laid-out text from its parts: `text` its valid UTF-8, `runs` naming their styles in
  /// `styles`.
  mutating func write(
    text: UnsafeBufferPointer<UInt8>, blocks: [TextBlock], runs: [StyledText.IndexedRun],
    styles: [TextStyle], metadata: [String: MetadataValue]
  ) {
    // Each distinct style's attributes are encoded once, into one buffer.
    var attributes = StyledTextJSONWriter()
    var attributeRanges: [Range<Int>] = []
    for style in styles {
      let start = attributes.output.count
      attributes.writeAttributes(of: style)
      attributeRanges.append(start..<attributes.output.count)
    }
    // Sized once, so the output is never copied as it grows: a run's line is its attributes
    // and two numbers; a block's line is about two hundred bytes.
    var runBytes = 0
    for run in runs { runBytes += attributeRanges[run.styleIndex].count + 48 }
    output.reserveCapacity(
      text.count + text.count / 16 + runBytes + blocks.count * 256 + 256)
    append("{\"blocks\":[")
    for (index, block) in blocks.enumerated() {
      append(index == 0 ? "\n" : ",\n")
      write(block)
    }
    append(blocks.isEmpty ? "]," : "\n],")
    if !metadata.isEmpty {
      append("\n\"metadata\":")
      write(MetadataValue.dictionary(metadata))
      append(",")
    }
    append("\n\"runs\":[")
    for (index, run) in runs.enumerated() {
      append(index == 0 ? "\n{\"attributes\":" : ",\n{\"attributes\":")
      output.append(contentsOf: attributes.output[attributeRanges[run.styleIndex]])
      append(",\"length\":")
      appendInteger(run.range.count)
      append(",\"start\":")
      appendInteger(run.range.lowerBound)
      output.append(0x7D)
    }
    append(runs.isEmpty ? "],\n\"text\":" : "\n],\n\"text\":")
    writeString(utf8: text)
    append("}\n")
  }

  /// One block's object; its numbers are written as digits straight into the output, as a
  /// run's are, since a document has a block per paragraph, item and row.
  private mutating func write(_ block: TextBlock) {
    append("{")
    if let alert = block.alert {
      append("\"alert\":")
      writeString(alert)
      append(",")
    }
    append("\"alignment\":\"")
    append(block.alignment.rawValue)
    append("\"")
    if let anchor = block.anchor {
      append(",\"anchor\":")
      writeString(anchor)
    }
    if let color = block.backgroundColor { append(",\"backgroundColor\":\"\(Self.hex(color))\"") }
    append(",\"indent\":")
    appendNumber(block.indent)
    append(",\"indentLevel\":")
    appendInteger(block.indentLevel)
    append(",\"kind\":\"")
    append(block.kind.rawValue)
    append("\",\"length\":")
    appendInteger(block.range.count)
    if block.markerLength > 0 {
      append(",\"markerLength\":")
      appendInteger(block.markerLength)
    }
    if block.quoteLevel > 0 {
      append(",\"quoteLevel\":")
      appendInteger(block.quoteLevel)
    }
    append(",\"spacingAfter\":")
    appendNumber(block.spacingAfter)
    append(",\"spacingBefore\":")
    appendNumber(block.spacingBefore)
    append(",\"start\":")
    appendInteger(block.range.lowerBound)
    append("}")
  }

  /// A metadata value, keys sorted; numbers JSON cannot hold (infinities, NaN) become null.
  /// Containers wait on a stack, so any depth is written without recursion.
  private mutating func write(_ value: MetadataValue) {
    enum Step {
      case value(MetadataValue)
      case text(String)
      case key(String)
    }
    var steps: [Step] = [.value(value)]
    while let step = steps.popLast() {
      switch step {
      case .text(let text): append(text)
      case .key(let key):
        writeString(key)
        append(":")
      case .value(.null): append("null")
      case .value(.bool(let bool)): append(bool ? "true" : "false")
      case .value(.integer(let integer)): appendInteger(integer)
      case .value(.double(let double)): append(double.isFinite ? "\(double)" : "null")
      case .value(.string(let string)): writeString(string)
      case .value(.array(let items)):
        append("[")
        steps.append(.text("]"))
        for (index, item) in items.enumerated().reversed() {
          steps.append(.value(item))
          if index > 0 { steps.append(.text(",")) }
        }
      case .value(.dictionary(let entries)):
        append("{")
        steps.append(.text("}"))
        for (index, key) in entries.keys.sorted().enumerated().reversed() {
          steps.append(.value(entries[key]!))
          steps.append(.key(key))
          if index > 0 { steps.append(.text(",")) }
        }
      }
    }
  }

  /// The attributes object, keys in sorted order, default values left out.
  private mutating func writeAttributes(of style: TextStyle) {
    append("{")
    if let color = style.backgroundColor { append("\"backgroundColor\":\"\(Self.hex(color))\",") }
    if style.baselineOffset != 0 {
      append("\"baselineOffset\":\(Self.number(style.baselineOffset)),")
    }
    if let family = style.fontFamily {
      append("\"fontFamily\":")
      writeString(family)
      append(",")
    }
    append("\"fontSize\":\(Self.number(style.fontSize)),\"fontWeight\":\(style.fontWeight)")
    if let color = style.foregroundColor { append(",\"foregroundColor\":\"\(Self.hex(color))\"") }
    if let level = style.headingLevel { append(",\"headingLevel\":\(level)") }
    if let source = style.imageURL {
      append(",\"imageURL\":")
      writeString(source)
    }
    if style.italic { append(",\"italic\":true") }
    if let target = style.link {
      append(",\"link\":")
      writeString(target)
    }
    if style.monospace { append(",\"monospace\":true") }
    if style.strikethrough { append(",\"strikethrough\":true") }
    if let state = style.taskState { append(",\"taskState\":\"\(state.rawValue)\"") }
    if style.underline { append(",\"underline\":true") }
    append("}")
  }

  /// A JSON string: quotes, backslash and control characters escaped, and U+2028/U+2029 too,
  /// so the output can be embedded in JavaScript.
  private mutating func writeString(_ text: String) {
    var text = text
    text.withUTF8 { writeString(utf8: $0) }
  }

  /// ``writeString(_:)`` of valid UTF-8.
  private mutating func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    output.append(0x22)
    var start = 0
    var index = 0
    while index < bytes.count {
      // Eight bytes at a time while none may need escaping (U+2028 and U+2029 start with 0xE2).
      if bytes.count - index >= 8 {
        let word = ByteWord(bytes, at: index)
        if word.controls | word.marks(0x22) | word.marks(0x5C) | word.marks(0xE2) == 0 {
          index += 8
          continue
        }
      }
      let byte = bytes[index]
      var escapedLength = 0
      if byte < 0x20 || byte == 0x22 || byte == 0x5C {
        escapedLength = 1
      } else if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
      {
        escapedLength = 3
      }
      guard escapedLength > 0 else {
        index += 1
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      append(
        escapedLength == 3
          ? (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029") : Self.escape(byte))
      index += escapedLength
      start = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    output.append(0x22)
  }

  private static func escape(_ byte: UInt8) -> String {
    switch byte {
    case 0x22: return "\\\""
    case 0x5C: return "\\\\"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x08: return "\\b"
    case 0x0C: return "\\f"
    default:
      let digits = String(byte, radix: 16)
      return "\\u00" + (digits.count == 1 ? "0" : "") + digits
    }
  }

  private mutating func append(_ text: StaticString) {
    output.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  /// Decimal digits without an intermediate string: there are two integers per run. They are
  /// made last first, into room for the longest, each by a division by the constant 10,
  /// which compiles to a multiplication.
  private mutating func appendInteger(_ value: Int) {
    if value < 0 { output.append(0x2D) }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// ``number(_:)`` written into the output; whole numbers (most lengths) as digits, with
  /// no intermediate string.
  private mutating func appendNumber(_ value: Double) {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      appendInteger(Int(value))
    } else {
      append(Self.number(value))
    }
  }

  /// CSS pixels to a thousandth (finer than any screen shows, and free of floating-point
  /// noise such as `3.9200000000000017`); integers without a fraction; never NaN or
  /// infinity, which JSON cannot hold.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    return "\(rounded)"
  }

  /// `#rrggbb`, or `#rrggbbaa` when the colour is not opaque.
  static func hex(_ color: CSSColor) -> String {
    guard color.alpha < 1 else { return color.hex }
    let alpha = UInt8((max(0, color.alpha) * 255).rounded())
    let digits = String(alpha, radix: 16)
    return color.hex + (digits.count == 1 ? "0" : "") + digits
  }
}
