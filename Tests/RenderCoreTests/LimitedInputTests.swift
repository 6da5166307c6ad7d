import Foundation
import RenderCore
import Synchronization
import Testing

/// Input is read up to its limit and no further.
@Suite struct LimitedInputTests {
  @Test("a stream beyond the limit stops being read one chunk past it")
  func streamStopsAtLimit() throws {
    var ends: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let (reader, writerEnd) = (ends[0], ends[1])
    let written = Atomic<Int>(0)
    // The writer offers 1.5 GB and stops at the first failed write.
    let writer = Thread {
      let chunk = [UInt8](repeating: 0x61, count: 1 << 16)
      while written.load(ordering: .relaxed) < 1_500_000_000 {
        let sent = chunk.withUnsafeBytes {
          send(writerEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent > 0 else { break }
        written.add(sent, ordering: .relaxed)
      }
      close(writerEnd)
    }
    writer.start()
    #expect(
      throws: RenderError.limitExceeded(
        limit: "input bytes", value: (1 << 20) + 1, maximum: 1 << 20)
    ) {
      try LimitedInput.read(descriptor: reader, maximumBytes: 1 << 20)
    }
    close(reader)
    while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
    #expect(written.load(ordering: .relaxed) < 16 << 20)
  }

  @Test("a stream that outgrows the first buffer is read whole, in order, up to the limit itself")
  func streamGrowsToTheLimit() throws {
    var ends: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let (reader, writerEnd) = (ends[0], ends[1])
    // 3 MB, not a multiple of any buffer size, each byte telling its position.
    let expected = Data((0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 16) })
    let writer = Thread {
      expected.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let sent = send(
            writerEnd, bytes.baseAddress! + offset, min(12_345, bytes.count - offset),
            Int32(MSG_NOSIGNAL))
          guard sent > 0 else { break }
          offset += sent
        }
      }
      close(writerEnd)
    }
    writer.start()
    #expect(try LimitedInput.read(descriptor: reader, maximumBytes: expected.count) == expected)
    close(reader)
    while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
  }

  @Test("a file is refused by its size before it is read, and read whole within the limit")
  func files() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "limited-\(getpid()).md")
    try Data("0123456789".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 10, maximum: 9)) {
      try LimitedInput.read(path: url.path, maximumBytes: 9)
    }
    #expect(try LimitedInput.read(path: url.path, maximumBytes: 10) == Data("0123456789".utf8))
    #expect(
      throws: RenderError.fileUnreadable(path: "/no/such", reason: "no such file; check the path")
    ) {
      try LimitedInput.read(path: "/no/such", maximumBytes: 9)
    }
  }
}
