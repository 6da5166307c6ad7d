import Foundation
import HTML5Import
import HTMLImport
import RenderCore
import RenderStyling
import RenderTerminal
import RenderText

/// The stages of the pipeline beyond Markdown → HTML that the benchmark drives: HTML
/// normalisation (for parity and conformance), HTML → StyledText, and libxml2's own tree
/// parse as the import's floor, and the outputs written from StyledText.
///
/// Each is a value, so tests can run the tool's logic on stand-ins; a `nil` stage makes the
/// report say "not available" for what needs it (a third-party build without HTMLImport).
package struct PipelineStages: Sendable {
  /// Normalises HTML for comparison, as DESIGN.md's parity section describes.
  package var normalize: (@Sendable (String) -> String)?
  /// Imports HTML, cascades the default stylesheet and builds StyledText; returns the text's
  /// length so the work cannot be optimised away.
  package var styledText: (@Sendable (String) throws -> Int)?
  /// Builds an engine's ``Document`` for Markdown (from its tree where it has one), cascades
  /// the default stylesheet and builds StyledText: the path `Renderer.styledText` takes.
  package var documentStyledText:
    (@Sendable (any MarkdownEngine, String, RenderOptions) throws -> Int)?
  /// Parses HTML bytes into a libxml2 tree and frees it; returns a node count or length.
  package var libxml2TreeParse: (@Sendable (UnsafeBufferPointer<UInt8>) -> Int)?
  /// Every importer compared side by side, each against its own C parse.
  package var importers: [ImporterStage]
  /// The same path as `documentStyledText`, returning the StyledText: what `outputs` write.
  package var styledDocument:
    (@Sendable (any MarkdownEngine, String, RenderOptions) throws -> StyledText)?
  /// Every output written from StyledText, each timed against building the text.
  package var outputs: [OutputStage]

  /// Creates stages.
  package init(
    normalize: (@Sendable (String) -> String)? = nil,
    styledText: (@Sendable (String) throws -> Int)? = nil,
    documentStyledText: (@Sendable (any MarkdownEngine, String, RenderOptions) throws -> Int)? =
      nil,
    libxml2TreeParse: (@Sendable (UnsafeBufferPointer<UInt8>) -> Int)? = nil,
    importers: [ImporterStage] = [],
    styledDocument: (
      @Sendable (any MarkdownEngine, String, RenderOptions) throws -> StyledText
    )? = nil,
    outputs: [OutputStage] = []
  ) {
    self.normalize = normalize
    self.styledText = styledText
    self.documentStyledText = documentStyledText
    self.libxml2TreeParse = libxml2TreeParse
    self.importers = importers
    self.styledDocument = styledDocument
    self.outputs = outputs
  }

  /// HTML → StyledText through `importer` with the default stylesheet (light scheme).
  private static func styledTextLength(
    _ html: String, importer: some HTMLImporting
  ) throws -> Int {
    let document = try importer.importDocument(html: html)
    let styles = try Stylesheet.default.cascade(document, colorScheme: .light)
    return StyledText(document: document, styles: styles).string.utf8.count
  }

  /// Markdown → StyledText through `engine`'s Document and the default stylesheet (light
  /// scheme): the path `Renderer.styledText` takes.
  private static func styledDocument(
    _ engine: any MarkdownEngine, _ markdown: String, _ options: RenderOptions
  ) throws -> StyledText {
    let document = try engine.document(markdown, options: options, importer: HTMLImporter())
    let styles = try Stylesheet.default.cascade(document, colorScheme: .light)
    return StyledText(document: document, styles: styles)
  }

  /// The package's own stages: `HTMLNormalizer`, `HTMLImporter` with its default limits plus
  /// the default stylesheet's cascade (light scheme) and `StyledText`, and libxml2's tree
  /// parse through the `CHTMLParser` shim.
  package static let builtIn = PipelineStages(
    normalize: { HTMLNormalizer.normalize($0) },
    styledText: { html in
      let document = try HTMLImporter().importDocument(html: html)
      let styles = try Stylesheet.default.cascade(document, colorScheme: .light)
      return StyledText(document: document, styles: styles).string.utf8.count
    },
    documentStyledText: { try styledDocument($0, $1, $2).string.utf8.count },
    libxml2TreeParse: { LibXML2Floor.treeParse($0) },
    importers: [
      ImporterStage(
        id: "libxml2", library: "libxml2 \(HTMLImporter.libraryVersion)",
        styledText: { try styledTextLength($0, importer: HTMLImporter()) },
        treeParse: { LibXML2Floor.treeParse($0) },
        importDocument: { try HTMLImporter().importDocument(html: $0, parsed: $1) }),
      ImporterStage(
        id: "html5", library: "MyHTML \(HTML5Importer.libraryVersion)",
        styledText: { try styledTextLength($0, importer: HTML5Importer()) },
        treeParse: { MyHTMLFloor.treeParse($0) },
        importDocument: { try HTML5Importer().importDocument(html: $0, parsed: $1) }),
    ],
    styledDocument: { try styledDocument($0, $1, $2) },
    outputs: [
      OutputStage(id: "AttributedString") { AttributedString($0).runs.count },
      // As `render --to terminal` writes it with colour off.
      OutputStage(id: "terminal") { TerminalRenderer(width: 80).renderUTF8($0).count },
      OutputStage(id: "JSON") { $0.jsonData().count },
      OutputStage(id: "plain text") { $0.plainText.utf8.count },
    ])
}
