import Foundation

/// Markdown (or HTML) as a caller holds it, text or the UTF-8 bytes it was read as: for an
/// engine whose library parses either with one C call, ``withPreparedBytes(_:)`` hands that
/// call what ``MarkdownInput`` would prepare, copying only input that needs repair; a worker
/// holds its request's input as one.
package enum MarkdownSource {
  /// Text, prepared (``MarkdownInput/prepare(_:)``) before parsing.
  case text(String)
  /// UTF-8 bytes, parsed as they are when they need no repair
  /// (``MarkdownInput/isPrepared(_:)``), else decoded and prepared.
  case utf8(Data)

  /// The length of the input in bytes, before any repair.
  package var byteCount: Int {
    switch self {
    case .text(let text): text.utf8.count
    case .utf8(let bytes): bytes.count
    }
  }

  /// The input as text (invalid UTF-8 becomes U+FFFD).
  package var text: String {
    switch self {
    case .text(let text): text
    case .utf8(let bytes): MarkdownInput.decode(bytes)
    }
  }

  /// The input as UTF-8 bytes, as they were given.
  package var bytes: Data {
    switch self {
    case .text(let text): Data(text.utf8)
    case .utf8(let bytes): bytes
    }
  }

  /// Calls `body` with the prepared bytes, which are followed in memory by a NUL when they
  /// are text; the input is freed on return when this was its only reference, so a tree that
  /// holds every literal itself does not keep the text resident beside it and the output.
  package consuming func withPreparedBytes<Result>(
    _ body: (UnsafeBufferPointer<CChar>) -> Result
  ) -> Result {
    switch consume self {
    case .text(let text):
      var prepared = MarkdownInput.prepare(consume text)
      let result = prepared.withUTF8 { $0.withMemoryRebound(to: CChar.self, body) }
      _ = consume prepared
      return result
    case .utf8(let bytes):
      // Empty bytes have no address to hand over; as text they parse the same.
      guard !bytes.isEmpty, bytes.withUnsafeBytes(MarkdownInput.isPrepared) else {
        return MarkdownSource.text(MarkdownInput.decode(consume bytes)).withPreparedBytes(body)
      }
      let result = bytes.withUnsafeBytes { body($0.bindMemory(to: CChar.self)) }
      _ = consume bytes
      return result
    }
  }

  /// Calls `body` with the prepared bytes followed in memory by a NUL, for a library that
  /// reads past the end of its input up to one (md4c): text is, since a `String`'s UTF-8 is;
  /// bytes that need no repair are copied once with a NUL after them, which costs far less
  /// than building a `String`, and the input is freed before `body` runs when this was its
  /// only reference.
  package consuming func withNULTerminatedPreparedBytes<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch consume self {
    case .text(let text):
      var prepared = MarkdownInput.prepare(consume text)
      let result = prepared.withUTF8 { bytes in
        Swift.Result { () throws(Failure) in try body(bytes) }
      }
      _ = consume prepared
      return try result.get()
    case .utf8(let bytes):
      guard !bytes.isEmpty, bytes.withUnsafeBytes(MarkdownInput.isPrepared) else {
        return try MarkdownSource.text(MarkdownInput.decode(consume bytes))
          .withNULTerminatedPreparedBytes(body)
      }
      let count = bytes.count
      let terminated = [UInt8](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
        _ = bytes.copyBytes(to: buffer)
        buffer[count] = 0
        initialized = count + 1
      }
      _ = consume bytes
      let result = terminated.withUnsafeBufferPointer { terminated in
        Swift.Result { () throws(Failure) in
          try body(UnsafeBufferPointer(rebasing: terminated[..<count]))
        }
      }
      return try result.get()
    }
  }
}
