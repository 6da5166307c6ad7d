import Foundation
import RenderKit

/// One job of a batch: a document, what to make of it, and settings over the batch's.
///
/// ```swift
/// let record = BatchRecord(id: .string("intro"), document: .markdown("# Hi"), outputs: [.text])
/// ```
public struct BatchRecord: Sendable, Hashable {
  /// A record's identifier, echoed in its answer: a JSON string or number.
  public enum Identifier: Sendable, Hashable {
    /// A string identifier.
    case string(String)
    /// A number identifier, written back as JSON writes it (`7`, not `7.0`).
    case number(Double)
  }

  /// What the document is.
  public enum Document: Sendable, Hashable {
    /// Markdown text, rendered by the configured engine.
    case markdown(String)
    /// HTML text, imported by the configured importer.
    case html(String)
    /// A file, read and rendered as `render FILE` renders it: as HTML when `format` says so
    /// or, without one, when its name ends in `.html`, `.htm` or `.xhtml`.
    case file(path: String, format: Format?)
  }

  /// The two formats a file may hold.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// Markdown.
    case markdown
    /// HTML.
    case html
  }

  /// Echoed in the answer; nil echoes `null`.
  public var id: Identifier?
  /// The document.
  public var document: Document
  /// What the answer holds; nil for the batch's default.
  public var outputs: Set<BatchOutput>?
  /// The configuration to render with; nil for the batch's.
  public var configuration: RenderConfiguration?

  /// A record of `document`, answered with `outputs` (nil: the batch's) under
  /// `configuration` (nil: the batch's).
  public init(
    id: Identifier? = nil, document: Document, outputs: Set<BatchOutput>? = nil,
    configuration: RenderConfiguration? = nil
  ) {
    self.id = id
    self.document = document
    self.outputs = outputs
    self.configuration = configuration
  }
}

extension BatchRecord {
  /// Why a line holds no record, with the record's `id` when one could be read.
  struct Refusal: Error {
    let id: Identifier?
    let failure: BatchFailure
  }

  /// The keys a record's object may have.
  static let keys = ["id", "markdown", "html", "path", "from", "outputs", "settings"]

  /// The record one line of JSON holds, its `settings` set over `configuration` through
  /// the settings table (``RenderConfiguration/overlaid(with:source:)``); or why the line is
  /// not a record, with the `id` when one could be read.
  static func decode(
    _ line: Data, over configuration: RenderConfiguration
  ) -> Result<BatchRecord, Refusal> {
    func invalid(_ message: String, id: Identifier? = nil) -> Result<BatchRecord, Refusal> {
      .failure(Refusal(id: id, failure: BatchFailure(.invalidRecord, message)))
    }
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      return invalid("the line is blank; a record is a JSON object on one line")
    }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: line)
    } catch {
      return invalid("the line is not valid JSON; a record is a JSON object on one line")
    }
    guard case .object(let object) = value else {
      return invalid("the line is \(value.typeDescription), not a JSON object")
    }
    var id: Identifier?
    switch object["id"] {
    case .string(let text): id = .string(text)
    case .number(let number): id = .number(number)
    case nil, .null: id = nil
    case let other?: return invalid("\"id\" is \(other.typeDescription); give a string or a number")
    }
    if let duplicate = JSONDuplicateKeys.first(in: line) {
      return invalid("the key \"\(duplicate)\" appears more than once; keep one", id: id)
    }
    if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
      return invalid(
        "unknown key \"\(unknown)\"; valid keys: \(keys.joined(separator: ", "))", id: id)
    }
    let given = ["markdown", "html", "path"].filter { object[$0] != nil }
    guard given.count == 1 else {
      return invalid("give exactly one of \"markdown\", \"html\" and \"path\"", id: id)
    }
    guard case .string(let text) = object[given[0]]! else {
      return invalid(
        "\"\(given[0])\" is \(object[given[0]]!.typeDescription), not a string", id: id)
    }
    var format: Format?
    if let from = object["from"] {
      guard given[0] == "path" else { return invalid("\"from\" goes with \"path\" only", id: id) }
      guard case .string(let name) = from, let parsed = Format(rawValue: name) else {
        return invalid("\"from\" is markdown or html", id: id)
      }
      format = parsed
    }
    let document: Document =
      switch given[0] {
      case "markdown": .markdown(text)
      case "html": .html(text)
      default: .file(path: text, format: format)
      }
    var outputs: Set<BatchOutput>?
    if let value = object["outputs"] {
      let valid = BatchOutput.allCases.map(\.rawValue).joined(separator: ", ")
      guard case .array(let items) = value, !items.isEmpty else {
        return invalid("\"outputs\" is a non-empty array of: \(valid)", id: id)
      }
      var set: Set<BatchOutput> = []
      for item in items {
        guard case .string(let name) = item, let output = BatchOutput(rawValue: name) else {
          return invalid("\"outputs\" holds an unknown output; valid outputs: \(valid)", id: id)
        }
        set.insert(output)
      }
      outputs = set
    }
    var recordConfiguration: RenderConfiguration?
    if let settings = object["settings"] {
      do throws(RenderError) {
        recordConfiguration = try configuration.overlaid(with: settings, source: "settings")
      } catch {
        return invalid(error.description, id: id)
      }
    }
    return .success(
      BatchRecord(
        id: id, document: document, outputs: outputs, configuration: recordConfiguration))
  }
}
