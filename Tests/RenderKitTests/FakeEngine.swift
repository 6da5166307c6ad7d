import Foundation
import RenderCore
import RenderKit

/// A test double: wraps input in `<p>` and declares whatever features a test needs.
struct FakeEngine: MarkdownEngine {
  let id: String
  let features: Set<RenderFeature>

  var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: id, displayName: id, libraryVersion: "1.0", features: features,
      isSafeOnHostileInput: true, concurrency: .parallel)
  }

  func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment {
    try checkSupport(of: options)
    return HTMLFragment(html: "<p>\(markdown)</p>", engineID: id)
  }
}

/// A test double that takes bytes: says which way its input came.
struct FakeBytesEngine: UTF8MarkdownEngine {
  var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: "bytes", displayName: "bytes", libraryVersion: "1.0", features: [],
      isSafeOnHostileInput: true, concurrency: .parallel)
  }

  func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment {
    HTMLFragment(html: "<p>text: \(markdown)</p>", engineID: "bytes")
  }

  func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    HTMLFragment(html: "<p>bytes: \(MarkdownInput.decode(markdown))</p>", engineID: "bytes")
  }

  func document(utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting)
    throws(RenderError) -> Document
  {
    try importer.importDocument(fragment: render(utf8: markdown, options: options))
  }
}

let fakeRegistry = EngineRegistry([
  FakeEngine(id: "plain", features: [.rawHTML]),
  FakeEngine(id: "rich", features: [.rawHTML, .tables, .smartPunctuation]),
  FakeEngine(id: "wide", features: [.tables]),
])
