/// What a worker answers: the rendered HTML, the encoded document, a limit it hit, or the
/// engine's own error message.
enum WorkerResponse: Equatable {
  case html(String)
  case failure(String)
  /// A ``DocumentEncoding`` of the engine's document.
  case document([UInt8])
  case limitExceeded(limit: String, value: Int, maximum: Int)

  /// The size of what the answer carries: what the output cap is held against.
  var payloadBytes: Int {
    switch self {
    case .html(let html): html.utf8.count
    case .document(let bytes): bytes.count
    case .failure, .limitExceeded: 0
    }
  }

  func encoded() -> [UInt8] {
    switch self {
    case .html(let html): [0] + Array(html.utf8)
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
    case 0: self = .html(reader.readRemainder())
    case 1: self = .failure(reader.readRemainder())
    case 2: self = .document(Array(bytes.dropFirst()))
    case 3:
      guard let value = reader.readLength(), let maximum = reader.readLength() else { return nil }
      self = .limitExceeded(limit: reader.readRemainder(), value: value, maximum: maximum)
    default: return nil
    }
  }
}
