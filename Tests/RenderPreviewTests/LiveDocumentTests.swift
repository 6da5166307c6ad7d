import Foundation
import RenderCore
import RenderKit
import RenderPreview
import Testing

@Suite("LiveDocument")
struct LiveDocumentTests {
  @Test("renders the document at once: the page and the styled text")
  func rendersAtOnce() throws {
    let folder = try ScratchFolder()
    try folder.write("# Notes\n\nFirst *draft*.\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let rendering = try document.latest.get()
    #expect(rendering.page.html.contains("<em>draft</em>"))
    #expect(rendering.page.title == "Notes")
    #expect(rendering.styledText.plainText.contains("First draft."))
  }

  @Test("a save written in place delivers a new rendering")
  func seesWriteInPlace() async throws {
    let folder = try ScratchFolder()
    try folder.write("before\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let log = RenderingLog(document)
    #expect(await eventually { log.lastPage?.contains("before") == true })
    try folder.write("after the save\n", to: "notes.md")
    #expect(await eventually { log.lastPage?.contains("after the save") == true })
    let styled = try document.latest.get().styledText.plainText
    #expect(styled.contains("after the save"))
  }

  @Test("a save that renames a new file over the old one is seen, and the next one too")
  func seesReplacementByRename() async throws {
    let folder = try ScratchFolder()
    try folder.write("one\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let log = RenderingLog(document)
    try folder.replace("notes.md", with: "two\n")
    #expect(await eventually { log.lastPage?.contains("two") == true })
    try folder.replace("notes.md", with: "three\n")
    #expect(await eventually { log.lastPage?.contains("three") == true })
  }

  @Test("a changed stylesheet file renders the page with the new CSS")
  func seesStylesheetChange() async throws {
    let folder = try ScratchFolder()
    try folder.write("# Title\n", to: "notes.md")
    try folder.write("h1 { color: #112233; }\n", to: "notes.css")
    var configuration = RenderConfiguration()
    configuration.stylesheet = folder.file("notes.css")
    let document = try LiveDocument(path: folder.file("notes.md"), configuration: configuration)
    defer { document.stop() }
    let log = RenderingLog(document)
    #expect(await eventually { log.lastPage?.contains("#112233") == true })
    try folder.replace("notes.css", with: "h1 { color: #445566; }\n")
    #expect(await eventually { log.lastPage?.contains("#445566") == true })
    #expect(log.lastPage?.contains("#112233") == false)
  }

  @Test("CSS text in the configuration styles the page")
  func usesStylesheetText() throws {
    let folder = try ScratchFolder()
    try folder.write("text\n", to: "notes.md")
    var configuration = RenderConfiguration()
    configuration.stylesheetCSS = "p { color: #abcdef; }"
    let document = try LiveDocument(path: folder.file("notes.md"), configuration: configuration)
    defer { document.stop() }
    #expect(try document.latest.get().page.html.contains("#abcdef"))
  }

  @Test("a deleted document is an error value, and rendering resumes when it is back")
  func reportsMissingFileAsValue() async throws {
    let folder = try ScratchFolder()
    try folder.write("present\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let log = RenderingLog(document)
    try FileManager.default.removeItem(atPath: folder.file("notes.md"))
    #expect(
      await eventually {
        guard case .failure(.fileUnreadable(let path, _)) = log.all.last else { return false }
        return path.hasSuffix("notes.md")
      })
    try folder.write("back again\n", to: "notes.md")
    #expect(await eventually { log.lastPage?.contains("back again") == true })
  }

  @Test("a document that does not exist yet is an error first, then renders when created")
  func startsWithoutTheFile() async throws {
    let folder = try ScratchFolder()
    let document = try LiveDocument(path: folder.file("later.md"))
    defer { document.stop() }
    guard case .failure(.fileUnreadable) = document.latest else {
      Issue.record("expected a fileUnreadable error, got \(document.latest)")
      return
    }
    let log = RenderingLog(document)
    try folder.write("created\n", to: "later.md")
    #expect(await eventually { log.lastPage?.contains("created") == true })
  }

  @Test("a burst of writes gives fewer renderings than writes, the last one complete")
  func coalescesBursts() async throws {
    let folder = try ScratchFolder()
    try folder.write("start\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let log = RenderingLog(document)
    #expect(await eventually { log.all.count == 1 })
    for index in 1...20 { try folder.write("write \(index)\n", to: "notes.md") }
    #expect(await eventually { log.lastPage?.contains("write 20") == true })
    #expect(log.all.count - 1 < 20)
  }

  @Test("writes that never pause still render, at the longest delay, not only once they stop")
  func rendersDuringSteadyWrites() async throws {
    let folder = try ScratchFolder()
    try folder.write("start\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let log = RenderingLog(document)
    // A write every 5 ms, on a thread of its own, never leaves the folder quiet for 30 ms; the
    // writer stops as soon as a rendering of one of its writes arrives, or at the bound.
    let writing = Locked(true)
    let path = folder.file("notes.md")
    let writer = Thread {
      var tick = 0
      while writing.withLock({ $0 }) {
        tick += 1
        try? Data("tick \(tick)\n".utf8).write(to: URL(fileURLWithPath: path))
        usleep(5_000)
      }
    }
    writer.start()
    let rendered = await eventually { log.pages.contains { $0.contains("tick ") } }
    writing.withLock { $0 = false }
    #expect(rendered)
  }

  @Test("a save that changes nothing delivers nothing: the next rendering is the next change")
  func skipsUnchangedSaves() async throws {
    let folder = try ScratchFolder()
    try folder.write("same\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let log = RenderingLog(document)
    #expect(await eventually { log.all.count == 1 })
    try folder.write("same\n", to: "notes.md")
    try folder.write("changed\n", to: "notes.md")
    #expect(await eventually { log.lastPage?.contains("changed") == true })
    #expect(log.pages.filter { $0.contains("same") }.count == 1)
  }

  @Test("HTML documents are imported: the page holds the HTML, styled text its words")
  func rendersHTMLDocuments() throws {
    let folder = try ScratchFolder()
    try folder.write("<p>Hello <b>there</b></p>", to: "page.html")
    let document = try LiveDocument(path: folder.file("page.html"))
    defer { document.stop() }
    #expect(document.format == .html)
    let rendering = try document.latest.get()
    #expect(rendering.page.html.contains("<b>there</b>"))
    #expect(rendering.styledText.plainText.contains("Hello there"))
  }

  @Test("an empty document renders an empty page (no buffer leaked: make check-sanitizers)")
  func emptyDocument() throws {
    let folder = try ScratchFolder()
    try folder.write("", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    defer { document.stop() }
    let rendering = try document.latest.get()
    #expect(rendering.styledText.plainText.isEmpty)
  }

  @Test("a document past the input cap is an error naming the limit, not a rendering")
  func inputCapApplies() throws {
    let folder = try ScratchFolder()
    try folder.write(String(repeating: "word ", count: 100), to: "notes.md")
    var configuration = RenderConfiguration()
    configuration.limits.maximumInputBytes = 64
    let document = try LiveDocument(path: folder.file("notes.md"), configuration: configuration)
    defer { document.stop() }
    #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 500, maximum: 64)) {
      try document.latest.get()
    }
  }

  @Test("stop ends every subscriber's sequence")
  func stopEndsSequences() async throws {
    let folder = try ScratchFolder()
    try folder.write("x\n", to: "notes.md")
    let document = try LiveDocument(path: folder.file("notes.md"))
    let renderings = document.renderings()
    document.stop()
    var count = 0
    for await _ in renderings { count += 1 }
    #expect(count == 1)
  }

  @Test("a folder that does not exist cannot be watched: the initializer throws")
  func missingFolderThrows() throws {
    #expect(throws: RenderError.self) {
      _ = try LiveDocument(path: "/nonexistent-\(UUID().uuidString)/notes.md")
    }
  }
}
