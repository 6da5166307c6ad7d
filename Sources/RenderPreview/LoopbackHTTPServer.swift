internal import CMicroHTTPD
import Foundation
import RenderKit

/// An HTTP server on 127.0.0.1 over libmicrohttpd: the one file that talks to it.
///
/// Every request is answered by `handler` on the connection's own thread (one thread per
/// connection, so a streamed body may wait for its next piece). Paths reach the handler as
/// sent, percent escapes included, so that the routes decode them once, themselves.
final class LoopbackHTTPServer: Sendable {
  /// The port the server listens on.
  var port: UInt16 { boundPort }
  private let handler: @Sendable (HTTPRequest) -> HTTPResponse
  // Set once in init, cleared once in stop(), which the lock serialises.
  private nonisolated(unsafe) var daemon: OpaquePointer?
  // Written once in init.
  private nonisolated(unsafe) var boundPort: UInt16 = 0
  private let lock = NSLock()

  /// Starts listening on 127.0.0.1:`port` (0: a free port the system chooses).
  init(port: UInt16, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse)
    throws(RenderError)
  {
    self.handler = handler
    if let failure = render_preview_load() {
      throw .serverUnavailable(String(cString: failure))
    }
    let started = render_preview_start(
      port, Self.accessHandler, Unmanaged.passUnretained(self).toOpaque())
    guard let started else {
      let reason =
        errno == 0 ? "the port is taken or not allowed" : String(cString: strerror(errno))
      throw .serverUnavailable(
        "cannot listen on 127.0.0.1:\(port) (\(reason)); choose another port, or 0 for a free one"
      )
    }
    daemon = started
    boundPort = render_preview_port(started)
  }

  deinit {
    stop()
  }

  /// Stops listening and waits for every connection's thread to finish; streamed bodies
  /// must have ended (or end soon) for this to return.
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard let daemon else { return }
    render_preview_stop_daemon(daemon)
    self.daemon = nil
  }

  private static let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, _, _ in
    guard let context, let connection, let url, let method else { return .NO }
    let server = Unmanaged<LoopbackHTTPServer>.fromOpaque(context).takeUnretainedValue()
    var request = HTTPRequest(method: String(cString: method), path: String(cString: url))
    request.headers = values(of: connection, kind: .HEADER_KIND, lowercased: true)
    request.query = values(of: connection, kind: .GET_ARGUMENT_KIND, lowercased: false)
    return send(server.handler(request), on: connection)
  }

  private static func values(
    of connection: OpaquePointer, kind: MHD_ValueKind, lowercased: Bool
  ) -> [String: String] {
    var values: [String: String] = [:]
    withUnsafeMutablePointer(to: &values) { pointer in
      let iterator: MHD_KeyValueIterator = { context, _, key, value in
        guard let context, let key else { return .YES }
        let values = context.assumingMemoryBound(to: [String: String].self)
        values.pointee[String(cString: key)] = value.map { String(cString: $0) } ?? ""
        return .YES
      }
      _ = render_preview_get_connection_values(connection, kind, iterator, pointer)
    }
    guard lowercased else { return values }
    return Dictionary(values.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
  }

  private static func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made: OpaquePointer?
    let status: Int
    let headers: [String: String]
    switch response {
    case .complete(let code, let fields, let body):
      status = code
      headers = fields
      made = body.withUnsafeBytes { bytes in
        render_preview_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
          .RESPMEM_MUST_COPY)
      }
    case .stream(let fields, let next):
      status = 200
      headers = fields
      let body = Unmanaged.passRetained(StreamedBody(next: next)).toOpaque()
      made = render_preview_create_response_from_callback(
        UInt64.max, 16 * 1024,
        { context, _, buffer, capacity in
          guard let context, let buffer else { return -2 }
          let body = Unmanaged<StreamedBody>.fromOpaque(context).takeUnretainedValue()
          let count = body.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
          return count.map { $0 } ?? -1
        },
        body,
        { context in
          guard let context else { return }
          Unmanaged<StreamedBody>.fromOpaque(context).release()
        })
      if made == nil { Unmanaged<StreamedBody>.fromOpaque(body).release() }
    }
    guard let made else { return .NO }
    defer { render_preview_destroy_response(made) }
    for (name, value) in headers {
      _ = render_preview_add_response_header(made, name, value)
    }
    return render_preview_queue_response(connection, UInt32(status), made)
  }
}
