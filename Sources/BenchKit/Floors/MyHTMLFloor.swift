internal import CMyHTML

/// MyHTML building its own tree, as a C program calling it would: the floor the HTML5 importer
/// is measured against.
enum MyHTMLFloor {
  /// MyHTML builds and frees its tree for `html` in its single-threaded mode (as the importer
  /// parses); the document's child count, so the work cannot be optimised away.
  static func treeParse(_ html: UnsafeBufferPointer<UInt8>) -> Int {
    guard let parser = myhtml_create() else { return 0 }
    defer { myhtml_destroy(parser) }
    guard myhtml_init(parser, MyHTML_OPTIONS_PARSE_MODE_SINGLE, 1, 0) == 0,
      let tree = myhtml_tree_create()
    else { return 0 }
    defer { myhtml_tree_destroy(tree) }
    guard myhtml_tree_init(tree, parser) == 0 else { return 0 }
    let status = html.withMemoryRebound(to: CChar.self) { text in
      myhtml_parse(
        tree, MyENCODING_UTF_8, text.baseAddress ?? UnsafePointer(bitPattern: 1), text.count)
    }
    guard status == 0 else { return 0 }
    var count = 0
    var child = myhtml_node_child(myhtml_tree_get_document(tree))
    while let node = child {
      count += 1
      child = myhtml_node_next(node)
    }
    return count
  }
}
