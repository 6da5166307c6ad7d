import Foundation
import RenderKit

/// One record's document read and its outputs made, each intermediate (page, document,
/// styled text) at most once however many outputs need it.
struct BatchJob {
  private let renderer: Renderer
  private let format: BatchRecord.Format
  /// The document as text: Markdown decoded as `render` decodes a file, HTML by its
  /// byte-order mark or `<meta charset>` when it came from a file.
  private let text: String
  /// The bytes of a Markdown file, which the engine's worker takes as they are. A record's
  /// Markdown is text already (its JSON string decoded): it goes as text, not turned into
  /// bytes for the pipeline to decode again.
  private let markdownBytes: Data?
  private let fileName: String?
  private var page: HTMLPage?
  private var document: RenderCore.Document?
  private var styled: StyledText?
  /// The output of ``soleJob(for:)``, when it was run beforehand (with other records' jobs).
  var soleOutput: Data?

  init(_ record: BatchRecord, renderer: Renderer, directory: String) throws(RenderError) {
    self.renderer = renderer
    let limits = renderer.configuration.limits
    switch record.document {
    case .markdown(let markdown):
      try limits.checkInput(markdown)
      format = .markdown
      text = markdown
      markdownBytes = nil
      fileName = nil
    case .html(let html):
      try limits.checkInput(html)
      format = .html
      text = html
      markdownBytes = nil
      fileName = nil
    case .file(let path, let given):
      let url = URL(
        fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory + "/"))
      let bytes = try InputFile(path: url.path, maximumBytes: limits.maximumInputBytes, name: path)
        .read()
      // As `render FILE` tells them apart.
      let lowered = path.lowercased()
      format =
        given
        ?? ([".html", ".htm", ".xhtml"].contains { lowered.hasSuffix($0) } ? .html : .markdown)
      text =
        format == .html
        ? CharacterEncodingDetector.decode(bytes) : MarkdownInput.decode(bytes)
      markdownBytes = format == .markdown ? bytes : nil
      fileName = url.lastPathComponent
    }
  }

  /// Each of `outputs` as its JSON value's text, with the engine (or importer) that made them.
  mutating func outputs(_ outputs: Set<BatchOutput>) throws(RenderError) -> BatchResult.Outputs {
    var result =
      format == .markdown
      ? BatchResult.Outputs(
        engine: renderer.engine.descriptor.id,
        engineVersion: renderer.engine.descriptor.libraryVersion)
      : BatchResult.Outputs(engine: renderer.configuration.importer ?? "html5", engineVersion: nil)
    for output in outputs.sorted() {
      var bytes: [UInt8] = []
      switch output {
      case .fragment:
        let fragment =
          switch format {
          case .markdown:
            try renderer.html(markdownBytes.map { .markdown(utf8: $0) } ?? .markdown(text))
          case .html: try renderer.html(.html(text))
          }
        BatchJSONWriter.appendString(fragment, to: &bytes)
      case .page: BatchJSONWriter.appendString(try pageOnce().html, to: &bytes)
      case .title: BatchJSONWriter.appendString(try pageOnce().title, to: &bytes)
      case .text:
        // As `render --to text` writes it: ending in a line break unless empty.
        var plain = try styled(.plainText, alone: outputs.isDisjoint(with: [.json])) {
          Data($0.plainText.utf8)
        }
        if let last = plain.last, last != UInt8(ascii: "\n") { plain.append(UInt8(ascii: "\n")) }
        BatchJSONWriter.appendString(utf8: plain, to: &bytes)
      case .json:
        bytes = Array(try styled(.json, alone: outputs.isDisjoint(with: [.text])) { $0.jsonData() })
      case .headings:
        let headings = Outline(document: try documentOnce()).headings
        bytes.append(UInt8(ascii: "["))
        for (index, heading) in headings.enumerated() {
          var writer = BatchJSONWriter()
          writer.integer("level", heading.level)
          writer.string("text", heading.text)
          writer.string("anchor", heading.anchor)
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          bytes += writer.line.dropLast()
        }
        bytes.append(UInt8(ascii: "]"))
      case .frontMatter:
        BatchJSONWriter.append(.dictionary(try documentOnce().metadata), to: &bytes)
      }
      result.values[output] = Data(bytes)
    }
    return result
  }

  private mutating func pageOnce() throws(RenderError) -> HTMLPage {
    if let page { return page }
    let made =
      switch format {
      case .markdown: try renderer.page(.markdown(text), fileName: fileName)
      case .html: try renderer.page(.html(text), fileName: fileName)
      }
    page = made
    return made
  }

  /// The source as the pipeline takes it.
  private var source: RenderJob.Source {
    switch format {
    case .markdown: markdownBytes.map { .markdown(utf8: $0) } ?? .markdown(text)
    case .html: .html(text)
    }
  }

  /// The one job whose output makes all of `outputs` (plain text, or JSON, alone), which may
  /// be run beforehand and its output given as ``soleOutput``; nil when there is none.
  func soleJob(for outputs: Set<BatchOutput>) -> RenderJob? {
    switch outputs {
    case [.text]: RenderJob(source, to: .plainText)
    case [.json]: RenderJob(source, to: .json)
    default: nil
    }
  }

  /// `output` (plain text or JSON) of the styled text: asked of the pipeline when `alone`,
  /// no other styled output needing the same styled text, so that a contained render makes
  /// it whole in the worker; else made from the styled text, made once.
  private mutating func styled(
    _ output: RenderJob.Output, alone: Bool, from made: (StyledText) -> Data
  ) throws(RenderError) -> Data {
    if alone, styled == nil, document == nil {
      if let soleOutput { return soleOutput }
      return try renderer.run(RenderJob(source, to: output)).utf8 ?? Data()
    }
    return made(try styledOnce())
  }

  private mutating func documentOnce() throws(RenderError) -> RenderCore.Document {
    if let document { return document }
    let made: RenderCore.Document
    switch format {
    case .markdown: made = try renderer.document(.markdown(text))
    case .html: made = try renderer.document(.html(text))
    }
    document = made
    return made
  }

  private mutating func styledOnce() throws(RenderError) -> StyledText {
    if let styled { return styled }
    let document = try documentOnce()
    let made = StyledText(
      document: document,
      styles: try renderer.stylesheet.cascade(
        document, colorScheme: renderer.configuration.colorScheme))
    styled = made
    return made
  }
}
