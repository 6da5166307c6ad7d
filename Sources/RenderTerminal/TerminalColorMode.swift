/// How much colour the terminal output uses.
///
/// ```swift
/// let mode = TerminalColorMode.detect(
///   environment: ProcessInfo.processInfo.environment, isTerminal: isatty(1) == 1,
///   choice: .auto)
/// let text = TerminalRenderer(width: 80, colorMode: mode).render(styled)
/// ```
public enum TerminalColorMode: String, Sendable, Hashable, CaseIterable {
  /// Plain text: no escape code of any kind, not even hyperlinks.
  case none
  /// SGR styles with colours mapped to the nearest of the xterm 256-colour palette.
  case ansi256
  /// SGR styles with 24-bit colours.
  case trueColor

  /// The mode for an output, following the `NO_COLOR` convention (no-color.org).
  ///
  /// `never` gives ``none``. `auto` gives ``none`` when `NO_COLOR` is set and not empty or
  /// when the output is not a terminal. Otherwise (and always for `always`, since a flag
  /// overrides the environment) `COLORTERM` of `truecolor` or `24bit` gives ``trueColor``,
  /// anything else ``ansi256``.
  public static func detect(
    environment: [String: String], isTerminal: Bool, choice: ColorChoice = .auto
  ) -> TerminalColorMode {
    switch choice {
    case .never:
      return .none
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
      if !isTerminal { return .none }
    case .always:
      break
    }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .ansi256
  }
}
