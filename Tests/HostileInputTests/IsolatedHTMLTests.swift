import Foundation
import HTML5Import
import HTMLImport
import RenderCore
import RenderStyling
import RenderText
import TestSupport
import Testing

@testable import RenderKit

/// HTML import and the sanitizer in a worker: the same results as in-process, with the
/// importer the host names, and libxml2's quadratic inputs stopped at the deadline.
@Suite struct IsolatedHTMLTests {
  static let samples = [
    "<p>Hello <b>world</b> &amp; <a href=\"https://example.com\" onclick=\"x()\">link</a></p>",
    "<!doctype html><html><head><title>T</title></head><body><ul><li>a<li>b</ul><script>alert(1)</script>",
    "<table><tr><td>1<td>2</table><img src=javascript:alert(1)>",
  ]

  /// HTML whose tree HTML5 builds otherwise than libxml2 does, so that the text tells the
  /// importers apart.
  static let treesThatDiffer = [
    // Foster parenting: HTML5 moves the stray text before the table.
    "<table><tr><td>1</td></tr>x</table>",
    "<p>a<table>b<tr><td>c</table>",
    "<table><caption>c<td>d</table>",
    // The adoption agency: HTML5 reopens the link inside the paragraph.
    "<a>1<p>2</a>3",
  ]

  /// The plain text `--to text` writes of `document`, under the default stylesheet.
  static func text(_ document: Document) throws -> String {
    let styles = try Stylesheet.default.cascade(document, colorScheme: .light)
    return StyledText(document: document, styles: styles).plainText
  }

  @Test("an import in a worker gives the in-process document, bytes and charset included")
  func importMatches() throws {
    let importers: [(IsolatedHTMLImporter, any HTMLImporting)] = [
      (IsolatedHTMLImporter(), HTML5Importer()),
      (IsolatedHTMLImporter(importerID: "libxml2"), HTMLImporter()),
    ]
    for (importer, inProcess) in importers {
      for sample in Self.samples {
        #expect(
          try importer.importDocument(html: sample) == inProcess.importDocument(html: sample))
      }
      // windows-1252 declared in a meta: decoded in the worker as the in-process importer does.
      let latin: [UInt8] =
        Array("<meta charset=windows-1252><p>caf".utf8) + [0xE9] + Array("</p>".utf8)
      let document = try importer.importDocument(data: latin)
      #expect(document == (try inProcess.importDocument(data: latin)))
      #expect(document.textContent(of: document.root).contains("café"))
      // As Data, sent from where it lies: the same document.
      #expect(try importer.importDocument(data: Data(latin)) == document)
    }
  }

  @Test("the worker imports with the importer named, HTML5 by default, where the trees differ")
  func importerNamed() throws {
    for html in Self.treesThatDiffer {
      let html5 = try HTML5Importer().importDocument(html: html)
      let libxml2 = try HTMLImporter().importDocument(html: html)
      #expect(try Self.text(html5) != Self.text(libxml2), "\(html) does not tell them apart")
      #expect(try IsolatedHTMLImporter().importDocument(html: html) == html5, "\(html)")
      let contained = try IsolatedHTMLImporter(importerID: "libxml2").importDocument(html: html)
      #expect(contained == libxml2, "\(html)")
    }
    // A name the registry lacks fails before any worker starts, as in-process.
    #expect(throws: RenderError.self) {
      try IsolatedHTMLImporter(importerID: "lexbor").importDocument(html: "<p>x")
    }
  }

  @Test(
    "html5lib inputs whose text differs between the importers import in a worker as in-process",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func html5libInputsThatDiffer() throws {
    struct Case: Decodable { var html: String }
    struct Oracle: Decodable { var cases: [Case] }
    let oracle = try JSONDecoder().decode(
      Oracle.self, from: SharedFixtures.data("browser/html5lib-innertext.json"))
    // The first inputs, in the file's order, on which the two importers' text differs.
    var differing: [(html: String, html5: Document, libxml2: Document)] = []
    for html in oracle.cases.map(\.html) where differing.count < 12 {
      let html5 = try HTML5Importer().importDocument(html: html)
      let libxml2 = try HTMLImporter().importDocument(html: html)
      if try Self.text(html5) != Self.text(libxml2) { differing.append((html, html5, libxml2)) }
    }
    #expect(differing.count == 12)
    let html5 = IsolatedHTMLImporter(importerID: "html5")
    let libxml2 = IsolatedHTMLImporter(importerID: "libxml2")
    for input in differing {
      #expect(try html5.importDocument(html: input.html) == input.html5, "\(input.html)")
      #expect(try libxml2.importDocument(html: input.html) == input.libxml2, "\(input.html)")
    }
  }

  @Test("the renderer's contained import writes the text of the importer configured")
  func rendererImportsWithTheConfiguredImporter() throws {
    for importer in [nil, "html5", "libxml2"] {
      var configuration = RenderConfiguration()
      configuration.importer = importer
      let contained = try Renderer(configuration: configuration)
      configuration.isolation = .inProcess
      let inProcess = try Renderer(configuration: configuration)
      for html in Self.treesThatDiffer {
        #expect(
          try contained.styledText(.html(html)).plainText
            == inProcess.styledText(.html(html)).plainText, "\(importer ?? "default"): \(html)")
      }
    }
  }

  @Test("jobs run together give each the output it has alone, or its own failure, in place")
  func jobsRunTogether() throws {
    var configuration = RenderConfiguration()
    configuration.limits.maximumInputBytes = 200
    let contained = try Renderer(configuration: configuration)
    configuration.isolation = .inProcess
    let inProcess = try Renderer(configuration: configuration)
    let long = "<p>" + String(repeating: "x", count: 300) + "</p>"
    let jobs = [
      RenderJob(.html("<p>one</p>"), to: .plainText),
      RenderJob(.html(long), to: .plainText),
      RenderJob(.markdown("# two"), to: .plainText),
      RenderJob(.html(Self.treesThatDiffer[0]), to: .plainText),
      RenderJob(.html("<p>three</p>"), to: .json),
      RenderJob(.html(Self.treesThatDiffer[3]), to: .plainText),
    ]
    let results = contained.run(jobs)
    #expect(results.count == jobs.count)
    for index in [0, 2, 3, 4, 5] {
      #expect(try results[index].get().utf8 == inProcess.run(jobs[index]).utf8, "job \(index)")
    }
    #expect(
      throws: RenderError.limitExceeded(
        limit: RenderLimits.inputLimitName, value: long.utf8.count, maximum: 200)
    ) { try results[1].get() }
  }

  @Test("an engine's HTML is imported in its worker by the importer the host passes")
  func engineDocumentImportsWithTheImporterPassed() throws {
    var options = RenderOptions()
    options.unsafe = true
    // Discount has no node tree: its whole document is its HTML imported.
    let discount = try IsolatedEngine(engineID: "discount")
    let importers: [(any HTMLImporting, any HTMLImporting)] = [
      (HTML5Importer(), HTML5Importer()), (HTMLImporter(), HTMLImporter()),
      (IsolatedHTMLImporter(), HTML5Importer()),
      (IsolatedHTMLImporter(importerID: "libxml2"), HTMLImporter()),
    ]
    for html in Self.treesThatDiffer {
      let markdown = html + "\n"
      for (passed, inProcess) in importers {
        let expected = try DiscountEngine().document(
          markdown, options: options, importer: inProcess)
        #expect(
          try discount.document(markdown, options: options, importer: passed) == expected,
          "\(type(of: passed)): \(html)")
        #expect(
          try discount.document(utf8: Data(markdown.utf8), options: options, importer: passed)
            == expected)
      }
    }
    // An importer the worker does not have is refused, not replaced by another.
    struct Elsewhere: HTMLImporting {
      func importDocument(html: String) throws(RenderError) -> Document {
        try HTML5Importer().importDocument(html: html)
      }
      func importDocument(data: some Collection<UInt8>) throws(RenderError) -> Document {
        try HTML5Importer().importDocument(data: data)
      }
    }
    #expect(throws: RenderError.self) {
      try discount.document("x\n", options: options, importer: Elsewhere())
    }
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
    // In-process, the importer is the configured one (HTML5 by default); contained too.
    #expect(inProcess.importer is HTML5Importer && inProcess.sanitizer is HTMLSanitizer)
    #expect((renderer.importer as? IsolatedHTMLImporter)?.importerID == "html5")
    var libxml2 = RenderConfiguration()
    libxml2.importer = "libxml2"
    let chosen = try Renderer(configuration: libxml2).importer as? IsolatedHTMLImporter
    #expect(chosen?.importerID == "libxml2")
  }
}
