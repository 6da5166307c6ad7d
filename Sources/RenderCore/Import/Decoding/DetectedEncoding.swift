import Foundation

/// The character encoding of HTML bytes, and how to turn them into a `String`.
package enum DetectedEncoding: Equatable {
  /// UTF-8 (the default); the first `byteOrderMarkLength` bytes are a BOM to skip.
  case utf8(byteOrderMarkLength: Int)
  /// UTF-16 after a 2-byte BOM.
  case utf16(bigEndian: Bool)
  /// Windows-1252, which is what HTML means by `iso-8859-1`, `latin1` and `us-ascii`.
  case windows1252
  /// Another legacy encoding Foundation decodes.
  case foundation(String.Encoding)

  /// The encoding a `charset` label names (WHATWG labels, case-insensitive), UTF-8 for unknown
  /// ones. A declared UTF-16 means UTF-8, as HTML says: the bytes would not be ASCII-readable
  /// enough to declare it otherwise.
  package init(label: String) {
    switch label.lowercased() {
    case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "windows-1252", "cp1252",
      "x-cp1252", "us-ascii", "ascii", "ansi_x3.4-1968", "cp819", "ibm819":
      self = .windows1252
    case "iso-8859-2", "iso8859-2", "latin2", "l2": self = .foundation(.isoLatin2)
    case "windows-1250", "cp1250", "x-cp1250": self = .foundation(.windowsCP1250)
    case "windows-1251", "cp1251", "x-cp1251": self = .foundation(.windowsCP1251)
    case "windows-1253", "cp1253", "x-cp1253": self = .foundation(.windowsCP1253)
    case "windows-1254", "cp1254", "x-cp1254": self = .foundation(.windowsCP1254)
    case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "windows-31j":
      self = .foundation(.shiftJIS)
    case "euc-jp", "x-euc-jp": self = .foundation(.japaneseEUC)
    case "iso-2022-jp": self = .foundation(.iso2022JP)
    default: self = .utf8(byteOrderMarkLength: 0)
    }
  }

  /// `bytes` decoded; anything undecodable becomes U+FFFD rather than disappearing.
  package func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    switch self {
    case .utf8(let byteOrderMarkLength):
      return String(decoding: bytes[byteOrderMarkLength...], as: UTF8.self)
    case .utf16(let bigEndian):
      let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
        let first = UInt16(bytes[index])
        let second = UInt16(bytes[index + 1])
        return bigEndian ? first << 8 | second : second << 8 | first
      }
      // An odd trailing byte is half a code unit: keep it visible as U+FFFD.
      let trailer = bytes.count > 2 && bytes.count % 2 == 1 ? "\u{FFFD}" : ""
      return String(decoding: units, as: UTF16.self) + trailer
    case .windows1252:
      return Self.decodeWindows1252(bytes)
    case .foundation(let encoding):
      return String(bytes: bytes, encoding: encoding)
        ?? String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The code points Windows-1252 assigns to 0x80–0x9F; the five it leaves undefined map to
  /// their C1 control, as HTML's decoder does.
  package static let windows1252High: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  private static func decodeWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var text = String.UnicodeScalarView()
    for byte in bytes {
      let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
      text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(text)
  }
}
