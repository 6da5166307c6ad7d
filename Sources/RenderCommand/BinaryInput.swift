import Foundation

/// What makes an input file binary rather than text to render, judged from its first bytes
/// by the format it is read as.
///
/// HTML follows the browser, which shows whatever it is given as HTML: NUL and other control
/// bytes are repaired by the parser, and bytes in another encoding are decoded as the
/// importer's sniffing finds. So HTML is refused only when it begins with the signature of a
/// binary format (an image, audio or video, an archive, a PDF, an executable, a database),
/// which no HTML document does. Markdown, which has no encoding declaration to sniff, is
/// refused too when NUL bytes are frequent (a stray one is text that CommonMark repairs) or a
/// tenth of it is not UTF-8 (compressed data, as in PDFs); text with a few invalid bytes is
/// read, repaired. Those shares are judged only from ``minimumJudgedBytes`` on: in a short
/// text one Latin-1 "é" or one NUL is already a tenth, and `render --help` promises each
/// becomes U+FFFD. The same rule holds for a file and for standard input.
enum BinaryInput {
  /// A binary format's signature: `bytes` at `offset`.
  struct Signature {
    var offset = 0
    var bytes: [UInt8]

    init(at offset: Int = 0, _ bytes: [UInt8]) {
      self.offset = offset
      self.bytes = bytes
    }

    init(at offset: Int = 0, _ text: String) {
      self.init(at: offset, Array(text.utf8))
    }

    func matches(_ head: Data) -> Bool {
      head.count >= offset + bytes.count
        && head.dropFirst(offset).prefix(bytes.count).elementsEqual(bytes)
    }
  }

  /// Signatures that open no text document: each has bytes no text starts with, or is long
  /// enough that no prose does.
  static let signatures: [Signature] = [
    Signature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),  // PNG
    Signature("GIF87a"), Signature("GIF89a"),
    Signature([0xFF, 0xD8, 0xFF]),  // JPEG
    Signature([0x00, 0x00, 0x01, 0x00]),  // ICO
    Signature([0x49, 0x49, 0x2A, 0x00]), Signature([0x4D, 0x4D, 0x00, 0x2A]),  // TIFF
    Signature(at: 8, "WEBPVP"), Signature(at: 8, "WAVE"), Signature(at: 8, "AVI "),  // RIFF
    Signature(at: 4, "ftyp"),  // MP4, QuickTime, HEIF
    Signature("OggS\u{0}"), Signature("fLaC"), Signature([0x1A, 0x45, 0xDF, 0xA3]),  // WebM
    Signature("%PDF-"),
    Signature([0x50, 0x4B, 0x03, 0x04]),  // ZIP, and the formats built on it
    Signature([0x1F, 0x8B, 0x08]),  // gzip
    Signature([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]),  // 7-Zip
    Signature([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),  // xz
    Signature("Rar!\u{1A}\u{7}"),
    Signature([0x7F, 0x45, 0x4C, 0x46]),  // ELF
    Signature([0xCF, 0xFA, 0xED, 0xFE]), Signature([0xCE, 0xFA, 0xED, 0xFE]),  // Mach-O
    Signature([0xCA, 0xFE, 0xBA, 0xBE]),  // Java class, Mach-O universal
    Signature([0x00, 0x61, 0x73, 0x6D]),  // WebAssembly
    Signature("SQLite format 3\u{0}"),
  ]

  /// The bytes every signature is seen in.
  static let longestSignature = signatures.map { $0.offset + $0.bytes.count }.max() ?? 0

  /// The fewest bytes whose share of NULs or of invalid UTF-8 says binary.
  static let minimumJudgedBytes = 64

  /// Whether `head`, the first bytes of a file read as `format`, is binary.
  static func isBinary(_ head: Data, readAs format: InputFormat) -> Bool {
    guard !head.isEmpty else { return false }
    if signatures.contains(where: { $0.matches(head) }) { return true }
    guard format == .markdown else { return false }
    guard head.count >= minimumJudgedBytes else { return false }
    if head.reduce(0, { $1 == 0 ? $0 + 1 : $0 }) * 100 >= head.count { return true }
    let scalars = String(decoding: head, as: UTF8.self).unicodeScalars
    let replaced = scalars.reduce(0) { $1 == "\u{FFFD}" ? $0 + 1 : $0 }
    return replaced * 10 >= scalars.count
  }
}
