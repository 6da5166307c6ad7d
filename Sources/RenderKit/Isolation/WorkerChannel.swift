internal import CWorkerFork
import Foundation

/// Length-prefixed messages over one end of a worker's socket, each bounded by a deadline.
///
/// A socket rather than a pipe, so that writing to a dead worker fails with `EPIPE`
/// (`MSG_NOSIGNAL`) instead of raising `SIGPIPE` in the host, without touching the host's
/// signal dispositions, and so that descriptors can travel with a message (`SCM_RIGHTS`):
/// the input file and the output file, which the worker then reads and writes itself. Each
/// message is a 4-byte little-endian length and that many bytes.
struct WorkerChannel {
  /// Why a message could not be exchanged.
  enum Failure: Error, Equatable {
    /// The deadline passed first.
    case deadlinePassed
    /// The other end closed the socket or the socket failed (`errno`, 0 for end of file).
    case closed(errno: Int32)
    /// As ``closed(errno:)``, while the request was being sent: the other end never had all of
    /// it, so it cannot have acted on it.
    case closedBeforeRequest(errno: Int32)
    /// A length beyond what this side accepts (the output cap, or the protocol's maximum).
    case oversized(Int)
    /// The other end's resident memory passed the cap (in bytes, as sampled).
    case memoryExceeded(Int)
    /// The other end used more processor time than the render's scaled deadline gives.
    case processorTimeExceeded
  }

  /// How often the other end's memory and processor time are sampled while an answer is
  /// awaited.
  static let watchInterval = Duration.milliseconds(20)

  /// The largest message accepted: a 32-bit length, kept below `Int32.max` for C callers.
  static let maximumMessageBytes = Int(Int32.max) - 1

  let descriptor: Int32

  /// Sends one message; `deadline` nil waits for as long as it takes.
  func send(_ message: [UInt8], before deadline: ContinuousClock.Instant?) throws(Failure) {
    try message.withBytes { tail throws(Failure) in
      try send(after: [], head: [], tail: tail, before: deadline)
    }
  }

  /// Sends each of the small messages `first`, then one message made of `head` and `tail`: a
  /// large tail (the input, the HTML) goes out from where it lies, never copied behind the
  /// head or the messages before it. `descriptors` (at most two) travel with the first byte,
  /// for ``receive(before:passing:)`` to take.
  func send(
    after first: [[UInt8]], head: [UInt8], tail: UnsafeRawBufferPointer,
    passing descriptors: [Int32] = [], before deadline: ContinuousClock.Instant?
  ) throws(Failure) {
    let count = head.count + tail.count
    guard count <= Self.maximumMessageBytes else { throw .oversized(count) }
    var prefix: [UInt8] = []
    for message in first {
      WireReader.appendLength(message.count, to: &prefix)
      prefix.append(contentsOf: message)
    }
    WireReader.appendLength(count, to: &prefix)
    prefix.append(contentsOf: head)
    try prefix.withBytes { bytes throws(Failure) in
      try sendAll(bytes, passing: descriptors, before: deadline)
    }
    try sendAll(tail, before: deadline)
  }

  /// Receives one message and the descriptors passed with it (at most two, by
  /// ``send(after:head:tail:passing:before:)``), which the caller then owns and must close.
  /// Only this receive takes descriptors; every other drops any that come.
  func receive(
    before deadline: ContinuousClock.Instant?, passing descriptors: inout [Int32]
  ) throws(Failure) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 4)
    try header.withMutableBytes { bytes throws(Failure) in
      try receiveAll(into: bytes, before: deadline, passing: &descriptors)
    }
    let length = try Self.length(announcedBy: header, maximumBytes: Self.maximumMessageBytes)
    var message = [UInt8](repeating: 0, count: length)
    try message.withMutableBytes { bytes throws(Failure) in
      try receiveAll(into: bytes, before: deadline, passing: &descriptors)
    }
    return message
  }

  /// Receives one message; `deadline` nil waits for as long as it takes.
  ///
  /// A length beyond `maximumBytes` is refused before anything is allocated for it; `watch`,
  /// when given, runs every ``watchInterval`` while the answer is awaited and may throw.
  func receive(
    before deadline: ContinuousClock.Instant?, maximumBytes: Int = maximumMessageBytes,
    watch: (() throws(Failure) -> Void)? = nil
  ) throws(Failure) -> [UInt8] {
    let length = try receiveLength(before: deadline, maximumBytes: maximumBytes, watch: watch)
    var message = [UInt8](repeating: 0, count: length)
    try message.withMutableBytes { bytes throws(Failure) in
      try receiveAll(into: bytes, before: deadline, watch: watch)
    }
    return message
  }

  /// Receives one message as text, read straight into the string's own storage (invalid UTF-8
  /// becomes U+FFFD): megabytes of Markdown are neither held twice nor copied once more.
  func receiveText(before deadline: ContinuousClock.Instant?) throws(Failure) -> String {
    let length = try receiveLength(
      before: deadline, maximumBytes: Self.maximumMessageBytes, watch: nil)
    var failure: Failure?
    let text = String(unsafeUninitializedCapacity: length) { buffer in
      if let base = buffer.baseAddress { HugePages.advise(base, count: length) }
      do throws(Failure) {
        try receiveAll(into: UnsafeMutableRawBufferPointer(buffer), before: deadline)
        return length
      } catch {
        failure = error
        return 0
      }
    }
    if let failure { throw failure }
    return text
  }

  /// Receives one message, as ``receive(before:maximumBytes:watch:)`` does, into a buffer the
  /// caller then owns and must deallocate: how the host takes a worker's answer, whose HTML
  /// becomes a fragment without being copied again.
  func receiveBuffer(
    before deadline: ContinuousClock.Instant?, maximumBytes: Int = maximumMessageBytes,
    watch: (() throws(Failure) -> Void)? = nil
  ) throws(Failure) -> UnsafeMutableBufferPointer<UInt8> {
    let length = try receiveLength(before: deadline, maximumBytes: maximumBytes, watch: watch)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(length, 1))
    if let base = buffer.baseAddress { HugePages.advise(base, count: length) }
    let message = UnsafeMutableBufferPointer(rebasing: buffer[..<length])
    do throws(Failure) {
      try receiveAll(into: UnsafeMutableRawBufferPointer(message), before: deadline, watch: watch)
    } catch {
      buffer.deallocate()
      throw error
    }
    return message
  }

  /// The length a message announces, refused beyond `maximumBytes`.
  private func receiveLength(
    before deadline: ContinuousClock.Instant?, maximumBytes: Int,
    watch: (() throws(Failure) -> Void)?
  ) throws(Failure) -> Int {
    var header = [UInt8](repeating: 0, count: 4)
    try header.withMutableBytes { bytes throws(Failure) in
      try receiveAll(into: bytes, before: deadline, watch: watch)
    }
    return try Self.length(announcedBy: header, maximumBytes: maximumBytes)
  }

  /// The length the 4-byte `header` announces, refused beyond `maximumBytes`.
  private static func length(announcedBy header: [UInt8], maximumBytes: Int) throws(Failure) -> Int
  {
    var reader = WireReader(header)
    let length = reader.readLength() ?? 0
    guard length <= min(maximumBytes, maximumMessageBytes) else { throw .oversized(length) }
    return length
  }

  private func sendAll(
    _ bytes: UnsafeRawBufferPointer, passing descriptors: [Int32] = [],
    before deadline: ContinuousClock.Instant?
  ) throws(Failure) {
    var offset = 0
    var descriptors = descriptors
    while offset < bytes.count {
      let sent = render_send_passing(
        descriptor, bytes.baseAddress! + offset, bytes.count - offset, descriptors,
        Int32(descriptors.count))
      if sent > 0 {
        offset += sent
        // The kernel has them: the peer gets them with the bytes just sent.
        descriptors = []
      } else if errno == EAGAIN || errno == EINTR {
        try wait(for: Int16(POLLOUT), before: deadline)
      } else {
        throw .closed(errno: errno)
      }
    }
  }

  /// Fills `bytes` with `recv`, which drops any descriptors sent with them: a worker's
  /// answer cannot put descriptors into the host.
  private func receiveAll(
    into bytes: UnsafeMutableRawBufferPointer, before deadline: ContinuousClock.Instant?,
    watch: (() throws(Failure) -> Void)? = nil
  ) throws(Failure) {
    try receiveAll(into: bytes, before: deadline, watch: watch) { buffer, count in
      recv(descriptor, buffer, count, 0)
    }
  }

  /// Fills `bytes` with `recvmsg`, adding the descriptors passed with them to `passed`.
  private func receiveAll(
    into bytes: UnsafeMutableRawBufferPointer, before deadline: ContinuousClock.Instant?,
    watch: (() throws(Failure) -> Void)? = nil, passing passed: inout [Int32]
  ) throws(Failure) {
    var arrived = [Int32](repeating: -1, count: Int(RENDER_MAXIMUM_PASSED_DESCRIPTORS))
    var arrivedCount: Int32 = 0
    try receiveAll(into: bytes, before: deadline, watch: watch) { buffer, count in
      let received = render_receive_passed(
        descriptor, buffer, count, &arrived, Int32(arrived.count), &arrivedCount)
      passed.append(contentsOf: arrived.prefix(Int(arrivedCount)))
      return received
    }
  }

  /// Fills `bytes` by calls to `receive`, waiting for the socket between them.
  private func receiveAll(
    into bytes: UnsafeMutableRawBufferPointer, before deadline: ContinuousClock.Instant?,
    watch: (() throws(Failure) -> Void)?,
    by receive: (UnsafeMutableRawPointer, Int) -> Int
  ) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let received = receive(bytes.baseAddress! + offset, bytes.count - offset)
      if received > 0 {
        offset += received
      } else if received == 0 {
        throw .closed(errno: 0)
      } else if errno == EAGAIN || errno == EINTR {
        try wait(for: Int16(POLLIN), before: deadline, watch: watch)
      } else {
        throw .closed(errno: errno)
      }
    }
  }

  /// Waits until the socket is ready for `events`, or throws when the deadline passes;
  /// runs `watch` every ``watchInterval`` meanwhile.
  private func wait(
    for events: Int16, before deadline: ContinuousClock.Instant?,
    watch: (() throws(Failure) -> Void)? = nil
  ) throws(Failure) {
    while true {
      var request = pollfd(fd: descriptor, events: events, revents: 0)
      var timeout: Int32 = -1
      var remaining = Duration.seconds(Int32.max)
      if let deadline {
        remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw .deadlinePassed }
      }
      let slice = watch == nil ? remaining : min(remaining, Self.watchInterval)
      if deadline != nil || watch != nil {
        let parts = slice.components
        timeout = Int32(
          clamping: parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000 + 1)
      }
      let status = poll(&request, 1, timeout)
      if status > 0 { return }
      if status < 0 {
        if errno == EINTR { continue }
        throw .closed(errno: errno)
      }
      if slice == remaining { throw .deadlinePassed }
      try watch?()
    }
  }
}

extension [UInt8] {
  /// `withUnsafeBytes` keeping the body's error type: the standard library's still rethrows
  /// `any Error`, which the channel's typed `Failure` cannot pass through.
  fileprivate func withBytes<Value, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeBytes { bytes in Result { () throws(Failure) in try body(bytes) } }.get()
  }

  /// `withUnsafeMutableBytes` keeping the body's error type, as ``withBytes(_:)`` does.
  fileprivate mutating func withMutableBytes<Value, Failure: Error>(
    _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeMutableBytes { bytes in Result { () throws(Failure) in try body(bytes) } }.get()
  }
}
