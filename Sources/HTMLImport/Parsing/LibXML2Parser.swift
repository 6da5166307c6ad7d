internal import CHTMLParser
import RenderCore

/// libxml2's HTML parser in SAX mode, through the `CHTMLParser` shim: the one Swift file that
/// talks to C. One call per document; the shim returns every event in one buffer.
package enum LibXML2Parser {
  /// libxml2's version as the loaded library reports it; nil when it cannot be loaded.
  static var loadedLibraryVersion: String? { chp_library_version().map { String(cString: $0) } }

  /// Parses UTF-8 `html` (repaired by the shim if invalid) into a ``Document``.
  /// `isValidUTF8` (the bytes of a `String`) lets the shim skip most of its repair scan;
  /// `parsed` is called between the shim's parse and building the document.
  static func parse(
    _ html: UnsafeBufferPointer<UInt8>, isValidUTF8: Bool, limits: HTMLImportLimits,
    parsed: () -> Void = {}
  ) throws(RenderError) -> Document {
    var events = chp_events()
    // chp_parse allocates the event buffer; it is ours to free, whatever the status.
    defer { chp_events_free(&events) }
    let budget = chp_limits(
      maximum_depth: UInt64(clamping: limits.maximumDepth),
      maximum_nodes: UInt64(clamping: limits.maximumNodes),
      maximum_attributes: UInt64(clamping: limits.maximumAttributesPerElement),
      maximum_unmatched_end_tags: UInt64(clamping: limits.maximumUnmatchedEndTags))
    chp_parse(html.baseAddress, html.count, isValidUTF8 ? 1 : 0, budget, &events)
    parsed()
    let reached = Int(clamping: events.limit_value)
    switch Int(events.status) {
    case Int(CHP_STATUS_OK):
      return DocumentBuilder.build(
        from: UnsafeRawBufferPointer(start: events.bytes, count: events.length),
        nodeCount: Int(clamping: events.node_count))
    case Int(CHP_STATUS_DEPTH_EXCEEDED):
      throw .limitExceeded(
        limit: "HTML nesting depth", value: reached, maximum: limits.maximumDepth)
    case Int(CHP_STATUS_NODES_EXCEEDED):
      throw .limitExceeded(limit: "HTML node count", value: reached, maximum: limits.maximumNodes)
    case Int(CHP_STATUS_ATTRIBUTES_EXCEEDED):
      throw .limitExceeded(
        limit: "HTML attributes on one element", value: reached,
        maximum: limits.maximumAttributesPerElement)
    case Int(CHP_STATUS_END_TAGS_EXCEEDED):
      throw .limitExceeded(
        limit: "HTML end tags that match no open element", value: reached,
        maximum: limits.maximumUnmatchedEndTags)
    case Int(CHP_STATUS_INPUT_TOO_LARGE):
      throw .limitExceeded(
        limit: "libxml2 input size in bytes (after repair)", value: events.input_length,
        maximum: Int(Int32.max))
    case Int(CHP_STATUS_OUT_OF_MEMORY):
      throw .importFailed("out of memory while parsing \(html.count) bytes of HTML")
    case Int(CHP_STATUS_LIBRARY_UNAVAILABLE):
      throw .importFailed(chp_library_failure().map { String(cString: $0) } ?? "libxml2 is missing")
    default:
      throw .importFailed("libxml2 could not create a parser")
    }
  }
}
