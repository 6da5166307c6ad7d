import Foundation
import RenderKit

/// Shows a ``LiveDocument`` in a browser: serves its page on 127.0.0.1 and pushes every new
/// rendering to the open tabs, which update in place (see ``PreviewScript``). Relative images
/// and links resolve against the document's folder; nothing outside it is served (see
/// ``PreviewSite``).
///
/// ```swift
/// let server = try PreviewServer(document: document)   // a free port
/// print(server.url)                                    // http://127.0.0.1:PORT/
/// ```
package final class PreviewServer: Sendable {
  /// The document shown.
  package let document: LiveDocument
  private let events = PreviewEvents()
  private let http: LoopbackHTTPServer
  private let subscriber: Int?

  /// Starts serving `document` on 127.0.0.1:`port` (0: a free port); throws
  /// ``RenderError/serverUnavailable(_:)`` when the port cannot be had.
  package init(document: LiveDocument, port: UInt16 = 0) throws(RenderError) {
    self.document = document
    let events = events
    let site = PreviewSite(
      folder: URL(fileURLWithPath: document.path).deletingLastPathComponent().path,
      events: events)
    // Published on the rendering thread itself: no task, so a busy executor cannot delay it.
    subscriber = document.observe { events.publish($0) }
    do {
      http = try LoopbackHTTPServer(port: port) { site.response(to: $0) }
    } catch {
      if let subscriber { document.stopObserving(subscriber) }
      throw error
    }
  }

  deinit {
    stop()
  }

  /// The port the server listens on.
  package var port: UInt16 { http.port }

  /// The page's address, e.g. `http://127.0.0.1:8000/`.
  package var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

  /// Ends the event streams and stops serving; the document keeps watching.
  package func stop() {
    if let subscriber { document.stopObserving(subscriber) }
    events.close()
    http.stop()
  }
}
