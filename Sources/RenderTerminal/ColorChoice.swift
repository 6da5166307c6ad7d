/// What the user asked for on the command line: `--color auto|always|never`.
public enum ColorChoice: String, Sendable, Hashable, CaseIterable {
  /// Colour when writing to a terminal and `NO_COLOR` is not set.
  case auto
  /// Colour even into a pipe or a file, and despite `NO_COLOR` (a flag overrides it).
  case always
  /// No escape codes at all.
  case never
}
