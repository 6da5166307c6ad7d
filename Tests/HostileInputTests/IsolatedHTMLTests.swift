import Foundation
import HTMLImport
import RenderCore
import Testing

@testable import RenderKit

/// HTML import and the sanitizer in a worker: the same results as in-process, and libxml2's
/// quadratic inputs stopped at the deadline.
@Suite struct IsolatedHTMLTests {
  static let samples = [
    "<p>Hello <b>world</b> &amp; <a href=\"https://example.com\" onclick=\"x()\">link</a></p>",
    "<!doctype html><html><head><title>T</title></head><body><ul><li>a<li>b</ul><script>alert(1)</script>",
    "<table><tr><td>1<td>2</table><img src=javascript:alert(1)>",
  ]

  @Test("an import in a worker gives the in-process document, bytes and charset included")
  func importMatches() throws {
    let importer = IsolatedHTMLImporter()
    for sample in Self.samples {
      #expect(
        try importer.importDocument(html: sample) == HTMLImporter().importDocument(html: sample))
    }
    // windows-1252 declared in a meta: decoded in the worker as the in-process importer does.
    let latin: [UInt8] =
      Array("<meta charset=windows-1252><p>caf".utf8) + [0xE9] + Array("</p>".utf8)
    let document = try importer.importDocument(data: latin)
    #expect(document == (try HTMLImporter().importDocument(data: latin)))
    #expect(document.textContent(of: document.root).contains("café"))
    // As Data, sent from where it lies: the same document.
    #expect(try importer.importDocument(data: Data(latin)) == document)
  }

  @Test("sanitizing in a worker gives the in-process output")
  func sanitizeMatches() throws {
    for sample in Self.samples {
      #expect(
        try IsolatedHTMLSanitizer().sanitize(html: sample) == HTMLSanitizer().sanitize(html: sample)
      )
    }
  }

  @Test(
    "one element with 150,000 distinct attributes is refused by its budget or stopped at the deadline"
  )
  func attributeBomb() throws {
    let html = "<p " + (0..<150_000).map { "a\($0)=x" }.joined(separator: " ") + ">x</p>"
    let limits = RenderLimits(deadline: .seconds(1))
    let start = ContinuousClock.now
    do {
      _ = try IsolatedHTMLImporter(limits: limits).importDocument(html: html)
    } catch {
      #expect(
        error == .deadlineExceeded(engine: "html-import", seconds: 1)
          || error.description.contains("attributes on one element"))
    }
    do {
      _ = try IsolatedHTMLSanitizer(limits: limits).sanitize(html: html)
    } catch {
      #expect(
        error == .deadlineExceeded(engine: "sanitizer", seconds: 1)
          || error.description.contains("attributes on one element"))
    }
    #expect(ContinuousClock.now - start < .seconds(4))
  }

  @Test("the renderer's importer and sanitizer are contained unless the app chose in-process")
  func rendererDefaults() throws {
    let renderer = try Renderer(configuration: RenderConfiguration())
    #expect(
      renderer.importer is IsolatedHTMLImporter && renderer.sanitizer is IsolatedHTMLSanitizer)
    var trusted = RenderConfiguration()
    trusted.isolation = .inProcess
    let inProcess = try Renderer(configuration: trusted)
    // In-process, the importer is the configured one (HTML5 by default).
    #expect(inProcess.importer is HTML5Importer && inProcess.sanitizer is HTMLSanitizer)
  }
}
