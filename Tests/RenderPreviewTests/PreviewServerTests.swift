import Foundation
import RenderKit
import TestSupport
import Testing

@testable import RenderPreview

@Suite("Preview server")
struct PreviewServerTests {
  /// A document `notes.md` in `docs/` with an image and an empty file beside it, a secret file
  /// next to the folder, and a symbolic link inside pointing at it.
  private static func site() throws -> (root: ScratchFolder, docs: String) {
    let root = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: root.file("docs/img"), withIntermediateDirectories: true)
    try root.write(
      "# Preview\n\nSee ![logo](img/logo.png) and [more](more.md).\n", to: "docs/notes.md")
    try root.write("PNG-BYTES", to: "docs/img/logo.png")
    try root.write("", to: "docs/empty.txt")
    try root.write("outside secret", to: "secret.txt")
    try root.write("hidden secret", to: "docs/.env")
    try FileManager.default.createSymbolicLink(
      atPath: root.file("docs/link.txt"), withDestinationPath: root.file("secret.txt"))
    return (root, root.file("docs"))
  }

  @Test("serves the page with its live script, and the document's folder")
  func servesPageAndFiles() throws {
    let (root, docs) = try Self.site()
    let document = try LiveDocument(path: docs + "/notes.md")
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    let page = try client.get("/")
    #expect(page.status == 200)
    #expect(page.head.lowercased().contains("content-type: text/html"))
    #expect(page.text.contains(#"<h1 id="user-content-preview">Preview</h1>"#))
    #expect(page.text.contains("src=\"/.render-preview/live.js\""))
    let image = try client.get("/img/logo.png")
    #expect(image.status == 200)
    #expect(image.text == "PNG-BYTES")
    #expect(image.head.lowercased().contains("content-type: image/png"))
    // Foundation's file reading leaks 4 KiB per empty file on Linux; the sanitizer run sees it.
    let empty = try client.get("/empty.txt")
    #expect(empty.status == 200)
    #expect(empty.text.isEmpty)
    let script = try client.get("/.render-preview/live.js")
    #expect(script.status == 200)
    #expect(script.text.contains("EventSource"))
    _ = root
  }

  @Test(
    "serves nothing outside the folder, however the path is written",
    arguments: [
      "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/img/..%2f..%2fsecret.txt",
      "/..%2fsecret.txt", "/img/%2e%2e/%2e%2e/secret.txt", "/link.txt", "/.env", "/%2eenv",
      "/img/..\\..\\secret.txt", "/%00/secret.txt", "//etc/passwd", "/img/", "/missing.png",
    ])
  func refusesEscapes(path: String) throws {
    let (root, docs) = try Self.site()
    let document = try LiveDocument(path: docs + "/notes.md")
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let response = try RawHTTPClient(port: server.port).get(path)
    #expect(response.status == 404)
    #expect(!response.text.contains("secret"))
    _ = root
  }

  @Test("answers only requests for the loopback host (no DNS rebinding)")
  func refusesOtherHosts() throws {
    let (root, docs) = try Self.site()
    let document = try LiveDocument(path: docs + "/notes.md")
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    let foreign = try client.get("/", host: "attacker.example:\(server.port)")
    #expect(foreign.status == 403)
    #expect(!foreign.text.contains("Preview</h1>"))
    #expect(try client.get("/", host: "localhost:\(server.port)").status == 200)
    _ = root
  }

  @Test("a save reaches an open event stream as the new content")
  func pushesSaves() async throws {
    let (root, docs) = try Self.site()
    let document = try LiveDocument(path: docs + "/notes.md")
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    let version = try #require(Self.version(in: try client.get("/").text))
    let saved = Task.detached {
      try client.read("/.render-preview/events?since=\(version)") {
        $0.contains("Saved again")
      }
    }
    // Whether the stream opens before or after the save, it carries the save: it was
    // opened with the version the page had.
    try root.replace("docs/notes.md", with: "# Preview\n\nSaved again.\n")
    let stream = try await saved.value
    #expect(stream.contains("retry: "))
    #expect(stream.contains("data: {"))
    #expect(stream.contains("Saved again."))
    #expect(stream.contains("id: \(version + 1)"))
    #expect(try client.get("/").text.contains("Saved again."))
  }

  @Test("a stream opened with an older version gets the current rendering at once")
  func catchesUpLateStreams() throws {
    let (root, docs) = try Self.site()
    let document = try LiveDocument(path: docs + "/notes.md")
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let stream = try RawHTTPClient(port: server.port).read("/.render-preview/events?since=0") {
      $0.contains("\"body\":")
    }
    #expect(stream.contains(#"<h1 id=\"user-content-preview\">Preview</h1>"#))
    _ = root
  }

  @Test("an error is pushed as a message, and the page says what went wrong")
  func pushesErrors() async throws {
    let (root, docs) = try Self.site()
    let document = try LiveDocument(path: docs + "/notes.md")
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    try FileManager.default.removeItem(atPath: docs + "/notes.md")
    #expect(
      await eventually { (try? client.get("/").text.contains("render-preview-error")) == true })
    let page = try client.get("/").text
    #expect(page.contains("no such file"))
    #expect(page.contains("src=\"/.render-preview/live.js\""))
    let stream = try client.read("/.render-preview/events?since=0") { $0.contains("\"error\":") }
    #expect(stream.contains("no such file"))
    _ = root
  }

  @Test("the page is as safe as configured: a script in the document does not survive")
  func keepsSafeOutput() throws {
    let root = try ScratchFolder()
    try root.write("hi <script>alert(1)</script> <img src=x onerror=alert(2)>\n", to: "notes.md")
    let document = try LiveDocument(path: root.file("notes.md"))
    defer { document.stop() }
    let server = try PreviewServer(document: document)
    defer { server.stop() }
    let page = try RawHTTPClient(port: server.port).get("/").text
    #expect(!page.contains("<script>alert"))
    #expect(!page.contains("onerror"))
    #expect(page.components(separatedBy: "<script").count == 2)  // only the live script
  }

  @Test("a port in use is an error that says so")
  func reportsBusyPort() throws {
    let root = try ScratchFolder()
    try root.write("x\n", to: "notes.md")
    let document = try LiveDocument(path: root.file("notes.md"))
    defer { document.stop() }
    let first = try PreviewServer(document: document)
    defer { first.stop() }
    #expect(throws: RenderError.self) {
      _ = try PreviewServer(document: document, port: first.port)
    }
  }

  /// The version the page's script element carries.
  private static func version(in page: String) -> Int? {
    guard let range = page.range(of: "data-version=\"") else { return nil }
    return Int(page[range.upperBound...].prefix { $0.isNumber })
  }
}
