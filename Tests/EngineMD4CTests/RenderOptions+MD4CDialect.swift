import RenderCore

extension RenderOptions {
  /// Every extension md4c offers (GitHub's dialect without its tag filter), safe or not.
  static func md4cDialect(unsafe: Bool = false) -> RenderOptions {
    RenderOptions(unsafe: unsafe, extensions: [.tables, .strikethrough, .taskLists, .autolinks])
  }
}
