/// Syntax beyond CommonMark that some engines offer; all are off unless asked for.
///
/// The raw values are the names used in `render.json` and on the command line:
/// `{"options": {"extensions": ["tables", "footnotes"]}}`, `render --extension tables`.
public enum MarkdownExtension: String, Sendable, Hashable, CaseIterable, Codable {
  /// Pipe tables.
  case tables
  /// `~~struck~~` text.
  case strikethrough
  /// `A^B` superscript.
  case superscript
  /// `[^1]` footnotes.
  case footnotes
  /// Definition lists.
  case definitionLists
  /// Bare `https://…` URLs become links.
  case autolinks
  /// `- [ ]` and `- [x]` list items become checkboxes.
  case taskLists
  /// GitHub's tagfilter: raw `<script>`, `<style>`, `<iframe>` and the like are escaped even
  /// when raw HTML passes.
  case tagFilter

  /// The feature an engine must declare to honour this extension.
  public var feature: RenderFeature {
    switch self {
    case .tables: .tables
    case .strikethrough: .strikethrough
    case .superscript: .superscript
    case .footnotes: .footnotes
    case .definitionLists: .definitionLists
    case .autolinks: .autolinks
    case .taskLists: .taskLists
    case .tagFilter: .tagFilter
    }
  }
}
