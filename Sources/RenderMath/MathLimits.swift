/// Bounds on what one formula may cost, so that hostile input (thousands of nested braces,
/// a megabyte of `\frac`) is turned away whole, as an error showing its source, instead of
/// exhausting the stack or the time budget. Far above any formula people write.
enum MathLimits {
  /// Characters (Unicode scalars) in one formula.
  static let maximumLength = 65_536
  /// Groups, arguments and constructs nested inside each other; each writer's recursion is
  /// bounded by it too.
  static let maximumDepth = 128
}
