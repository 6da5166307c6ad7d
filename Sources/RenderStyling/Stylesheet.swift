import Foundation
import RenderCore

/// A CSS stylesheet: parsed tolerantly, applied by the cascade to documents, and embedded
/// as-is in HTML pages.
///
/// The cascade layers are those of browsers: a built-in user-agent layer (bold `b`, italic
/// `em`, list markers, hidden `head`…), then this stylesheet, then `style` attributes, with
/// `!important` reversing the order.
///
/// ```swift
/// let sheet = try Stylesheet(css: "p { color: #333 } @media (prefers-color-scheme: dark) { p { color: #ddd } }")
/// let styles = try sheet.cascade(document, colorScheme: .dark)
/// styles[paragraph].color?.hex  // "#dddddd"
/// ```
public struct Stylesheet: Sendable, Hashable {
  /// The CSS text as given.
  public let source: String
  /// Every rule and declaration that was dropped, in source order.
  public let diagnostics: [StylesheetDiagnostic]
  /// Whether some rules apply only in the dark colour scheme.
  public let hasDarkVariant: Bool
  private let rules: [StyleRule]
  private let compiled: CompiledStylesheet
  /// Finished cascade runs over ``compiled`` alone, for later documents to reuse: a batch of
  /// small documents then matches their common elements once.
  private let keptRuns = Locked<[CascadeRun]>([])

  /// The most matching steps one cascade may take (selector parts tried per element, plus
  /// ancestor bookkeeping): far more than the default theme needs on a whole book, yet few
  /// enough that a hostile selector (`'div '`×100,000 over 10,000 nested `<div>`) stops here
  /// instead of running for minutes.
  package static let maximumCascadeWork = 100_000_000

  /// Parses `css`, skipping what is invalid and recording each skip in ``diagnostics``.
  ///
  /// - Parameter strict: throw on the first problem instead of skipping it.
  /// - Throws: ``RenderError/invalidStylesheet(line:column:problem:)`` in strict mode.
  public init(css: String, strict: Bool = false) throws(RenderError) {
    var parser = StylesheetParser(css: css)
    parser.parse()
    let diagnostics = parser.log.diagnostics
    if strict, let first = diagnostics.first {
      throw RenderError.invalidStylesheet(
        line: first.line, column: first.column, problem: first.message)
    }
    self.init(source: css, rules: parser.rules, diagnostics: diagnostics)
  }

  private init(source: String, rules: [StyleRule], diagnostics: [StylesheetDiagnostic]) {
    self.source = source
    self.diagnostics = diagnostics
    hasDarkVariant = rules.contains { $0.schemes == .dark }
    self.rules = rules
    compiled = CompiledStylesheet(userAgent: UserAgentStylesheet.rules, author: rules)
  }

  /// The package's theme: readable typography, tinted code blocks, quote bars, table borders,
  /// and a dark variant under `@media (prefers-color-scheme: dark)`.
  public static let `default`: Stylesheet = {
    let url =
      Bundle.module.url(forResource: "default", withExtension: "css", subdirectory: "Resources")
      ?? Bundle.module.url(forResource: "default", withExtension: "css")
    guard let url, let css = try? String(contentsOf: url, encoding: .utf8) else {
      let missing = StylesheetDiagnostic(
        line: 1, column: 1,
        message:
          "default.css is missing from RenderStyling's resource bundle; reinstall the package")
      return Stylesheet(source: "", rules: [], diagnostics: [missing])
    }
    var parser = StylesheetParser(css: css)
    parser.parse()
    return Stylesheet(source: css, rules: parser.rules, diagnostics: parser.log.diagnostics)
  }()

  /// Styles every node of `document` in `colorScheme`: the user-agent layer, presentational
  /// attributes (`<font color>`, `bgcolor`, `align`…), this stylesheet, the document's own
  /// `<style>` elements in document order (when `documentStyles` is on, as in a browser), then
  /// `style` attributes. With `linkedStylesheetFolder`, `<link rel="stylesheet">` files take
  /// their place among the `<style>` elements, when their `href` is a relative path to a file
  /// inside that folder (never a URL, never outside; the rest are listed in
  /// ``CascadedStyles/documentDiagnostics``).
  ///
  /// ```swift
  /// let folder = pageURL.deletingLastPathComponent()
  /// let styles = try sheet.cascade(document, colorScheme: .light, linkedStylesheetFolder: folder)
  /// ``` Text nodes get their parent's style; everything below a
  /// `display: none` element shares that element's style.
  ///
  /// - Throws: ``RenderError/limitExceeded(limit:value:maximum:)`` when selector matching
  ///   would take unreasonably long (a hostile stylesheet or document).
  public func cascade(
    _ document: Document, colorScheme: ColorScheme, documentStyles: Bool = true,
    linkedStylesheetFolder: URL? = nil
  ) throws(RenderError) -> CascadedStyles {
    try cascade(
      document, colorScheme: colorScheme, documentStyles: documentStyles,
      linkedStylesheetFolder: linkedStylesheetFolder, maximumWork: Self.maximumCascadeWork)
  }

  /// ``cascade(_:colorScheme:documentStyles:linkedStylesheetFolder:)`` with a chosen work budget.
  package func cascade(
    _ document: Document, colorScheme: ColorScheme, documentStyles: Bool = true,
    linkedStylesheetFolder: URL? = nil, maximumWork: Int
  ) throws(RenderError) -> CascadedStyles {
    let embedded =
      documentStyles
      ? DocumentStyles(document, linkedFrom: linkedStylesheetFolder) : DocumentStyles()
    guard embedded.rules.isEmpty else {
      let sheet = CompiledStylesheet(
        userAgent: UserAgentStylesheet.rules, author: rules + embedded.rules)
      var run = CascadeRun(compiled: sheet, colorScheme: colorScheme, maximumWork: maximumWork)
      var styles = try run.run(document)
      styles.documentDiagnostics = embedded.diagnostics
      return styles
    }
    let scheme = SchemeMask(colorScheme)
    let kept = keptRuns.withLock { runs in
      runs.firstIndex { $0.scheme == scheme && $0.maximumWork == maximumWork }
        .map { runs.remove(at: $0) }
    }
    var run =
      kept ?? CascadeRun(compiled: compiled, colorScheme: colorScheme, maximumWork: maximumWork)
    var styles = try run.run(document)
    if run.needsFreshRun {
      run = CascadeRun(compiled: compiled, colorScheme: colorScheme, maximumWork: maximumWork)
      styles = try run.run(document)
    }
    styles.documentDiagnostics = embedded.diagnostics
    if run.isWorthKeeping {
      keptRuns.withLock { runs in
        if runs.count < Self.maximumKeptRuns { runs.append(run) }
      }
    }
    return styles
  }

  /// The most finished runs kept for later documents: one for each thread that cascades with
  /// this stylesheet at once, in the usual case.
  private static let maximumKeptRuns = 8

  /// Stylesheets are equal when their sources are.
  public static func == (lhs: Stylesheet, rhs: Stylesheet) -> Bool {
    lhs.source == rhs.source
  }

  /// Hashes the source.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
  }
}
