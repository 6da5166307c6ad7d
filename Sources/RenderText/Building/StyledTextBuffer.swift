/// UTF-8 text with style runs: the storage styled text is built into. Runs are two parallel
/// arrays (start scalar, interned style index), so a run costs two integers.
struct StyledTextBuffer {
  /// The text, valid UTF-8.
  private(set) var utf8: [UInt8] = []
  /// Unicode scalars in ``utf8``.
  private(set) var scalarCount = 0
  /// Where each run starts, in scalars.
  private(set) var runStarts: [Int] = []
  /// Each run's style index.
  private(set) var runStyles: [Int32] = []

  /// Prepares for about `byteCapacity` bytes.
  init(byteCapacity: Int) {
    utf8.reserveCapacity(byteCapacity)
  }

  /// The style of the last run.
  var lastStyle: Int32? { runStyles.last }

  /// Appends one ASCII byte.
  mutating func append(_ byte: UInt8, style: Int32) {
    switchStyle(to: style)
    utf8.append(byte)
    scalarCount += 1
  }

  /// Appends U+2028 LINE SEPARATOR.
  mutating func appendLineSeparator(style: Int32) {
    switchStyle(to: style)
    utf8.append(contentsOf: [0xE2, 0x80, 0xA8])
    scalarCount += 1
  }

  /// Appends a string.
  mutating func append(_ text: String, style: Int32) {
    var text = text
    text.withUTF8 { append($0, scalars: UTF8Scalars.count(in: $0), style: style) }
  }

  /// Appends `bytes`, which hold `scalars` Unicode scalars (counted while they were scanned).
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, style: Int32) {
    guard !bytes.isEmpty else { return }
    switchStyle(to: style)
    utf8.append(contentsOf: bytes)
    scalarCount += scalars
  }

  /// Starts a run unless the last one has this style; always followed by at least one scalar.
  private mutating func switchStyle(to style: Int32) {
    if runStyles.last != style {
      runStarts.append(scalarCount)
      runStyles.append(style)
    }
  }
}
