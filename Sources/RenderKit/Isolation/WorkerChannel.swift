import Foundation

/// Length-prefixed messages over one end of a worker's socket, each bounded by a deadline.
///
/// A socket rather than a pipe, so that writing to a dead worker fails with `EPIPE`
/// (`MSG_NOSIGNAL`) instead of raising `SIGPIPE` in the host, without touching the host's
/// signal dispositions. Each message is a 4-byte little-endian length and that many bytes.
struct WorkerChannel {
  /// Why a message could not be exchanged.
  enum Failure: Error, Equatable {
    /// The deadline passed first.
    case deadlinePassed
    /// The other end closed the socket or the socket failed (`errno`, 0 for end of file).
    case closed(errno: Int32)
    /// A length beyond what this side accepts: the other end is not speaking the protocol.
    case oversized(Int)
  }

  /// The largest message accepted: a 32-bit length, kept below `Int32.max` for C callers.
  static let maximumMessageBytes = Int(Int32.max) - 1

  let descriptor: Int32

  /// Sends one message; `deadline` nil waits for as long as it takes.
  func send(_ message: [UInt8], before deadline: ContinuousClock.Instant?) throws(Failure) {
    guard message.count <= Self.maximumMessageBytes else { throw .oversized(message.count) }
    var header: [UInt8] = []
    WireReader.appendLength(message.count, to: &header)
    try sendAll(header, before: deadline)
    try sendAll(message, before: deadline)
  }

  /// Receives one message; `deadline` nil waits for as long as it takes.
  func receive(before deadline: ContinuousClock.Instant?) throws(Failure) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 4)
    try receiveAll(into: &header, before: deadline)
    var reader = WireReader(header)
    let length = reader.readLength() ?? 0
    guard length <= Self.maximumMessageBytes else { throw .oversized(length) }
    var message = [UInt8](repeating: 0, count: length)
    try receiveAll(into: &message, before: deadline)
    return message
  }

  private func sendAll(_ bytes: [UInt8], before deadline: ContinuousClock.Instant?) throws(Failure)
  {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        Foundation.send(
          descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent > 0 {
        offset += sent
      } else if errno == EAGAIN || errno == EINTR {
        try wait(for: Int16(POLLOUT), before: deadline)
      } else {
        throw .closed(errno: errno)
      }
    }
  }

  private func receiveAll(
    into bytes: inout [UInt8], before deadline: ContinuousClock.Instant?
  ) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let received = bytes.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress! + offset, $0.count - offset, 0)
      }
      if received > 0 {
        offset += received
      } else if received == 0 {
        throw .closed(errno: 0)
      } else if errno == EAGAIN || errno == EINTR {
        try wait(for: Int16(POLLIN), before: deadline)
      } else {
        throw .closed(errno: errno)
      }
    }
  }

  /// Waits until the socket is ready for `events`, or throws when the deadline passes.
  private func wait(for events: Int16, before deadline: ContinuousClock.Instant?) throws(Failure) {
    var request = pollfd(fd: descriptor, events: events, revents: 0)
    var timeout: Int32 = -1
    if let deadline {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { throw .deadlinePassed }
      let parts = remaining.components
      let milliseconds = parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000 + 1
      timeout = Int32(clamping: milliseconds)
    }
    let status = poll(&request, 1, timeout)
    if status == 0 { throw .deadlinePassed }
    if status < 0, errno != EINTR { throw .closed(errno: errno) }
  }
}
