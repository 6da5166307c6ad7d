import Dispatch
import Foundation
import RenderKit

/// One line of batch input: its number (from 1) and its bytes without the line end, or nil
/// when it was longer than the cap (its bytes were skipped, never held).
public struct BatchLine: Sendable, Hashable {
  /// The line's number in the input, from 1.
  public let number: Int
  /// The line's bytes without `\n` (or `\r\n`); nil when it was longer than the cap.
  public let bytes: Data?
  /// The line's length in bytes.
  public let length: Int

  /// A line of `bytes` (nil when too long) of `length` bytes.
  public init(number: Int, bytes: Data?, length: Int) {
    self.number = number
    self.bytes = bytes
    self.length = length
  }
}

/// The lines of a file descriptor (standard input, a file), read as they arrive, gzip
/// decompressed when the input starts with gzip's magic bytes. A line longer than
/// `maximumLineBytes` comes as a ``BatchLine`` without bytes; a last line without `\n`
/// counts, an empty input has no lines.
///
/// Reads block, so they run on a thread of their own, never on Swift's cooperative pool.
public struct BatchLines: AsyncSequence, Sendable {
  /// Each line.
  public typealias Element = BatchLine

  private let reader: LineReader

  /// The lines of `descriptor` (which the caller keeps open and closes), each at most
  /// `maximumLineBytes` long; `name` names the input in errors.
  public init(descriptor: Int32, name: String, maximumLineBytes: Int) {
    reader = LineReader(descriptor: descriptor, name: name, maximumLineBytes: maximumLineBytes)
  }

  /// The lines of `data`, all in memory already (tests, small inputs).
  public init(data: Data, maximumLineBytes: Int) {
    reader = LineReader(data: data, maximumLineBytes: maximumLineBytes)
  }

  /// An iterator; the lines can be read once.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: reader) }

  /// Reads the next line, on a thread that may block.
  public struct AsyncIterator: AsyncIteratorProtocol {
    fileprivate let reader: LineReader

    /// The next line; nil at the end of the input. Throws when the input cannot be read or
    /// its gzip data is corrupt.
    public mutating func next() async throws -> BatchLine? {
      if let line = reader.bufferedLine() { return line }
      let reader = reader
      let result = await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<BatchLine?, RenderError>, Never>) in
        // A serial queue per wait runs on dispatch's overcommitting pool, as the renderer's
        // waits do, so a blocked read holds no thread of the cooperative pool.
        DispatchQueue(label: "RenderBatch.BatchLines").async {
          do throws(RenderError) {
            continuation.resume(returning: .success(try reader.nextLine()))
          } catch {
            continuation.resume(returning: .failure(error))
          }
        }
      }
      return try result.get()
    }
  }
}

/// The state of ``BatchLines``: one iterator reads it at a time, from one thread at a time
/// (each read waits for the one before). The lock makes that hand-over between threads
/// explicit, so that no reader depends on how a continuation orders memory.
final class LineReader: @unchecked Sendable {
  private let lock = NSLock()
  private let descriptor: Int32?
  private let name: String
  private let maximumLineBytes: Int
  private var pending: Data
  private var pendingStart = 0
  /// The bytes of an over-long line skipped so far, while its end is looked for.
  private var skipping: Int?
  private var lineNumber = 0
  private var atEnd = false
  private var inflater: GzipInflater?
  /// The first bytes, held until there are two to tell gzip by; nil once that is decided.
  private var head: Data? = Data()
  /// Where the search for the next `\n` goes on from: the bytes before it have none.
  private var searchStart = 0
  /// An error found while taking in-memory data, thrown by the first read.
  private var deferredError: RenderError?

  init(descriptor: Int32, name: String, maximumLineBytes: Int) {
    self.descriptor = descriptor
    self.name = name
    self.maximumLineBytes = maximumLineBytes
    pending = Data()
  }

  init(data: Data, maximumLineBytes: Int) {
    descriptor = nil
    name = "input"
    self.maximumLineBytes = maximumLineBytes
    pending = Data()
    // As if read in one go, so that gzip data in memory is recognised too.
    do throws(RenderError) {
      try take(data)
      try finishInput()
    } catch {
      deferredError = error
    }
    atEnd = true
  }

  /// A whole line already read, without reading more; nil when none is.
  func bufferedLine() -> BatchLine? {
    lock.lock()
    defer { lock.unlock() }
    return takeBufferedLine()
  }

  /// ``bufferedLine()`` with the lock held.
  private func takeBufferedLine() -> BatchLine? {
    guard skipping == nil, let newline = nextNewline() else { return nil }
    return line(endingAt: newline)
  }

  /// The index of the next `\n` in the buffer, searching only bytes not searched before.
  private func nextNewline() -> Int? {
    let start = max(searchStart, pendingStart)
    guard let newline = pending[start...].firstIndex(of: 0x0A) else {
      searchStart = pending.endIndex
      return nil
    }
    return newline
  }

  /// The next line, reading as much as it takes; nil at the end.
  func nextLine() throws(RenderError) -> BatchLine? {
    lock.lock()
    defer { lock.unlock() }
    if let deferredError {
      self.deferredError = nil
      throw deferredError
    }
    while true {
      if let skipped = skipping {
        if let newline = nextNewline() {
          let length = skipped + (newline - pendingStart)
          pendingStart = newline + 1
          skipping = nil
          lineNumber += 1
          return BatchLine(number: lineNumber, bytes: nil, length: length)
        }
        skipping = skipped + (pending.endIndex - pendingStart)
        dropPending()
      } else if let line = takeBufferedLine() {
        return line
      } else if pending.endIndex - pendingStart > maximumLineBytes {
        skipping = pending.endIndex - pendingStart
        dropPending()
        continue
      }
      if atEnd { return lastLine() }
      try readMore()
    }
  }

  /// What is left at the end: a line without `\n`, or nothing.
  private func lastLine() -> BatchLine? {
    if let skipped = skipping {
      skipping = nil
      lineNumber += 1
      return BatchLine(number: lineNumber, bytes: nil, length: skipped)
    }
    guard pendingStart < pending.endIndex else { return nil }
    return line(endingAt: pending.endIndex)
  }

  private func line(endingAt end: Int) -> BatchLine {
    var bytes = pending[pendingStart..<end]
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    pendingStart = min(end + 1, pending.endIndex)
    // The buffer is compacted once it is mostly lines already taken.
    if pendingStart > 1 << 16, pendingStart * 2 > pending.count {
      pending = Data(pending[pendingStart...])
      searchStart = max(0, searchStart - pendingStart)
      pendingStart = 0
    }
    lineNumber += 1
    let length = bytes.count
    return BatchLine(
      number: lineNumber, bytes: length > maximumLineBytes ? nil : Data(bytes), length: length)
  }

  private func readMore() throws(RenderError) {
    guard let descriptor else {
      atEnd = true
      return
    }
    var chunk = [UInt8](repeating: 0, count: 256 * 1024)
    let count = chunk.withUnsafeMutableBytes { buffer in
      var count: Int
      repeat {
        count = read(descriptor, buffer.baseAddress, buffer.count)
      } while count < 0 && errno == EINTR
      return count
    }
    if count < 0 {
      throw .fileUnreadable(
        path: name, reason: "cannot be read (\(String(cString: strerror(errno))))")
    }
    if count == 0 {
      atEnd = true
      try finishInput()
      return
    }
    try take(Data(chunk[0..<count]))
  }

  private func dropPending() {
    pending = Data()
    pendingStart = 0
    searchStart = 0
  }

  /// Adds bytes read, decompressed when the input is gzip (it starts with 1F 8B).
  private func take(_ data: Data) throws(RenderError) {
    guard var held = head else {
      pending.append(
        try inflater.map { (inflater) throws(RenderError) in try inflater.inflate(data) } ?? data)
      return
    }
    held.append(data)
    guard held.count >= 2 else {
      head = held
      return
    }
    head = nil
    if held[held.startIndex] == 0x1F, held[held.startIndex + 1] == 0x8B {
      inflater = try GzipInflater()
    }
    try take(held)
  }

  /// At the end of the input: what the head held, and a check that gzip data is whole.
  private func finishInput() throws(RenderError) {
    if let held = head {
      head = nil
      pending.append(held)
    }
    try inflater?.finish()
  }
}
