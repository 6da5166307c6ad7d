internal import CDiscount
import EngineDiscount

/// libmarkdown called as a C program calls it: the floor the Discount engine's overhead is
/// measured against.
enum DiscountFloor {
  /// `mkd_string`, `mkd_compile`, `mkd_document` and `mkd_cleanup` on the caller's thread,
  /// unserialised, with Discount's own code blocks; the HTML's length, with no String
  /// produced. The engine's hand-off to its large-stack thread is framework cost, so the
  /// floor leaves it out; libmarkdown keeps global state, so only single-threaded benchmarks
  /// may call this.
  static func render(_ bytes: UnsafeBufferPointer<UInt8>, flags: UInt32) -> Int {
    // Initialised as the engine initialises it, so that both run the same library.
    DiscountEngine.prepareLibrary()
    return bytes.withMemoryRebound(to: CChar.self) { text in
      guard let base = text.baseAddress, !text.isEmpty,
        let document = mkd_string(base, Int32(text.count), flags)
      else { return 0 }
      defer { mkd_cleanup(document) }
      guard mkd_compile(document, flags) != 0 else { return 0 }
      var output: UnsafeMutablePointer<CChar>?
      let length = mkd_document(document, &output)
      guard output != nil, length > 0 else { return 0 }
      return Int(length)
    }
  }
}
