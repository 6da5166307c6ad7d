internal import CYAML
import RenderCore

/// Reads YAML text with libyaml's event parser and hands each event to a ``MetadataBuilder``:
/// the one file of the package that talks to libyaml.
///
/// libyaml's parser keeps its state on the heap (no recursion on nesting) and produces events
/// one at a time, so the builder's budgets stop a hostile document before libyaml has read
/// more of it.
enum YAMLReader {
  /// libyaml's version, e.g. `"0.2.5"`.
  static var libraryVersion: String { String(cString: yaml_get_version_string()) }

  /// Parses `yaml` into `builder`; lines in errors are offset by `lineOffset`.
  static func read(_ yaml: Substring, into builder: inout MetadataBuilder, lineOffset: Int)
    throws(RenderError)
  {
    var text = String(yaml)
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      throw .engineFailed(
        engine: "libyaml", detail: "the parser could not be created (out of memory?)")
    }
    defer { yaml_parser_delete(&parser) }
    // withUTF8 rethrows untyped errors, so the typed one is carried out of it.
    let failure: RenderError? = text.withUTF8 { bytes in
      yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
          let problem = parser.problem.map { String(cString: $0) } ?? "the YAML cannot be read"
          let context = parser.context.map { " (\(String(cString: $0)))" } ?? ""
          return .invalidFrontMatter(
            line: Int(parser.problem_mark.line) + 1 + lineOffset,
            column: Int(parser.problem_mark.column) + 1, problem: problem + context)
        }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT { return nil }
        guard let converted = convert(event) else { continue }
        do throws(RenderError) {
          try builder.handle(converted)
        } catch {
          return error
        }
      }
    }
    if let failure { throw failure }
  }

  /// The Swift form of `event`; nil for the events metadata does not need.
  private static func convert(_ event: yaml_event_t) -> YAMLEvent? {
    let mark = YAMLEvent.Mark(
      line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      return .documentStart(mark)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let value = String(
        decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
      return .scalar(
        value, anchor: string(scalar.anchor), quoted: scalar.style != YAML_PLAIN_SCALAR_STYLE,
        tag: string(scalar.tag), mark)
    case YAML_SEQUENCE_START_EVENT:
      return .sequenceStart(anchor: string(event.data.sequence_start.anchor), mark)
    case YAML_MAPPING_START_EVENT:
      return .mappingStart(anchor: string(event.data.mapping_start.anchor), mark)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      return .collectionEnd
    case YAML_ALIAS_EVENT:
      return .alias(string(event.data.alias.anchor) ?? "", mark)
    default:
      return nil
    }
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: UnsafePointer($0)) }
  }
}
