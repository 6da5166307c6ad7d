internal import CHTMLParser

/// libxml2 building its own tree, as a C program calling it would: the floor the libxml2
/// importer is measured against.
enum LibXML2Floor {
  /// libxml2 builds and frees its tree for `html` (valid UTF-8) with the importer's parse
  /// options; the tree's top-level node count, so the work cannot be optimised away. The call
  /// is the C shim's: libxml2 is reached only through it.
  static func treeParse(_ html: UnsafeBufferPointer<UInt8>) -> Int {
    chp_benchmark_tree_parse(html.baseAddress, html.count)
  }
}
