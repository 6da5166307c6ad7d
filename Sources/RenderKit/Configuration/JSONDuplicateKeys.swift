/// Finds a key that occurs twice in one object of a JSON text. `JSONDecoder` keeps one of
/// them silently, while every JSON tool a reader checks the file with shows the other, so a
/// configuration with a duplicate key is an error.
package enum JSONDuplicateKeys {
  /// The first duplicated key, as a dotted path (`options.unsafe`), in text that is already
  /// known to be valid JSON; nil when every object's keys are distinct.
  package static func first(in json: some Collection<UInt8>) -> String? {
    // One entry per open object or array: the keys seen (nil for an array) and the key
    // under which it stands in its parent.
    var open: [(keys: Set<String>?, name: String?)] = []
    var pendingKey: String?
    var bytes = json.makeIterator()
    var expectingKey = false
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: "{"):
        open.append((keys: [], name: pendingKey))
        pendingKey = nil
        expectingKey = true
      case UInt8(ascii: "["):
        open.append((keys: nil, name: pendingKey))
        pendingKey = nil
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = open.popLast()
        expectingKey = false
      case UInt8(ascii: ","):
        expectingKey = open.last?.keys != nil
        pendingKey = nil
      case UInt8(ascii: "\""):
        let string = readString(&bytes)
        guard expectingKey, var keys = open.last?.keys else { continue }
        if !keys.insert(string).inserted {
          return (open.compactMap(\.name) + [string]).joined(separator: ".")
        }
        open[open.count - 1].keys = keys
        pendingKey = string
        expectingKey = false
      default:
        continue
      }
    }
    return nil
  }

  /// The string after an opening quote, escapes decoded as far as key comparison needs.
  private static func readString(_ bytes: inout some IteratorProtocol<UInt8>) -> String {
    var text: [UInt8] = []
    while let byte = bytes.next(), byte != UInt8(ascii: "\"") {
      if byte == UInt8(ascii: "\\"), let escaped = bytes.next() {
        text += [byte, escaped]
      } else {
        text.append(byte)
      }
    }
    return String(decoding: text, as: UTF8.self)
  }
}
