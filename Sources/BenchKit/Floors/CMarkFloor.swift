internal import CCMark
import Foundation

/// libcmark called as a C program calls it: the floor the cmark engine's overhead is
/// measured against.
enum CMarkFloor {
  /// `cmark_markdown_to_html` and the free of its buffer, with no String produced; the
  /// HTML's length, so the work cannot be optimised away.
  static func render(_ bytes: UnsafeBufferPointer<UInt8>, flags: Int32) -> Int {
    bytes.withMemoryRebound(to: CChar.self) { text in
      guard let buffer = cmark_markdown_to_html(text.baseAddress, text.count, flags) else {
        return 0
      }
      defer { free(buffer) }
      return strlen(buffer)
    }
  }
}
