import Foundation

/// Brings any text into the form every engine receives: valid UTF-8, no NUL, `\n` line ends.
///
/// ```swift
/// let text = MarkdownInput.decode(bytes)   // invalid UTF-8 becomes U+FFFD
/// let ready = MarkdownInput.prepare(text)  // NUL becomes U+FFFD, CRLF and CR become LF
/// ```
public enum MarkdownInput {
  /// Decodes bytes as UTF-8, replacing each invalid sequence with U+FFFD; never fails.
  public static func decode(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Replaces NUL with U+FFFD (as CommonMark requires) and turns CRLF and lone CR into LF.
  ///
  /// Returns `text` itself, uncopied, when there is nothing to change.
  public static func prepare(_ text: String) -> String {
    var text = text
    let needsWork = text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0, bytes.count) != nil || memchr(base, 13, bytes.count) != nil
    }
    guard needsWork else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count + 16)
    var previousWasCarriageReturn = false
    for byte in text.utf8 {
      switch byte {
      case 0:
        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      case 13:
        output.append(10)
      case 10 where previousWasCarriageReturn:
        break
      default:
        output.append(byte)
      }
      previousWasCarriageReturn = byte == 13
    }
    return String(decoding: output, as: UTF8.self)
  }
}
