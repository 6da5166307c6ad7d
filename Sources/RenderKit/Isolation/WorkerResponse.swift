/// What a worker answers: the rendered HTML, or the engine's own error message.
enum WorkerResponse: Equatable {
  case html(String)
  case failure(String)

  func encoded() -> [UInt8] {
    switch self {
    case .html(let html): [0] + Array(html.utf8)
    case .failure(let message): [1] + Array(message.utf8)
    }
  }

  /// Decodes a response; nil when the message is not one a worker writes.
  init?(decoding bytes: [UInt8]) {
    var reader = WireReader(bytes)
    switch reader.readByte() {
    case 0: self = .html(reader.readRemainder())
    case 1: self = .failure(reader.readRemainder())
    default: return nil
    }
  }
}
