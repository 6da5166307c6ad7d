/// The stages of the pipeline beyond Markdown → HTML that the benchmark drives: HTML
/// normalisation (for parity and conformance), HTML → StyledText, and libxml2's own tree
/// parse as the import's floor. Each is `nil` when this build has no implementation, and
/// the report then says "not available" for what needs it.
package struct PipelineStages: Sendable {
  /// Normalises HTML for comparison, as DESIGN.md's parity section describes.
  package var normalize: (@Sendable (String) -> String)?
  /// Imports HTML, cascades the default stylesheet and builds StyledText; returns the text's
  /// length so the work cannot be optimised away.
  package var styledText: (@Sendable (String) throws -> Int)?
  /// Parses HTML bytes into a libxml2 tree and frees it; returns a node count or length.
  package var libxml2TreeParse: (@Sendable (UnsafeBufferPointer<UInt8>) -> Int)?

  /// Creates stages.
  package init(
    normalize: (@Sendable (String) -> String)? = nil,
    styledText: (@Sendable (String) throws -> Int)? = nil,
    libxml2TreeParse: (@Sendable (UnsafeBufferPointer<UInt8>) -> Int)? = nil
  ) {
    self.normalize = normalize
    self.styledText = styledText
    self.libxml2TreeParse = libxml2TreeParse
  }

  /// The stages this package provides.
  package static let builtIn = PipelineStages()
}
