/// A language the highlighter knows: its canonical name, the info strings that name it, its
/// source-highlight definition and the element classes that differ from the usual ones.
struct HighlightLanguage: Sendable {
  /// The canonical name, as `supportedLanguages` lists it.
  let name: String
  /// The other info strings that name it, lower case.
  let aliases: [String]
  /// The definition's file name.
  let definition: String
  /// Whether the definition is this package's (Languages/) rather than Debian's.
  let bundled: Bool
  /// Element classes for this language where they differ from `ElementClasses.usual`.
  var elementClasses: [String: TokenClass] = [:]
}

/// The one table of languages and aliases: every fenced block's info string is looked up here.
/// C# is left out: the library's definition parser leaks memory reading Debian's csharp.lang.
enum LanguageTable {
  // Markup definitions call tags "keyword" and attribute names "type".
  private static let markup: [String: TokenClass] = ["keyword": .tag, "type": .attribute]

  static let languages: [HighlightLanguage] = [
    HighlightLanguage(name: "swift", aliases: [], definition: "swift.lang", bundled: true),
    HighlightLanguage(name: "c", aliases: ["h"], definition: "c.lang", bundled: false),
    HighlightLanguage(
      name: "cpp", aliases: ["c++", "cxx", "cc", "hpp", "hh", "h++"], definition: "cpp.lang",
      bundled: false),
    HighlightLanguage(
      name: "objc", aliases: ["objective-c", "objectivec", "obj-c", "m"], definition: "objc.lang",
      bundled: true),
    HighlightLanguage(
      name: "python", aliases: ["py", "python3", "py3", "gyp"], definition: "python.lang",
      bundled: true),
    HighlightLanguage(
      name: "javascript", aliases: ["js", "node", "mjs", "cjs", "jsx"],
      definition: "javascript.lang", bundled: true),
    HighlightLanguage(
      name: "typescript", aliases: ["ts", "tsx", "mts", "cts"], definition: "typescript.lang",
      bundled: true),
    HighlightLanguage(
      name: "json", aliases: ["jsonc", "json5", "geojson"], definition: "json.lang",
      bundled: false,
      elementClasses: ["key": .tag, "keyquote": .tag, "valquote": .string, "colon": .punctuation]),
    HighlightLanguage(name: "yaml", aliases: ["yml"], definition: "yaml.lang", bundled: true),
    HighlightLanguage(name: "toml", aliases: [], definition: "toml.lang", bundled: true),
    HighlightLanguage(
      name: "bash", aliases: ["sh", "shell", "zsh", "ksh", "shell-script", "shellscript"],
      definition: "sh.lang", bundled: true),
    HighlightLanguage(name: "go", aliases: ["golang"], definition: "go.lang", bundled: false),
    HighlightLanguage(name: "rust", aliases: ["rs"], definition: "rust.lang", bundled: false),
    HighlightLanguage(name: "java", aliases: [], definition: "java.lang", bundled: false),
    HighlightLanguage(
      name: "kotlin", aliases: ["kt", "kts"], definition: "kotlin.lang", bundled: true),
    HighlightLanguage(
      name: "ruby", aliases: ["rb", "gemfile", "podfile", "rake"], definition: "ruby.lang",
      bundled: false),
    HighlightLanguage(
      name: "html", aliases: ["htm", "xhtml"], definition: "html.lang", bundled: false,
      elementClasses: markup),
    HighlightLanguage(
      name: "xml", aliases: ["svg", "plist", "xsl"], definition: "xml.lang", bundled: false,
      elementClasses: markup),
    HighlightLanguage(name: "css", aliases: [], definition: "css.lang", bundled: false),
    HighlightLanguage(name: "sql", aliases: [], definition: "sql.lang", bundled: false),
    HighlightLanguage(
      name: "diff", aliases: ["patch", "udiff"], definition: "diff.lang", bundled: true),
    HighlightLanguage(
      name: "dockerfile", aliases: ["docker", "containerfile"], definition: "dockerfile.lang",
      bundled: true),
    HighlightLanguage(
      name: "markdown", aliases: ["md", "mkd", "mdown"], definition: "markdown.lang",
      bundled: true),
    HighlightLanguage(name: "php", aliases: [], definition: "php.lang", bundled: false),
    HighlightLanguage(
      name: "perl", aliases: ["pl", "pm"], definition: "perl.lang", bundled: false),
    HighlightLanguage(name: "lua", aliases: [], definition: "lua.lang", bundled: false),
    HighlightLanguage(name: "scala", aliases: [], definition: "scala.lang", bundled: false),
    HighlightLanguage(name: "haskell", aliases: ["hs"], definition: "haskell.lang", bundled: false),
    HighlightLanguage(
      name: "makefile", aliases: ["make", "mk", "mak"], definition: "makefile.lang",
      bundled: false),
  ]

  /// Every name and alias to its language.
  static let byName: [String: HighlightLanguage] = {
    var table: [String: HighlightLanguage] = [:]
    for language in languages {
      table[language.name] = language
      for alias in language.aliases { table[alias] = language }
    }
    return table
  }()
}

/// The usual class of each source-highlight element name; an element not listed is plain.
/// Definitions call built-in types (`int`, `u32`) "type": they are reserved words, keywords as
/// GitHub shows them.
enum ElementClasses {
  /// Elements that name a rule matched inside a string or comment (a URL, a TODO): they
  /// keep the class of the run before them.
  static let inheriting: Set<String> = ["url", "todo"]

  static let usual: [String: TokenClass] = [
    "keyword": .keyword, "type": .keyword, "usertype": .type, "classname": .type,
    "string": .string, "regexp": .string, "specialchar": .string, "comment": .comment,
    "number": .number, "preproc": .preprocessor, "symbol": .operator,
    "cbracket": .punctuation, "function": .function, "predef_func": .function,
    "variable": .variable, "predef_var": .variable, "attribute": .attribute,
    "property": .attribute, "tag": .tag, "heading": .heading, "difflines": .subheading,
    "newfile": .inserted, "oldfile": .deleted, "constant": .constant, "label": .constant,
  ]
}
