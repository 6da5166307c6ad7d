import Foundation

/// A minimal HTTP/1.0 client over a plain socket, so that tests can send paths exactly as
/// written (URL types would normalise `..` away) and read an event stream as it arrives.
public struct RawHTTPClient: Sendable {
  /// The port on 127.0.0.1.
  public let port: UInt16

  /// A client for 127.0.0.1:`port`.
  public init(port: UInt16) {
    self.port = port
  }

  /// A response: the status code and everything after the header block.
  public struct Response: Sendable {
    /// The status code.
    public let status: Int
    /// The status line and header fields.
    public let head: String
    /// The body.
    public let body: Data
    /// The body, decoded as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// Sends `GET path` (as written) with `host` and reads the response to its end.
  public func get(_ path: String, host: String? = nil) throws -> Response {
    try parse(exchange(path, host: host, within: 10) { _ in false })
  }

  /// Sends `GET path` and reads until `done` holds for what arrived so far (or the server
  /// closes, or `seconds` pass); what arrived.
  public func read(
    _ path: String, within seconds: Double = 10, until done: (String) -> Bool
  ) throws -> String {
    String(decoding: try exchange(path, host: nil, within: seconds, until: done), as: UTF8.self)
  }

  private func exchange(
    _ path: String, host: String?, within seconds: Double, until done: (String) -> Bool
  ) throws -> Data {
    let socket = try connect()
    defer { close(socket) }
    let request = "GET \(path) HTTP/1.0\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n"
    try send(request, on: socket)
    let deadline = Date(timeIntervalSinceNow: seconds)
    var received = Data()
    while Date() < deadline, !done(String(decoding: received, as: UTF8.self)) {
      guard let chunk = try receive(on: socket) else { break }
      received.append(chunk)
    }
    return received
  }

  private func connect() throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EIO) }
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw POSIXError(.ECONNREFUSED)
    }
    return socket
  }

  private func send(_ text: String, on socket: Int32) throws {
    let bytes = Array(text.utf8)
    guard Glibc.send(socket, bytes, bytes.count, 0) == bytes.count else {
      throw POSIXError(.EIO)
    }
  }

  /// The next bytes; an empty chunk when the one-second wait passed, nil at the end.
  private func receive(on socket: Int32) throws -> Data? {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = recv(socket, &buffer, buffer.count, 0)
    if count > 0 { return Data(buffer[..<count]) }
    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return Data() }
    return nil
  }

  private func parse(_ received: Data) throws -> Response {
    guard let end = received.range(of: Data("\r\n\r\n".utf8)) else {
      throw POSIXError(.EBADMSG)
    }
    let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
    let statusLine = head.split(separator: "\r\n").first ?? ""
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else { throw POSIXError(.EBADMSG) }
    return Response(status: status, head: head, body: Data(received[end.upperBound...]))
  }
}
