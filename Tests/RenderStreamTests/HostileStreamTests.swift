import BenchKit
import Foundation
import RenderKit
import RenderStream
import TestSupport
import Testing

extension Tag {
  /// Tests that take seconds in a debug build.
  @Tag static var slow: Self
}

/// cmark's pathological inputs streamed in 64-byte chunks cost a bounded multiple of rendering
/// them once: the tail is re-rendered less often as it grows, so no input makes every chunk
/// pay for all the text before it.
///
/// Each input is cut to its first 64 KB (four times the tail limit, so the capped and
/// amortised tail is what runs) unless `RENDER_SLOW_TESTS` is set: whole, some inputs take
/// the engines themselves minutes to render once (cmark-gfm 0.29 and md4c 0.4.8 are not
/// linear on all of them), which the stream can only add to.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing), .tags(.slow))
struct HostileStreamTests {
  static let cases: [PathologicalCase] =
    (try? PathologicalCase.load(path: SharedFixtures.url("suites/pathological.json").path)) ?? []

  /// How much of each input is streamed.
  static let mostBytes =
    ProcessInfo.processInfo.environment["RENDER_SLOW_TESTS"] == nil ? 64 * 1024 : Int.max

  /// Streaming may cost at most this many times one render of the same input, measured on the
  /// test's own thread. The stream reads every byte in Swift (unoptimised in a debug build)
  /// and renders its tail again at most about eight times per byte, where one render is
  /// mostly the engine's C.
  static let mostCostRatio = 150.0

  @Test(arguments: cases.map(\.example))
  func streamsInBoundedTimeAndEndsAsTheOneShot(example: Int) throws {
    let hostile = try #require(Self.cases.first { $0.example == example })
    let renderer = try StreamFixtures.renderer()
    let bytes = Array(hostile.markdown.utf8.prefix(Self.mostBytes))
    // Cut inside a UTF-8 sequence, the one-shot and the stream both read U+FFFD.
    let markdown = String(decoding: bytes, as: UTF8.self)
    var expected = ""
    let once = try (0..<2).map { _ in
      try Self.threadTime { expected = try renderer.html(.markdown(markdown)).html }
    }.min()!
    var shown = StreamedDocument<String>()
    let streamed = try Self.threadTime {
      let stream = MarkdownStream(
        renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
      for start in stride(from: 0, to: bytes.count, by: 64) {
        shown.apply(try stream.feed(bytes[start..<min(bytes.count, start + 64)]))
      }
      shown.apply(try stream.finish())
    }
    #expect(shown.outputs.joined() == expected, "\(hostile.name)")
    // A sanitizer slows the stream's Swift far more than the engine's C: the bound holds for
    // the code as shipped.
    #expect(
      SanitizerRun.isActive || streamed <= once * Self.mostCostRatio,
      "\(hostile.name): streamed \(streamed) s, once \(once) s (\(streamed / once)x)")
  }

  /// The processor time `work` takes on this thread (other tests run on other threads).
  static func threadTime(_ work: () throws -> Void) rethrows -> Double {
    var start = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try work()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }
}
