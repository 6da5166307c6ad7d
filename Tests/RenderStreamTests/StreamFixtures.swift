import BenchKit
import Foundation
import RenderKit
import RenderStream
import TestSupport

/// Renderers, inputs and a seeded chunker shared by the stream tests.
enum StreamFixtures {
  /// An in-process renderer for `engine` in the default configuration (the gfm profile: heading
  /// anchors, raw HTML through GitHub's allowlist).
  static func renderer(engine: String = "cmark-gfm") throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    return try Renderer(configuration: configuration)
  }

  /// The Markdown of every example in a suite file of `shared` (`commonmark/…` or `suites/…`).
  static func examples(_ path: String) throws -> [(number: Int, markdown: String)] {
    let data = try SharedFixtures.data(path)
    let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return objects.enumerated().compactMap { index, object in
      guard let markdown = object["markdown"] as? String else { return nil }
      return ((object["example"] as? Int) ?? index + 1, markdown)
    }
  }

  /// The text of a file in `shared/corpus`.
  static func corpus(_ path: String) throws -> String {
    String(decoding: try SharedFixtures.data("corpus/\(path)"), as: UTF8.self)
  }

  /// The READMEs of `shared/corpus/readmes`.
  static func readmes() throws -> [(name: String, text: String)] {
    let folder = SharedFixtures.url("corpus/readmes")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }
      .map { ($0, try corpus("readmes/\($0)")) }
  }

  /// `bytes` cut at random points (seeded) into chunks of 1 to `longest` bytes.
  static func chunks(_ bytes: [UInt8], seed: UInt64, longest: Int) -> [ArraySlice<UInt8>] {
    var generator = SeededGenerator(seed: seed)
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int.random(in: 1...longest, using: &generator))
      result.append(bytes[start..<end])
      start = end
    }
    return result
  }

  /// Streams `markdown` in `chunks` and returns the joined outputs of the finished stream.
  static func streamed<Rendering: BlockRendering>(
    _ chunks: [ArraySlice<UInt8>], renderer: Renderer, rendering: Rendering,
    rendersTail: Bool = true
  ) throws -> [Rendering.Output] {
    let stream = MarkdownStream(renderer: renderer, rendering: rendering, rendersTail: rendersTail)
    var shown = StreamedDocument<Rendering.Output>()
    for chunk in chunks { shown.apply(try stream.feed(chunk)) }
    shown.apply(try stream.finish())
    return shown.outputs
  }
}
