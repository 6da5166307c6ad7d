import EngineCMark
import EngineCMarkGFM
import EngineDiscount
import EngineMD4C
import RenderCore

/// The bare C call behind a built-in engine, with the flags the framework would pass: the
/// floor the framework's overhead is measured against.
struct RawEngineCall: Sendable {
  /// Renders the bytes and returns the length of the HTML, producing no Swift value.
  let render: @Sendable (UnsafeBufferPointer<UInt8>) -> Int

  /// The raw call for the engine `id` under `options`; `nil` for an engine the tool has no
  /// raw entry point for (a third-party engine), whose overhead is then reported as unknown.
  static func forEngine(id: String, options: RenderOptions) -> RawEngineCall? {
    switch id {
    case "cmark":
      let flags = CMarkEngine.flags(for: options)
      return RawEngineCall { CMarkFloor.render($0, flags: flags) }
    case "cmark-gfm":
      let (flags, extensions) = CMarkGFMEngine.flags(for: options)
      // Parse, render and free through the loader: what a C program calling cmark-gfm does.
      return RawEngineCall { CMarkGFMFloor.render($0, options: flags, extensions: extensions) }
    case "discount":
      let flags = DiscountEngine.flags(for: options)
      // The bare calls on the measuring thread: the engine's hand-off to its large-stack
      // thread is framework cost, so the floor leaves it out.
      return RawEngineCall { DiscountFloor.render($0, flags: flags) }
    case "md4c":
      // md4c's own renderer, md_html, into one growing buffer: the engine writes the same
      // HTML from the same parser, so the floor is the library doing all of it in C.
      let flags = MD4CEngine.flags(for: options)
      return RawEngineCall { MD4CFloor.render($0, flags: flags) }
    default:
      return nil
    }
  }

  /// Renders every document once; the sum of the HTML lengths.
  func renderAll(_ documents: [PreparedDocument]) -> Int {
    var total = 0
    for document in documents {
      total &+= document.withBytes(render)
    }
    return total
  }
}
