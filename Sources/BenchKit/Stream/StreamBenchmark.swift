import Foundation
import RenderKit
import RenderStream

/// `renderbench stream [FILE [ENGINE]]`: what streaming costs against rendering once, on a corpus
/// (default `../shared/corpus/progit.md`), all in this process with ENGINE (cmark-gfm), as ratios of
/// processor time measured in one run.
///
/// - linear: every chapter streamed in 16-byte chunks, blocks only and with the tail on every
///   feed, over the chapters rendered once each;
/// - scaling: the first half of the corpus and the whole streamed as one document each, and
///   the naive way (the whole text so far rendered again on every chunk) on one chapter and
///   on that chapter twice;
/// - per feed: a 20 KB answer streamed in 16-byte chunks with its tail, each feed's cost over
///   one render of the whole answer (median and 99th percentile).
package enum StreamBenchmark {
  /// Runs the benchmark and prints its report; returns the exit status.
  package static func main(_ arguments: [String]) -> Int32 {
    let path = arguments.first ?? "../shared/corpus/progit.md"
    do {
      print(
        try report(
          engine: arguments.count > 1 ? arguments[1] : "cmark-gfm",
          corpus: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
      )
      return 0
    } catch {
      FileHandle.standardError.write(Data("renderbench stream: \(error)\n".utf8))
      return 1
    }
  }

  /// The report for `corpus`.
  package static func report(engine: String = "cmark-gfm", corpus: String) throws -> String {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let html = HTMLBlockRendering(renderer: renderer)
    let chapters = ChapterSplitter.chapters(of: CorpusDocument(name: "corpus", text: corpus))
      .map(\.text)
    var lines = ["stream: \(chapters.count) chapters, \(corpus.utf8.count) bytes, 16-byte chunks"]

    let once = try cpuTime { for chapter in chapters { _ = try renderer.html(.markdown(chapter)) } }
    for minimum in [2048, 8192] {
      let blocksOnly = try cpuTime {
        for chapter in chapters {
          try stream(
            chapter, renderer: renderer, rendering: html, tail: false, minimumBlockBytes: minimum)
        }
      }
      lines.append(
        String(
          format: "linear, blocks only (committed from %d bytes): %.2fx the one-shot render",
          minimum, blocksOnly / once))
    }
    let splitting = try cpuTime {
      for chapter in chapters {
        try stream(chapter, renderer: renderer, rendering: SourceLength(), tail: false)
      }
    }
    lines.append(String(format: "splitting alone (no block rendered): %.2fx", splitting / once))
    var sample: [String] = []
    var sampleBytes = 0
    for chapter in chapters where sampleBytes < 1_000_000 {
      sample.append(chapter)
      sampleBytes += chapter.utf8.count
    }
    let sampleOnce = try cpuTime {
      for chapter in sample { _ = try renderer.html(.markdown(chapter)) }
    }
    let withTail = try cpuTime {
      for chapter in sample { try stream(chapter, renderer: renderer, rendering: html, tail: true) }
    }
    lines.append(
      String(
        format: "linear, tail on every feed (first %d chapters): %.2fx", sample.count,
        withTail / sampleOnce))

    let half = chapters.prefix(chapters.count / 2).joined()
    let whole = chapters.joined()
    let halfCost = try cpuTime {
      try stream(half, renderer: renderer, rendering: html, tail: false)
    }
    let wholeCost = try cpuTime {
      try stream(whole, renderer: renderer, rendering: html, tail: false)
    }
    lines.append(
      String(
        format: "scaling, streamed: %d -> %d bytes costs %.2fx", half.utf8.count, whole.utf8.count,
        wholeCost / halfCost))

    let answer = answerText(from: chapters, bytes: 20_000)
    let naiveOnce = try cpuTime { try naive(answer, renderer: renderer) }
    let naiveTwice = try cpuTime { try naive(answer + answer, renderer: renderer) }
    let streamOnce = try cpuTime {
      try stream(answer, renderer: renderer, rendering: html, tail: true)
    }
    let streamTwice = try cpuTime {
      try stream(answer + answer, renderer: renderer, rendering: html, tail: true)
    }
    lines.append(
      String(
        format: "scaling, %d -> %d bytes with the tail: streamed %.2fx, naive re-render %.2fx",
        answer.utf8.count, 2 * answer.utf8.count, streamTwice / streamOnce, naiveTwice / naiveOnce))
    let answerOnce = try (0..<20).map { _ in
      try cpuTime { _ = try renderer.html(.markdown(answer)) }
    }
    .sorted()[10]
    lines.append(
      String(
        format: "naive re-render of the answer: %.1fx one render of it", naiveOnce / answerOnce))

    // What every render pays whatever its size (the engine's parser and extensions set up,
    // its arena cleared, the pipeline run): the floor of a feed that renders anything.
    let fixed = try (0..<20).map { _ in
      try cpuTime { _ = try renderer.html(.markdown("x\n")) }
    }
    .sorted()[10]
    let twoKB = String(decoding: answer.utf8.prefix(2048), as: UTF8.self)
    let twoKBOnce = try (0..<20).map { _ in
      try cpuTime { _ = try renderer.html(.markdown(twoKB)) }
    }
    .sorted()[10]
    lines.append(
      String(
        format:
          "one render of a 2-byte text: %.3fx, of the answer's first 2 KB: %.3fx one render of it",
        fixed / answerOnce, twoKBOnce / answerOnce))

    var feeds: [Double] = []
    let bytes = Array(answer.utf8)
    let answerStream = MarkdownStream(renderer: renderer, rendering: html)
    for start in stride(from: 0, to: bytes.count, by: 16) {
      let chunk = bytes[start..<min(bytes.count, start + 16)]
      feeds.append(try cpuTime { _ = try answerStream.feed(chunk) })
    }
    feeds.sort()
    lines.append(
      String(
        format: "per feed, %d-byte answer: median %.3fx, p99 %.3fx, max %.3fx of one render",
        bytes.count, feeds[feeds.count / 2] / answerOnce,
        feeds[feeds.count * 99 / 100] / answerOnce,
        feeds.last! / answerOnce))
    return lines.joined(separator: "\n")
  }

  /// Renders nothing: what the splitting costs by itself.
  private struct SourceLength: BlockRendering {
    func render(_ markdown: String) -> Int { markdown.utf8.count }
  }

  private static func stream(
    _ text: String, renderer: Renderer, rendering: some BlockRendering, tail: Bool,
    minimumBlockBytes: Int = 8192
  ) throws {
    let bytes = Array(text.utf8)
    let stream = MarkdownStream(
      renderer: renderer, rendering: rendering, rendersTail: tail,
      minimumBlockBytes: minimumBlockBytes)
    for start in stride(from: 0, to: bytes.count, by: 16) {
      _ = try stream.feed(bytes[start..<min(bytes.count, start + 16)])
    }
    _ = try stream.finish()
  }

  /// The whole text so far rendered again on every chunk.
  private static func naive(_ text: String, renderer: Renderer) throws {
    let bytes = Array(text.utf8)
    for end in stride(from: 16, through: bytes.count + 15, by: 16) {
      _ = try renderer.html(
        .markdown(String(decoding: bytes[..<min(end, bytes.count)], as: UTF8.self)))
    }
  }

  /// About `bytes` of the first chapter at least that long, cut at a line end.
  private static func answerText(from chapters: [String], bytes: Int) -> String {
    let chapter = chapters.first { $0.utf8.count >= bytes } ?? chapters.joined()
    let utf8 = Array(chapter.utf8)
    var end = min(bytes, utf8.count)
    while end < utf8.count, utf8[end - 1] != 0x0A { end += 1 }
    return String(decoding: utf8[..<end], as: UTF8.self)
  }

  private static func cpuTime(_ work: () throws -> Void) rethrows -> Double {
    var start = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
    try work()
    var end = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }
}
