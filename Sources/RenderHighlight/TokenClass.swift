/// What a run of code is, in one small vocabulary shared by every language.
public enum TokenClass: String, Sendable, CaseIterable, Codable {
  /// Text no rule classes: names, whitespace, anything unrecognised.
  case plain
  /// A reserved word, a built-in type or a built-in constant (`if`, `int`, `true`, `nil`).
  case keyword
  /// A type's name, declared or by convention capitalised (`Greeter`, `String`).
  case type
  /// A string or character literal, with its quotes and escapes.
  case string
  /// A comment, documentation comments included.
  case comment
  /// A numeric literal.
  case number
  /// A function's name where it is called or declared.
  case function
  /// An operator (`+`, `==`, `->`).
  case `operator`
  /// Brackets, braces and separators.
  case punctuation
  /// A variable singled out by the language (`$HOME`, `@name`).
  case variable
  /// A named constant.
  case constant
  /// A preprocessor or compiler directive (`#include`, `#if`).
  case preprocessor
  /// A markup tag or a key of a data format (`<div>`, a JSON key).
  case tag
  /// A markup attribute or a declaration attribute (`href=`, `@MainActor`).
  case attribute
  /// A heading line (a Markdown heading, a diff's file header).
  case heading
  /// A diff's hunk header (`@@ -1,2 +1,2 @@`).
  case subheading
  /// A line a diff adds.
  case inserted
  /// A line a diff removes.
  case deleted

  /// Pygments' short CSS class for the class, so that any Pygments stylesheet colours the
  /// output; nil for plain text, which needs no class.
  public var cssClass: String? {
    switch self {
    case .plain: nil
    case .keyword: "k"
    case .type: "nc"
    case .string: "s"
    case .comment: "c"
    case .number: "m"
    case .function: "nf"
    case .operator: "o"
    case .punctuation: "p"
    case .variable: "nv"
    case .constant: "no"
    case .preprocessor: "cp"
    case .tag: "nt"
    case .attribute: "na"
    case .heading: "gh"
    case .subheading: "gu"
    case .inserted: "gi"
    case .deleted: "gd"
    }
  }
}
