import Foundation

/// Finds a key that occurs twice in one object of a JSON text. `JSONDecoder` keeps one of
/// them silently, while every JSON tool a reader checks the file with shows the other, so a
/// configuration with a duplicate key is an error.
package enum JSONDuplicateKeys {
  /// The first duplicated key, as a dotted path (`options.unsafe`), in text that is already
  /// known to be valid JSON; nil when every object's keys are distinct.
  package static func first(in json: some Collection<UInt8>) -> String? {
    // A batch record is tens of kilobytes of string: it is scanned in place, not through a
    // collection's iterator, and only keys become strings.
    json.withContiguousStorageIfAvailable(first(inBuffer:))
      ?? Array(json).withUnsafeBufferPointer(first(inBuffer:))
  }

  private static func first(inBuffer json: UnsafeBufferPointer<UInt8>) -> String? {
    // One entry per open object or array: the keys seen (nil for an array) and the key
    // under which it stands in its parent.
    var open: [(keys: Set<String>?, name: String?)] = []
    var pendingKey: String?
    var expectingKey = false
    var index = 0
    while index < json.count {
      let byte = json[index]
      index += 1
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
        let start = index
        index = stringEnd(json, from: index)
        guard expectingKey, var keys = open.last?.keys else {
          index += 1
          continue
        }
        // Escapes stay as written: as far as key comparison needs them decoded.
        let string = String(
          decoding: UnsafeBufferPointer(rebasing: json[start..<index]), as: UTF8.self)
        index += 1
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

  /// The index of the quote that closes the string whose text starts at `start`, or the
  /// end when none does.
  private static func stringEnd(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    // From quote to quote by memchr: a record's string is tens of kilobytes. A quote closes
    // the string when an even number of backslashes (within the string) stands before it.
    var index = start
    while index < json.count, let base = json.baseAddress,
      let found = memchr(base + index, Int32(UInt8(ascii: "\"")), json.count - index)
    {
      let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var backslashes = 0
      while quote - backslashes > start, json[quote - backslashes - 1] == UInt8(ascii: "\\") {
        backslashes += 1
      }
      if backslashes % 2 == 0 { return quote }
      index = quote + 1
    }
    return json.count
  }
}
