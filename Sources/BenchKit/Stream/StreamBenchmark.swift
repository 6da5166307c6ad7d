import Foundation
import RenderKit
import RenderStream

/// `renderbench stream [FILE [ENGINE [RUNS [CASE]]]]`: what streaming costs against rendering
/// once, on a corpus (default `../shared/corpus/progit.md`), all in this process with ENGINE
/// (cmark-gfm), as ratios of processor time taken in one run, each measured RUNS times (5),
/// interleaved, and reported as the median with the range. With CASE (`none`, `once`, `64`,
/// `16`, `twice64`, `open64`, `split64`), only that case runs, once, and nothing is printed:
/// what `scripts/stream-cost.py` counts the instructions of, which a busy machine does not
/// change.
///
/// - blocks: the corpus's first 2 MiB (cut at a line end) streamed in 64-byte and in 16-byte
///   writes, each block rendered when a write makes it final (what `render --stream` does
///   into a pipe), over one render of the same text;
/// - scaling: the first 4 MiB streamed in 64-byte writes over the first 2 MiB;
/// - open block: the 2 MiB in 64-byte writes with the open block rendered on every write
///   (what a terminal or a chat view shows), over one render;
/// - splitting alone (no block rendered), and what one render of a 2-byte text costs, the
///   fixed part each committed block pays, against one render of the 2 MiB per block.
package enum StreamBenchmark {
  /// Runs the benchmark and prints its report; returns the exit status.
  package static func main(_ arguments: [String]) -> Int32 {
    let path = arguments.first ?? "../shared/corpus/progit.md"
    do {
      if arguments.count > 3 {
        try run(
          case: arguments[3], engine: arguments[1],
          corpus: try Data(contentsOf: URL(fileURLWithPath: path)))
        return 0
      }
      print(
        try report(
          engine: arguments.count > 1 ? arguments[1] : "cmark-gfm",
          corpus: try Data(contentsOf: URL(fileURLWithPath: path)),
          runs: arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5))
      return 0
    } catch {
      FileHandle.standardError.write(Data("renderbench stream: \(error)\n".utf8))
      return 1
    }
  }

  /// The report for `corpus`.
  package static func report(engine: String = "cmark-gfm", corpus: Data, runs: Int = 5) throws
    -> String
  {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let html = HTMLBlockRendering(renderer: renderer)
    let bytes = [UInt8](corpus)
    let text = prefix(bytes, 2 << 20)
    let twice = prefix(bytes, 4 << 20)
    let markdown = String(decoding: text, as: UTF8.self)

    var once: [Double] = []
    var by64: [Double] = []
    var by16: [Double] = []
    var twice64: [Double] = []
    var openBlock: [Double] = []
    var splitting: [Double] = []
    var commits = 0
    for _ in 0..<runs {
      once.append(try cpuTime { _ = try renderer.html(.markdown(markdown)) })
      by64.append(
        try cpuTime { commits = try stream(text, by: 64, rendering: html, renderer: renderer) })
      by16.append(try cpuTime { _ = try stream(text, by: 16, rendering: html, renderer: renderer) })
      twice64.append(
        try cpuTime { _ = try stream(twice, by: 64, rendering: html, renderer: renderer) })
      openBlock.append(
        try cpuTime {
          _ = try stream(text, by: 64, rendering: html, renderer: renderer, tail: true)
        })
      splitting.append(
        try cpuTime {
          _ = try stream(text, by: 64, rendering: SourceLength(), renderer: renderer)
        })
    }
    let fixed = try (0..<200).map { _ in
      try cpuTime { _ = try renderer.html(.markdown("x\n")) }
    }.sorted()[100]
    let mib = Double(text.count) / Double(1 << 20)
    return [
      String(
        format: "stream: %@, first %.1f MiB (%d blocks committed), %d runs, median (range)",
        engine, mib, commits, runs),
      "64-byte writes, blocks: " + ratio(by64, once) + " the one-shot render",
      "16-byte writes, blocks: " + ratio(by16, once) + " the one-shot render",
      "twice the text (\(twice.count) bytes), 64-byte writes: " + ratio(twice64, by64),
      "64-byte writes, open block on every write: " + ratio(openBlock, once) + " the one-shot",
      "splitting alone, 64-byte writes: " + ratio(splitting, once) + " the one-shot render",
      String(
        format: "one render of a 2-byte text: %.1f us; the one-shot render per block: %.1f us",
        fixed * 1e6, median(once) / Double(max(1, commits)) * 1e6),
    ].joined(separator: "\n")
  }

  /// Runs one case of the report once (see ``main(_:)``).
  package static func run(case name: String, engine: String, corpus: Data) throws {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let html = HTMLBlockRendering(renderer: renderer)
    let bytes = [UInt8](corpus)
    let text = prefix(bytes, 2 << 20)
    switch name {
    case "none": break
    case "once": _ = try renderer.html(.markdown(String(decoding: text, as: UTF8.self)))
    case "64": _ = try stream(text, by: 64, rendering: html, renderer: renderer)
    case "16": _ = try stream(text, by: 16, rendering: html, renderer: renderer)
    case "twice64":
      _ = try stream(prefix(bytes, 4 << 20), by: 64, rendering: html, renderer: renderer)
    case "open64": _ = try stream(text, by: 64, rendering: html, renderer: renderer, tail: true)
    case "split64": _ = try stream(text, by: 64, rendering: SourceLength(), renderer: renderer)
    default: throw RenderError.invalidConfiguration(source: "case", key: nil, problem: name)
    }
  }

  /// `values` over `bases`, run by run: the median and the range.
  private static func ratio(_ values: [Double], _ bases: [Double]) -> String {
    let ratios = zip(values, bases).map { $0 / $1 }.sorted()
    return String(format: "%.2fx (%.2f-%.2f)", median(ratios), ratios.first!, ratios.last!)
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// The first `count` bytes of `bytes`, then to the end of that line.
  private static func prefix(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
    var end = min(count, bytes.count)
    while end < bytes.count, bytes[end - 1] != 0x0A { end += 1 }
    return Array(bytes[..<end])
  }

  /// Renders nothing: what the splitting costs by itself.
  private struct SourceLength: BlockRendering {
    func render(_ markdown: String) -> Int { markdown.utf8.count }
  }

  /// Streams `bytes` in `size`-byte writes; returns how many blocks were committed.
  private static func stream(
    _ bytes: [UInt8], by size: Int, rendering: some BlockRendering, renderer: Renderer,
    tail: Bool = false
  ) throws -> Int {
    let stream = MarkdownStream(renderer: renderer, rendering: rendering, rendersTail: tail)
    var committed = 0
    for start in stride(from: 0, to: bytes.count, by: size) {
      committed += try stream.feed(bytes[start..<min(bytes.count, start + size)]).committed.count
    }
    return committed + (try stream.finish().committed.count)
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
