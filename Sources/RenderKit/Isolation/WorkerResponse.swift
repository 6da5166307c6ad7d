import RenderCore

/// What a worker answers: the rendered HTML, the encoded document, a limit it hit, or the
/// engine's own error message.
enum WorkerResponse: Equatable {
  /// HTML, kept as the engine's bytes on both sides: no `String` is built to carry it.
  case html(HTMLFragment)
  case failure(String)
  /// A ``DocumentEncoding`` of the engine's document.
  case document([UInt8])
  case limitExceeded(limit: String, value: Int, maximum: Int)

  /// The HTML the answer carries, or the error it reports (naming `name`).
  func html(name: String) throws(RenderError) -> HTMLFragment {
    guard case .html(var fragment) = self else { throw error(name: name) }
    fragment.engineID = name
    return fragment
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
    case .html, .document:
      .engineFailed(engine: name, detail: "the worker sent an answer of the wrong kind; rebuild it")
    }
  }

  /// The size of what the answer carries: what the output cap is held against.
  var payloadBytes: Int {
    switch self {
    case .html(let fragment): fragment.utf8Count
    case .document(let bytes): bytes.count
    case .failure, .limitExceeded: 0
    }
  }

  func encoded() -> [UInt8] {
    switch self {
    case .html(let fragment):
      fragment.withUTF8 { bytes in
        var message: [UInt8] = []
        message.reserveCapacity(bytes.count + 1)
        message.append(0)
        message.append(contentsOf: bytes)
        return message
      }
    case .failure(let message): [1] + Array(message.utf8)
    case .document(let bytes): [2] + bytes
    case .limitExceeded(let limit, let value, let maximum):
      {
        var bytes: [UInt8] = [3]
        WireReader.appendLength(min(value, Int(UInt32.max)), to: &bytes)
        WireReader.appendLength(min(maximum, Int(UInt32.max)), to: &bytes)
        bytes.append(contentsOf: limit.utf8)
        return bytes
      }()
    }
  }

  /// Decodes a response; nil when the message is not one a worker writes.
  init?(decoding bytes: [UInt8]) {
    var reader = WireReader(bytes)
    switch reader.readByte() {
    case 0:
      self = bytes.withUnsafeBufferPointer { buffer in
        .html(
          HTMLFragment(
            bytes: HTMLBytes(copying: UnsafeBufferPointer(rebasing: buffer[1...])), engineID: ""))
      }
    case 1: self = .failure(reader.readRemainder())
    case 2: self = .document(Array(bytes.dropFirst()))
    case 3:
      guard let value = reader.readLength(), let maximum = reader.readLength() else { return nil }
      self = .limitExceeded(limit: reader.readRemainder(), value: value, maximum: maximum)
    default: return nil
    }
  }
}
