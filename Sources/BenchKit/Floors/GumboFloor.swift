internal import CGumbo

/// gumbo building its own tree, as a C program calling it would: the floor the HTML5 importer
/// is measured against.
enum GumboFloor {
  /// gumbo builds and frees its tree for `html` with its default allocator and no error
  /// records (as the importer parses); the root's child count, so the work cannot be
  /// optimised away.
  static func treeParse(_ html: UnsafeBufferPointer<UInt8>) -> Int {
    var options = kGumboDefaultOptions
    options.max_errors = 0
    let parsed: UnsafeMutablePointer<GumboOutput>? =
      if let base = html.baseAddress {
        base.withMemoryRebound(to: CChar.self, capacity: html.count) { text in
          gumbo_parse_with_options(&options, text, html.count)
        }
      } else {
        gumbo_parse_with_options(&options, "", 0)
      }
    guard let output = parsed else { return 0 }
    let count = Int(output.pointee.document.pointee.v.document.children.length)
    gumbo_destroy_output(&options, output)
    return count
  }
}
