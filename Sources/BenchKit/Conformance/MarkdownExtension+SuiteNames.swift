import RenderCore

extension MarkdownExtension {
  /// The extensions cmark-gfm's own test run turns on for its `extensions.txt` suite.
  static let cmarkGFMTestExtensions: Set<MarkdownExtension> = [
    .tables, .strikethrough, .autolinks, .tagFilter, .footnotes, .taskLists,
  ]

  /// The extension cmark-gfm (and the GFM spec's examples) call `name`: `table`,
  /// `strikethrough`, `autolink`, `tasklist`, `tagfilter`, `footnotes`; `nil` for another name.
  init?(cmarkGFMName name: String) {
    switch name {
    case "table": self = .tables
    case "strikethrough": self = .strikethrough
    case "autolink": self = .autolinks
    case "tasklist": self = .taskLists
    case "tagfilter": self = .tagFilter
    case "footnotes": self = .footnotes
    default: return nil
    }
  }
}
