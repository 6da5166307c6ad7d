internal import CCMarkGFMLoader

/// libcmark-gfm called as a C program calls it: the floor the cmark-gfm engine's overhead is
/// measured against.
enum CMarkGFMFloor {
  /// Parse, render and free in C, through the loader (the library lives in a link-map
  /// namespace of its own, reached only from C); the HTML's length, with no String produced.
  static func render(
    _ bytes: UnsafeBufferPointer<UInt8>, options: Int32, extensions: UInt32
  ) -> Int {
    bytes.withMemoryRebound(to: CChar.self) { text in
      max(0, rgfm_markdown_to_html_length(text.baseAddress, text.count, options, extensions))
    }
  }
}
