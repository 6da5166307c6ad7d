/// The reader's colour preference; the dark one applies a stylesheet's
/// `@media (prefers-color-scheme: dark)` rules.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
  /// Dark text on a light background.
  case light
  /// Light text on a dark background.
  case dark
}
