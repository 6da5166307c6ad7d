import Foundation
import RenderCore

/// What a worker answers: the job's fragment, text, JSON or terminal output (or how much of it
/// it wrote to the destination it was passed), the encoded document, a limit it hit, or the
/// error's message.
enum WorkerResponse: Equatable {
  /// HTML, kept as the engine's bytes on both sides: no `String` is built to carry it.
  case html(HTMLFragment)
  case failure(String)
  /// A ``DocumentEncoding`` of the engine's document.
  case document([UInt8])
  case limitExceeded(limit: String, value: Int, maximum: Int)
  /// The output's length in bytes, written to the destination the request passed.
  case written(Int)
  /// Writing to the destination the request passed failed with this `errno`.
  case writeFailed(errno: Int32)
  /// Output made as bytes (``RenderResult/bytes(_:)``): plain text, JSON or terminal output,
  /// UTF-8.
  case bytes(Data)

  /// The answer that reports `error`: a limit as a limit, so the host throws the same error.
  init(_ error: RenderError) {
    if case .limitExceeded(let limit, let value, let maximum) = error {
      self = .limitExceeded(limit: limit, value: value, maximum: maximum)
    } else {
      self = .failure(error.description)
    }
  }

  /// The HTML the answer carries, or the error it reports (naming `name`).
  func html(name: String) throws(RenderError) -> HTMLFragment {
    guard case .html(var fragment) = self else { throw error(name: name) }
    fragment.engineID = name
    return fragment
  }

  /// The length of the output the worker wrote to `output`, or the error the answer reports
  /// (naming the engine `name`, or `output` when writing it failed).
  func writtenCount(name: String, output: OutputFile) throws(RenderError) -> Int {
    if case .writeFailed(let code) = self { throw output.failure(errno: code) }
    guard case .written(let count) = self else { throw error(name: name) }
    return count
  }

  /// The bytes the answer carries, or the error it reports (naming `name`).
  func bytes(name: String) throws(RenderError) -> Data {
    guard case .bytes(let bytes) = self else { throw error(name: name) }
    return bytes
  }

  /// The document the answer carries, decoded, or the error it reports (naming `name`).
  func document(name: String) throws(RenderError) -> Document {
    guard case .document(let bytes) = self else { throw error(name: name) }
    guard let document = DocumentEncoding.decode(bytes) else {
      throw .engineFailed(
        engine: name, detail: "the worker sent an unreadable document; rebuild the worker")
    }
    return document
  }

  private func error(name: String) -> RenderError {
    switch self {
    case .failure(let message): .engineFailed(engine: name, detail: message)
    case .limitExceeded(let limit, let value, let maximum):
      .limitExceeded(limit: limit, value: value, maximum: maximum)
    case .html, .document, .written, .writeFailed, .bytes:
      .engineFailed(engine: name, detail: "the worker sent an answer of the wrong kind; rebuild it")
    }
  }

  /// The size of what the answer carries: what the output cap is held against.
  var payloadBytes: Int {
    switch self {
    case .html(let fragment): fragment.utf8Count
    case .document(let bytes): bytes.count
    case .bytes(let bytes): bytes.count
    case .failure, .limitExceeded, .written, .writeFailed: 0
    }
  }

  /// Calls `body` with the answer as sent: a small head, then the payload, which for HTML,
  /// documents and bytes is sent from where it lies (megabytes are not copied into a message).
  func withEncoded<Result>(
    _ body: (_ head: [UInt8], _ tail: UnsafeRawBufferPointer) -> Result
  ) -> Result {
    let nothing = UnsafeRawBufferPointer(start: nil, count: 0)
    switch self {
    case .html(let fragment):
      return fragment.withUTF8 { body([0], UnsafeRawBufferPointer($0)) }
    case .failure(let message): return body([1] + Array(message.utf8), nothing)
    case .document(let bytes): return bytes.withUnsafeBytes { body([2], $0) }
    case .limitExceeded(let limit, let value, let maximum):
      var head: [UInt8] = [3]
      WireReader.appendLength(min(value, Int(UInt32.max)), to: &head)
      WireReader.appendLength(min(maximum, Int(UInt32.max)), to: &head)
      head.append(contentsOf: limit.utf8)
      return body(head, nothing)
    case .written(let count):
      var head: [UInt8] = [4]
      WireReader.appendLength(count & 0xFFFF_FFFF, to: &head)
      WireReader.appendLength(count >> 32, to: &head)
      return body(head, nothing)
    case .writeFailed(let code):
      var head: [UInt8] = [5]
      WireReader.appendLength(Int(code), to: &head)
      return body(head, nothing)
    case .bytes(let bytes): return bytes.withUnsafeBytes { body([6], $0) }
    }
  }

  /// Decodes a response from a received buffer, which it takes over: HTML keeps the buffer
  /// as the fragment's storage, and bytes as theirs (megabytes are not copied again); anything
  /// else is read out and the buffer freed. Nil when the message is not one a worker writes.
  init?(taking buffer: UnsafeMutableBufferPointer<UInt8>) {
    if buffer.first == 0, let base = buffer.baseAddress {
      // The fragment frees the buffer from its first byte, the tag before the HTML.
      let bytes = HTMLBytes(taking: base + 1, count: buffer.count - 1) {
        ($0.assumingMemoryBound(to: UInt8.self) - 1).deallocate()
      }
      self = .html(HTMLFragment(bytes: bytes, engineID: ""))
      return
    }
    if buffer.first == 6, let base = buffer.baseAddress {
      self = .bytes(
        Data(
          bytesNoCopy: base + 1, count: buffer.count - 1,
          deallocator: .custom { bytes, _ in
            (bytes.assumingMemoryBound(to: UInt8.self) - 1).deallocate()
          }))
      return
    }
    defer { buffer.deallocate() }
    // A document's megabytes are copied out once, past their tag.
    if buffer.first == 2 {
      self = .document(Array(buffer.dropFirst()))
      return
    }
    var reader = WireReader(Array(buffer))
    switch reader.readByte() {
    case 1: self = .failure(reader.readRemainder())
    case 3:
      guard let value = reader.readLength(), let maximum = reader.readLength() else { return nil }
      self = .limitExceeded(limit: reader.readRemainder(), value: value, maximum: maximum)
    case 4:
      guard let low = reader.readLength(), let high = reader.readLength(), reader.isAtEnd
      else { return nil }
      self = .written(low | high << 32)
    case 5:
      guard let code = reader.readLength(), reader.isAtEnd else { return nil }
      self = .writeFailed(errno: Int32(truncatingIfNeeded: code))
    default: return nil
    }
  }
}
