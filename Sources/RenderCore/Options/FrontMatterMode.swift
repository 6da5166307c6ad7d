/// What a leading YAML block (`---` on the first line, closed by `---` or `...`) becomes.
///
/// The raw values are the names used in `render.json` and on the command line:
/// `{"options": {"frontMatter": "metadataOrText"}}`, `render --front-matter text`.
public enum FrontMatterMode: String, Sendable, Hashable, CaseIterable, Codable {
  /// The block is taken out and read as the document's metadata; malformed YAML is an error
  /// that gives its line and column (the default).
  case metadata
  /// As ``metadata``, but a block that is not valid YAML stays in the text and renders as
  /// Markdown, as it would with no front matter support.
  case metadataOrText
  /// The block is never taken out: it renders as Markdown (a rule and a heading, typically).
  case text
}
