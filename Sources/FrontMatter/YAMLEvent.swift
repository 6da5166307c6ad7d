/// One event of libyaml's parser, in Swift terms; positions are 1-based lines and columns of
/// the YAML text.
enum YAMLEvent: Equatable {
  /// Where an event starts.
  struct Mark: Equatable {
    var line: Int
    var column: Int
  }

  /// A document starts (explicitly with `---`, or implicitly).
  case documentStart(Mark)
  /// A scalar: its text, anchor, whether it was quoted or a block scalar (never resolved to a
  /// number or boolean), and its explicit tag.
  case scalar(String, anchor: String?, quoted: Bool, tag: String?, Mark)
  /// A sequence starts.
  case sequenceStart(anchor: String?, Mark)
  /// A mapping starts.
  case mappingStart(anchor: String?, Mark)
  /// The innermost sequence or mapping ends.
  case collectionEnd
  /// `*name`: the value anchored as `&name` again.
  case alias(String, Mark)
}
