import Foundation
import RenderKit

/// What the preview answers for each request: the live page at `/`, its script and event
/// stream, and the files of the document's folder, so that relative images and links work.
/// Nothing outside that folder is served, whatever the path says.
///
/// A request path is split at `/` first and each segment percent-decoded once, so `%2e%2e`
/// and `%2f` are refused like `..` and `/`; a segment that is empty, `.`, `..`, hidden
/// (starts with `.`), or holds a slash, backslash or NUL is refused; the file found is then
/// resolved through every symbolic link and must still lie inside the folder. Requests must
/// name the loopback host (`127.0.0.1` or `localhost`), so a web page whose domain is
/// pointed at 127.0.0.1 (DNS rebinding) cannot read the preview.
struct PreviewSite: Sendable {
  /// The document's folder, every symbolic link resolved.
  let folder: String
  /// The current page and the events.
  let events: PreviewEvents
  /// How long an event stream waits before it sends a comment to keep the connection.
  var keepAlive: Duration = .seconds(15)
  /// The largest file of the folder served, in bytes: a file is read whole into memory.
  static let maximumFileBytes = 1 << 28

  private static let headers = [
    "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  ]

  /// Serves `folder` (resolved here) with `events`.
  init(folder: String, events: PreviewEvents) {
    self.folder = Self.resolved(folder) ?? folder
    self.events = events
  }

  /// The answer to `request`.
  func response(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .text(405, "The preview only answers GET and HEAD.")
    }
    guard Self.isLoopback(host: request.headers["host"]) else {
      return .text(403, "The preview only answers requests for 127.0.0.1 or localhost.")
    }
    switch request.path {
    case "/":
      return .complete(
        status: 200, headers: Self.headers(type: "text/html; charset=utf-8"),
        body: events.current.page)
    case PreviewPage.scriptPath:
      return .complete(
        status: 200, headers: Self.headers(type: "text/javascript; charset=utf-8"),
        body: Data(PreviewScript.source.utf8))
    case PreviewPage.eventsPath:
      let since = request.headers["last-event-id"] ?? request.query["since"]
      return eventStream(since: since.flatMap { Int($0) } ?? 0)
    default:
      guard let file = file(forPath: request.path) else {
        return .text(404, "Not found in the document's folder.")
      }
      let body: Data
      do {
        body = try LimitedInput.read(path: file, maximumBytes: Self.maximumFileBytes)
      } catch .limitExceeded {
        return .text(
          413, "The file is larger than the preview serves (\(Self.maximumFileBytes >> 20) MiB).")
      } catch {
        return .text(403, "The file cannot be read.")
      }
      var headers = Self.headers(type: Self.contentType(of: file))
      // A file opened on its own (an SVG, an HTML file) runs no script with the preview's origin.
      headers["Content-Security-Policy"] = "sandbox"
      return .complete(status: 200, headers: headers, body: body)
    }
  }

  /// The regular file inside ``folder`` that `path` (as sent, escapes included) names, or
  /// nil when it names none or anything outside.
  func file(forPath path: String) -> String? {
    guard path.hasPrefix("/") else { return nil }
    var segments: [String] = []
    for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let segment = String(raw).removingPercentEncoding, !segment.isEmpty,
        !segment.hasPrefix("."),
        !segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
      else { return nil }
      segments.append(segment)
    }
    guard !segments.isEmpty,
      let resolved = Self.resolved(folder + "/" + segments.joined(separator: "/")),
      resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    else { return nil }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder),
      !isFolder.boolValue
    else { return nil }
    return resolved
  }

  private func eventStream(since: Int) -> HTTPResponse {
    let sent = SentVersion(since)
    let events = events
    let keepAlive = keepAlive
    var headers = Self.headers(type: "text/event-stream; charset=utf-8")
    headers["X-Accel-Buffering"] = "no"
    return .stream(headers: headers) {
      if sent.takeFirst() {
        // Reconnect quickly when the server restarts.
        return Data("retry: 300\n\n".utf8)
      }
      switch events.next(after: sent.version, timeout: keepAlive) {
      case .update(let version, let event):
        sent.version = version
        return event
      case .idle: return Data(":\n\n".utf8)
      case .closed: return nil
      }
    }
  }

  private static func headers(type: String) -> [String: String] {
    headers.merging(["Content-Type": type]) { _, new in new }
  }

  private static func isLoopback(host: String?) -> Bool {
    guard let host else { return false }
    let name = host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
    return name == "127.0.0.1" || name.lowercased() == "localhost"
  }

  private static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  private static let contentTypes = [
    "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
    "md": "text/markdown; charset=utf-8", "markdown": "text/markdown; charset=utf-8",
    "txt": "text/plain; charset=utf-8", "json": "application/json", "svg": "image/svg+xml",
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "pdf": "application/pdf",
    "woff": "font/woff", "woff2": "font/woff2", "mp4": "video/mp4", "webm": "video/webm",
  ]

  private static func contentType(of file: String) -> String {
    let fileExtension = URL(fileURLWithPath: file).pathExtension.lowercased()
    return contentTypes[fileExtension] ?? "application/octet-stream"
  }
}
