import RenderCore
import RenderOutline
import RenderStyling
import RenderTerminal
import RenderText

extension WorkerRequest {
  /// What a request for terminal output adds to its head: how the worker styles the
  /// document and lays it out, so that it can answer with the bytes the host writes.
  struct Terminal: Equatable {
    /// The stylesheet's CSS, parsed again in the worker.
    var stylesheet: String
    var colorScheme: ColorScheme
    /// Width, colours, hyperlinks and line drawing, as the host chose them.
    var renderer: TerminalRenderer
    /// Whether headings get anchors (``RenderCore/RenderOptions/headingAnchors``).
    var anchorsHeadings: Bool
    /// Whether quotes become alerts (``RenderCore/RenderFeature/alerts``).
    var alerts: Bool

    /// Appends the fields to a head message: the scheme, colour mode and line drawing by
    /// name, the width as a length, the three switches as a byte, then the CSS.
    func encode(to bytes: inout [UInt8]) {
      WireReader.appendString(colorScheme.rawValue, to: &bytes)
      WireReader.appendString(renderer.colorMode.rawValue, to: &bytes)
      WireReader.appendString(renderer.lineDrawing.rawValue, to: &bytes)
      WireReader.appendLength(min(renderer.width, Int(UInt32.max)), to: &bytes)
      bytes.append((renderer.hyperlinks ? 1 : 0) | (anchorsHeadings ? 2 : 0) | (alerts ? 4 : 0))
      WireReader.appendString(stylesheet, to: &bytes)
    }

    /// Reads the fields ``encode(to:)`` wrote; nil when they are not there or not valid.
    init?(reading reader: inout WireReader) {
      guard let scheme = reader.readString().flatMap(ColorScheme.init(rawValue:)),
        let colorMode = reader.readString().flatMap(TerminalColorMode.init(rawValue:)),
        let lineDrawing = reader.readString().flatMap(TerminalLineDrawing.init(rawValue:)),
        let width = reader.readLength(), let switches = reader.readByte(), switches & ~7 == 0,
        let stylesheet = reader.readString()
      else { return nil }
      self.stylesheet = stylesheet
      colorScheme = scheme
      renderer = TerminalRenderer(
        width: width, colorMode: colorMode, hyperlinks: switches & 1 != 0,
        lineDrawing: lineDrawing)
      anchorsHeadings = switches & 2 != 0
      alerts = switches & 4 != 0
    }

    /// What the host would write of `document` for these settings: the document outlined,
    /// styled by the stylesheet in the colour scheme, and laid out.
    /// The document and its styles are let go once the styled text is built, so that the
    /// layout has the memory they held. The layout stops once it has made more than
    /// `maximumBytes`, the output cap, rather than finishing output that would be refused.
    func output(
      of document: consuming Document, maximumBytes: Int
    ) throws(RenderError) -> [UInt8] {
      var outlined = document
      let anchors = HeadingAnchorsPass()
      let context = DocumentPassContext(
        options: RenderOptions(
          extensions: alerts ? [.alerts] : [], headingAnchors: anchorsHeadings))
      if anchors.isActive(in: context) { anchors.apply(to: &outlined, in: context) }
      let alertsPass = AlertsPass()
      if alertsPass.isActive(in: context) { alertsPass.apply(to: &outlined, in: context) }
      let styles = try Stylesheet(css: stylesheet).cascade(outlined, colorScheme: colorScheme)
      let styled = StyledText(document: consume outlined, styles: consume styles)
      return try renderer.renderUTF8(styled, maximumBytes: maximumBytes)
    }

    init(
      stylesheet: String, colorScheme: ColorScheme, renderer: TerminalRenderer,
      anchorsHeadings: Bool, alerts: Bool = false
    ) {
      self.stylesheet = stylesheet
      self.colorScheme = colorScheme
      self.renderer = renderer
      self.anchorsHeadings = anchorsHeadings
      self.alerts = alerts
    }
  }
}
