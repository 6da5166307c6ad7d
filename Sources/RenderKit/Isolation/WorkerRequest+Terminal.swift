import RenderCore
import RenderStyling
import RenderTerminal

extension WorkerRequest {
  /// What a request for terminal output adds to its head: how the worker styles the
  /// document and lays it out, so that it can answer with the bytes the host writes.
  struct Terminal: Equatable {
    /// The stylesheet's CSS, parsed again in the worker.
    var stylesheet: String
    var colorScheme: ColorScheme
    /// Width, colours, hyperlinks and line drawing, as the host chose them.
    var renderer: TerminalRenderer

    /// Appends the fields to a head message: the scheme, colour mode and line drawing by
    /// name, the width as a length, the hyperlinks switch as a byte, then the CSS.
    func encode(to bytes: inout [UInt8]) {
      WireReader.appendString(colorScheme.rawValue, to: &bytes)
      WireReader.appendString(renderer.colorMode.rawValue, to: &bytes)
      WireReader.appendString(renderer.lineDrawing.rawValue, to: &bytes)
      WireReader.appendLength(min(renderer.width, Int(UInt32.max)), to: &bytes)
      bytes.append(renderer.hyperlinks ? 1 : 0)
      WireReader.appendString(stylesheet, to: &bytes)
    }

    /// Reads the fields ``encode(to:)`` wrote; nil when they are not there or not valid.
    init?(reading reader: inout WireReader) {
      guard let scheme = reader.readString().flatMap(ColorScheme.init(rawValue:)),
        let colorMode = reader.readString().flatMap(TerminalColorMode.init(rawValue:)),
        let lineDrawing = reader.readString().flatMap(TerminalLineDrawing.init(rawValue:)),
        let width = reader.readLength(), let switches = reader.readByte(), switches & ~1 == 0,
        let stylesheet = reader.readString()
      else { return nil }
      self.stylesheet = stylesheet
      colorScheme = scheme
      renderer = TerminalRenderer(
        width: width, colorMode: colorMode, hyperlinks: switches & 1 != 0,
        lineDrawing: lineDrawing)
    }

    init(stylesheet: String, colorScheme: ColorScheme, renderer: TerminalRenderer) {
      self.stylesheet = stylesheet
      self.colorScheme = colorScheme
      self.renderer = renderer
    }
  }

  /// What a request for plain text or JSON adds to its head: the stylesheet and colour scheme
  /// of the host's cascade, which decides what is hidden.
  struct Styles: Equatable {
    /// The stylesheet's CSS, parsed again in the worker.
    var stylesheet: String
    var colorScheme: ColorScheme

    /// Appends the fields to a head message: the scheme by name, then the CSS.
    func encode(to bytes: inout [UInt8]) {
      WireReader.appendString(colorScheme.rawValue, to: &bytes)
      WireReader.appendString(stylesheet, to: &bytes)
    }

    /// Reads the fields ``encode(to:)`` wrote; nil when they are not there or not valid.
    init?(reading reader: inout WireReader) {
      guard let scheme = reader.readString().flatMap(ColorScheme.init(rawValue:)),
        let stylesheet = reader.readString()
      else { return nil }
      self.init(stylesheet: stylesheet, colorScheme: scheme)
    }

    init(stylesheet: String, colorScheme: ColorScheme) {
      self.stylesheet = stylesheet
      self.colorScheme = colorScheme
    }
  }
}
