import Foundation
import RenderBatch
import TestSupport
import Testing

/// Lines of batch input: every line counted, over-long ones not held, gzip recognised.
@Suite struct BatchLinesTests {
  private func lines(_ sequence: BatchLines) async throws -> [BatchLine] {
    var lines: [BatchLine] = []
    for try await line in sequence { lines.append(line) }
    return lines
  }

  @Test func blankLinesCountAndALastLineNeedsNoNewline() async throws {
    let read = try await lines(
      BatchLines(data: Data("a\n\nb\r\n  \nc".utf8), maximumLineBytes: 100))
    #expect(read.map(\.number) == [1, 2, 3, 4, 5])
    #expect(
      read.map { $0.bytes.map { String(decoding: $0, as: UTF8.self) } } == [
        "a", "", "b", "  ", "c",
      ])
    #expect(try await lines(BatchLines(data: Data(), maximumLineBytes: 100)).isEmpty)
    #expect(try await lines(BatchLines(data: Data("a\n".utf8), maximumLineBytes: 100)).count == 1)
  }

  @Test func aLineOverTheCapComesWithoutItsBytes() async throws {
    let long = String(repeating: "x", count: 1000)
    let read = try await lines(
      BatchLines(data: Data("short\n\(long)\nnext\n\(long)".utf8), maximumLineBytes: 100))
    #expect(read.map(\.length) == [5, 1000, 4, 1000])
    #expect(read.map { $0.bytes == nil } == [false, true, false, true])
  }

  @Test func aDescriptorIsReadAsItArrivesAndLongLinesAreSkipped() async throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let long = String(repeating: "y", count: 3_000_000)
    let text = "first\n\(long)\nlast\n"
    let writeEnd = descriptors[1]
    let writer = Thread {
      _ = text.utf8CString.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count - 1) }
      close(writeEnd)
    }
    writer.start()
    let read = try await lines(
      BatchLines(descriptor: descriptors[0], name: "pipe", maximumLineBytes: 1000))
    close(descriptors[0])
    #expect(read.map(\.length) == [5, 3_000_000, 4])
    #expect(read[2].bytes == Data("last".utf8))
  }

  @Test func gzipOfSeveralMembersReadsAsThePlainText() async throws {
    let plain = try Data(contentsOf: SharedFixtures.fixture("Fixtures/Batch/records.jsonl"))
    let compressed = try Data(
      contentsOf: SharedFixtures.fixture("Fixtures/Batch/records.jsonl.gz"))
    let fromPlain = try await lines(BatchLines(data: plain, maximumLineBytes: 1 << 20))
    let fromGzip = try await lines(BatchLines(data: compressed, maximumLineBytes: 1 << 20))
    #expect(fromGzip.count == 10)
    #expect(fromGzip == fromPlain)
  }

  @Test func truncatedGzipIsAnError() async throws {
    let compressed = try Data(
      contentsOf: SharedFixtures.fixture("Fixtures/Batch/records.jsonl.gz"))
    await #expect(throws: (any Error).self) {
      _ = try await lines(BatchLines(data: compressed.dropLast(30), maximumLineBytes: 1 << 20))
    }
  }
}
