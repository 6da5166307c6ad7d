import RenderText

/// One output written from StyledText as the benchmark drives it (`AttributedString`, the
/// terminal, JSON, plain text), timed against building the StyledText it writes.
package struct OutputStage: Sendable {
  /// The output's name in the report, e.g. `AttributedString`.
  package var id: String
  /// Writes `text` out; returns a length or count so the work cannot be optimised away.
  package var write: @Sendable (StyledText) -> Int

  /// Creates a stage.
  package init(id: String, write: @escaping @Sendable (StyledText) -> Int) {
    self.id = id
    self.write = write
  }
}
