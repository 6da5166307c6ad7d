/// An inline span md4c enters or leaves.
enum MD4CSpan {
  /// `<em>`.
  case emphasis
  /// `<strong>`.
  case strong
  /// `<a href title>`; `title` is nil when the link has none.
  case link(destination: MD4CAttribute, title: MD4CAttribute?)
  /// `<img src alt title>`: the alt text is the plain text inside the span.
  case image(source: MD4CAttribute, title: MD4CAttribute?)
  /// `<code>`.
  case code
  /// `<del>`.
  case strikethrough
  /// A span of an md4c extension the engine never turns on (LaTeX math, wiki links, underline).
  case unsupported
}
