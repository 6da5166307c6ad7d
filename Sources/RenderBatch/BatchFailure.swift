import RenderKit

/// Why a record has no outputs: a kind a program can branch on, and a message for people.
/// A failed record is an answer like any other; the batch goes on.
public struct BatchFailure: Error, Sendable, Hashable {
  /// What kind of failure it is, as the answer's `error.kind` spells it.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The render did not finish within the deadline and was stopped.
    case deadline
    /// The render needed more memory than its worker may take, and was stopped.
    case memory
    /// The document (or the record's line) is larger than the input cap.
    case inputTooLarge = "input-too-large"
    /// The output would be larger than the output cap.
    case outputTooLarge = "output-too-large"
    /// A limit on the document's shape or styling work (its nesting, the cascade's work).
    case limit
    /// The engine's worker died on the document; the batch and its other workers did not.
    case crash
    /// The engine, importer or front matter reader refused the document.
    case parse
    /// The record's `path` cannot be read.
    case unreadable
    /// The line is not a record: not JSON, not an object, an unknown key, a wrong type, a
    /// setting that is not valid, or no document.
    case invalidRecord = "invalid-record"
  }

  /// The kind.
  public let kind: Kind
  /// What went wrong and what to do, one line.
  public let message: String

  /// A failure of `kind` saying `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The failure a render error is.
  public init(_ error: RenderError) {
    let kind: Kind =
      switch error {
      case .deadlineExceeded: .deadline
      case .limitExceeded(let limit, _, _):
        switch limit {
        case RenderLimits.memoryLimitName: .memory
        case RenderLimits.inputLimitName: .inputTooLarge
        case RenderLimits.outputLimitName: .outputTooLarge
        default: .limit
        }
      case .engineCrashed: .crash
      case .engineFailed, .importFailed, .invalidFrontMatter, .invalidStylesheet,
        .serverUnavailable:
        .parse
      case .fileUnreadable: .unreadable
      case .unknownEngine, .unsupportedFeature, .invalidConfiguration: .invalidRecord
      }
    self.init(kind, error.description)
  }
}
