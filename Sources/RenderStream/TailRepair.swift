/// Makes the unfinished end of a Markdown stream display as it will once finished, without
/// its raw syntax flashing: an open fence is closed (so the text shows as code in its
/// language), open code spans, emphasis, strikethrough and link destinations in the last
/// paragraph are closed, and a partial last line of only `-` or `=` (which may become a
/// setext underline, a rule or a list item) is left out.
///
/// ```swift
/// TailRepair().repaired("Some **bold te")  // "Some **bold te**"
/// TailRepair().repaired("```swift\nlet x", openFence: "```")  // "```swift\nlet x\n```"
/// ```
///
/// The repair only appends or drops text at the end: it never changes what comes before.
public struct TailRepair: Sendable {
  /// Creates a repair.
  public init() {}

  /// The tail made displayable; `openFence` is the fence (its character repeated) to close
  /// when the tail ends inside a fenced code block.
  public func repaired(_ tail: String, openFence: String? = nil) -> String {
    var text = Array(tail.utf8)
    if let openFence {
      if let last = text.last, last != 0x0A, last != 0x0D { text.append(0x0A) }
      text.append(contentsOf: openFence.utf8)
      text.append(0x0A)
      return String(decoding: text, as: UTF8.self)
    }
    dropPartialUnderline(&text)
    let closers = Self.closers(of: text[Self.lastParagraphStart(of: text)...])
    if !closers.isEmpty {
      while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
      text.append(contentsOf: closers)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Drops a last line, not yet ended, made only of `-` or `=` and blanks.
  private func dropPartialUnderline(_ text: inout [UInt8]) {
    let lineStart = (text.lastIndex { $0 == 0x0A || $0 == 0x0D } ?? -1) + 1
    let line = text[lineStart...]
    guard let marker = line.first(where: { $0 != 0x20 && $0 != 0x09 }),
      marker == 0x2D || marker == 0x3D,
      line.allSatisfy({ $0 == marker || $0 == 0x20 || $0 == 0x09 })
    else { return }
    text.removeSubrange(lineStart...)
  }

  /// Where the text after the last blank line starts.
  static func lastParagraphStart(of text: [UInt8]) -> Int {
    var index = text.count
    var lineHasText = false
    while index > 0 {
      let byte = text[index - 1]
      if byte == 0x0A || byte == 0x0D {
        if !lineHasText, index < text.count { return index }
        lineHasText = false
      } else if byte != 0x20 && byte != 0x09 {
        lineHasText = true
      }
      index -= 1
    }
    return 0
  }

  private enum Opener {
    case codeSpan(length: Int)
    case delimiter(character: UInt8, length: Int)
    case linkDestination
  }

  /// The text that closes, innermost first, what `paragraph` leaves open.
  static func closers(of paragraph: ArraySlice<UInt8>) -> [UInt8] {
    var open: [Opener] = []
    var index = paragraph.startIndex
    while index < paragraph.endIndex {
      let byte = paragraph[index]
      // Only delimiter runs are measured: measuring every byte's run would make a long run
      // of one other byte cost its length squared.
      let isDelimiter = byte == 0x60 || byte == 0x2A || byte == 0x5F || byte == 0x7E
      let run = isDelimiter ? runLength(in: paragraph, at: index) : 1
      if case .codeSpan(let length) = open.last {
        if byte == 0x60, run == length { open.removeLast() }
        index += byte == 0x60 ? run : 1
        continue
      }
      switch byte {
      case 0x5C:
        index += 2
        continue
      case 0x60:
        open.append(.codeSpan(length: run))
      case 0x2A, 0x5F, 0x7E:
        let before = index > paragraph.startIndex ? paragraph[index - 1] : 0x20
        let after = index + run < paragraph.endIndex ? paragraph[index + run] : 0x20
        if !isBlank(before), case .delimiter(byte, _) = open.last {
          open.removeLast()
        } else if !isBlank(after), byte != 0x7E || run == 2 {
          open.append(.delimiter(character: byte, length: min(run, 3)))
        }
      case 0x5D where index + 1 < paragraph.endIndex && paragraph[index + 1] == 0x28:
        open.append(.linkDestination)
        index += 2
        continue
      case 0x29:
        if case .linkDestination = open.last { open.removeLast() }
      default:
        break
      }
      index += isDelimiter ? run : 1
    }
    var closers: [UInt8] = []
    for opener in open.reversed() {
      switch opener {
      case .codeSpan(let length): closers += Array(repeating: 0x60, count: length)
      case .delimiter(let character, let length):
        closers += Array(repeating: character, count: length)
      case .linkDestination: closers.append(0x29)
      }
    }
    return closers
  }

  private static func runLength(in text: ArraySlice<UInt8>, at index: Int) -> Int {
    var end = index
    while end < text.endIndex, text[end] == text[index] { end += 1 }
    return end - index
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
