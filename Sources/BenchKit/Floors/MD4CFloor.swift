import EngineMD4C

/// md4c's own HTML renderer called as a C program calls it: the floor the md4c engine's
/// overhead is measured against.
enum MD4CFloor {
  /// `md_html` into one growing buffer, freed, with no String produced; the HTML's length.
  /// The engine writes the same HTML from the same parser, so the floor is the library doing
  /// all of it in C.
  static func render(_ bytes: UnsafeBufferPointer<UInt8>, flags: UInt32) -> Int {
    MD4CEngine.libraryHTML(bytes, flags: flags).bytes.count
  }
}
