import Foundation

/// What the preview answers: a complete body, or a stream whose pieces come as they are made.
enum HTTPResponse: Sendable {
  /// A status, header fields and the whole body.
  case complete(status: Int, headers: [String: String], body: Data)
  /// A `200` whose body is produced piece by piece: `next` waits for the next piece and
  /// returns nil to end the body. It runs on the connection's own thread.
  case stream(headers: [String: String], next: @Sendable () -> Data?)

  /// A plain-text answer, for errors.
  static func text(_ status: Int, _ message: String) -> HTTPResponse {
    .complete(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: Data((message + "\n").utf8))
  }
}
