/// Command-line arguments read one at a time, as every command of the package reads them:
/// `--name=value` and `--name value` both give an option its value.
package struct CommandArguments {
  /// One argument as read: as written, its name (before any `=`), and the value after `=`.
  package struct Argument {
    /// The argument as written.
    package let text: String
    /// The option's name: the text before `=` for a `--` option, else the whole text.
    package let name: String
    /// The value written after `=`, if any.
    package let attached: String?
  }

  private var remaining: ArraySlice<String>

  /// The arguments after the program's name.
  package init(_ arguments: [String]) {
    remaining = arguments[...]
  }

  /// The argument that ``next()`` reads next, without reading it.
  package var first: String? { remaining.first }

  /// Reads the next argument; nil when none is left.
  package mutating func next() -> Argument? {
    guard let text = remaining.popFirst() else { return nil }
    guard text.hasPrefix("--"), let equals = text.firstIndex(of: "=") else {
      return Argument(text: text, name: text, attached: nil)
    }
    return Argument(
      text: text, name: String(text[..<equals]),
      attached: String(text[text.index(after: equals)...]))
  }

  /// The value of `argument`, an option just read: its attached value, else the next
  /// argument; nil when there is neither.
  package mutating func value(of argument: Argument) -> String? {
    argument.attached ?? remaining.popFirst()
  }
}

/// One option of a command whose parsed arguments are a `Target`: its flags, its value's
/// name, its help, and how its value is checked and kept. A command's options are a table of
/// these, which both its parser and its usage text read.
package struct CommandOption<Target>: Sendable {
  /// A value the option refuses, with what to tell the user.
  package struct Refusal: Error {
    /// What is wrong and what the option takes.
    package let message: String

    /// A refusal saying `message`.
    package init(_ message: String) {
      self.message = message
    }
  }

  /// Its flags, the first as the usage shows it: `["--help", "-h"]`.
  package let flags: [String]
  /// The value's name in the usage (`"N"`); nil for an option that takes no value.
  package let valueName: String?
  /// What the usage says of it, one line per entry.
  package let help: [String]
  private let assign: @Sendable (inout Target, String) throws(Refusal) -> Void

  /// An option; `apply` gets the value as written (`""` for an option without one).
  package init(
    _ flags: [String], valueName: String? = nil, help: [String],
    apply: @escaping @Sendable (inout Target, String) throws(Refusal) -> Void
  ) {
    self.flags = flags
    self.valueName = valueName
    self.help = help
    assign = apply
  }

  /// Checks `value` and keeps it in `target`.
  package func apply(_ value: String, to target: inout Target) throws(Refusal) {
    try assign(&target, value)
  }

  /// The flag and the value's name, as the usage shows them: `--runs N`.
  package var syntax: String { flags[0] + (valueName.map { " " + $0 } ?? "") }

  /// The option whose flag `name` is, in `options`.
  package static func named(_ name: String, in options: [Self]) -> Self? {
    options.first { $0.flags.contains(name) }
  }
}

/// The options part of a command's usage, laid out the one way every command of the package
/// lays it out.
package enum CommandUsage {
  /// Usage lines for options given by their syntax and help: each syntax indented by two
  /// spaces, its help from `column` on (on the next line when the syntax reaches it).
  package static func options(_ entries: [(syntax: String, help: [String])], column: Int) -> String
  {
    let indent = String(repeating: " ", count: column)
    var text = ""
    for entry in entries {
      let flag = "  " + entry.syntax
      if flag.count < column {
        text += flag + String(repeating: " ", count: column - flag.count) + entry.help[0] + "\n"
        for line in entry.help.dropFirst() { text += indent + line + "\n" }
      } else {
        text += flag + "\n"
        for line in entry.help { text += indent + line + "\n" }
      }
    }
    return text
  }
}
