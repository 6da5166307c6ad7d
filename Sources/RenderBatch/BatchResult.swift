import Foundation
import RenderKit

/// The answer to one record: its `id`, and its outputs or why it has none. ``jsonLine``
/// is the line `render batch` writes for it.
public struct BatchResult: Sendable, Hashable {
  /// What a record that rendered gives.
  public struct Outputs: Sendable, Hashable {
    /// The engine that rendered Markdown, or the importer that read HTML.
    public var engine: String
    /// The engine's library version, for provenance; nil for an importer.
    public var engineVersion: String?
    /// Each output asked for, as its JSON value's text (a string's quotes and escapes
    /// included).
    public var values: [BatchOutput: Data]

    /// Outputs from `engine` at `engineVersion`.
    public init(engine: String, engineVersion: String?, values: [BatchOutput: Data] = [:]) {
      self.engine = engine
      self.engineVersion = engineVersion
      self.values = values
    }

    /// The text of an output whose value is a string (fragment, page, text, title); nil
    /// when it was not asked for or is `null`.
    public func string(_ output: BatchOutput) -> String? {
      guard let json = values[output] else { return nil }
      return try? JSONDecoder().decode(String.self, from: json)
    }
  }

  /// The record's `id`.
  public var id: BatchRecord.Identifier?
  /// The record's line in the input, from 1; nil for a record that came from no line.
  public var line: Int?
  /// The outputs, or the failure.
  public var outcome: Result<Outputs, BatchFailure>

  /// An answer.
  public init(
    id: BatchRecord.Identifier?, line: Int? = nil, outcome: Result<Outputs, BatchFailure>
  ) {
    self.id = id
    self.line = line
    self.outcome = outcome
  }

  /// The answer as one line of JSON ending in `\n`, its keys always in this order: `id`,
  /// `line`, `ok`, then `engine`, `engineVersion` and the outputs in ``BatchOutput``'s order,
  /// or `error` with its `kind` and `message`.
  public var jsonLine: Data {
    var writer = BatchJSONWriter()
    switch id {
    case .string(let text): writer.string("id", text)
    case .number(let number): writer.value("id", .number(number))
    case nil: writer.value("id", .null)
    }
    if let line { writer.integer("line", line) }
    switch outcome {
    case .success(let outputs):
      writer.bool("ok", true)
      writer.string("engine", outputs.engine)
      if let version = outputs.engineVersion { writer.string("engineVersion", version) }
      for output in BatchOutput.allCases {
        if let json = outputs.values[output] { writer.raw(output.rawValue, json) }
      }
    case .failure(let failure):
      writer.bool("ok", false)
      var error = BatchJSONWriter()
      error.string("kind", failure.kind.rawValue)
      error.string("message", failure.message)
      writer.raw("error", error.line.dropLast())
    }
    return writer.line
  }
}
