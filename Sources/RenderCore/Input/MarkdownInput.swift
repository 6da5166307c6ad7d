import Foundation

/// Brings any text into the form every engine receives: valid UTF-8, no NUL, `\n` line ends.
///
/// ```swift
/// let text = MarkdownInput.decode(bytes)   // invalid UTF-8 becomes U+FFFD
/// let ready = MarkdownInput.prepare(text)  // NUL becomes U+FFFD, CRLF and CR become LF
/// ```
///
/// Bytes that are already in that form (`isPrepared(_:)`) may go to an engine as they are,
/// with no `String` built from them.
public enum MarkdownInput {
  /// Decodes bytes as UTF-8, replacing each invalid sequence with U+FFFD; never fails.
  public static func decode(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Replaces NUL with U+FFFD (as CommonMark requires) and turns CRLF and lone CR into LF.
  ///
  /// Returns `text` itself, uncopied, when there is nothing to change.
  public static func prepare(_ text: String) -> String {
    var text = text
    let needsWork = text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0, bytes.count) != nil || memchr(base, 13, bytes.count) != nil
    }
    guard needsWork else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count + 16)
    var previousWasCarriageReturn = false
    for byte in text.utf8 {
      switch byte {
      case 0:
        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      case 13:
        output.append(10)
      case 10 where previousWasCarriageReturn:
        break
      default:
        output.append(byte)
      }
      previousWasCarriageReturn = byte == 13
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether `bytes` are already what ``prepare(_:)`` of ``decode(_:)`` gives: valid UTF-8
  /// with no NUL and no CR. An engine may then parse them as they are, where building a
  /// `String` would validate them and copy them once more.
  ///
  /// Eight bytes are taken per step while they are ASCII other than NUL and CR. Other words
  /// go through an automaton of the well-formed sequences of the Unicode Standard's table 3-7
  /// (no overlong form, no surrogate, nothing past U+10FFFF), a table lookup and a shift per
  /// byte with no branch on the byte: branching per sequence would mispredict at every change
  /// of script, which text mixing ASCII with other scripts has often.
  package static func isPrepared(_ bytes: UnsafeRawBufferPointer) -> Bool {
    accepts(bytes, transitions: transitions, rejectsNULAndCR: true)
  }

  /// Whether `bytes` are well-formed UTF-8 (NUL and CR included): text a parser cut from
  /// prepared input, which may be stored as it is. The automaton of ``isPrepared(_:)``, with
  /// NUL and CR accepted.
  package static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    accepts(
      UnsafeRawBufferPointer(bytes), transitions: wellFormedTransitions, rejectsNULAndCR: false)
  }

  @inline(__always)
  private static func accepts(
    _ bytes: UnsafeRawBufferPointer, transitions: [UInt64], rejectsNULAndCR: Bool
  ) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
    return transitions.withUnsafeBufferPointer { transitions in
      var state = State.accepted
      var index = 0
      while count &- index >= 8 {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index &+= 8
        var flagged = word & high
        if rejectsNULAndCR {
          // A zero byte in `word` or in `word ^ 0x0D…` sets that byte's top bit here.
          let returns = word ^ carriageReturns
          flagged |= ((word &- ones) & ~word) | ((returns &- ones) & ~returns)
          flagged &= high
        }
        if flagged == 0, state == State.accepted { continue }
        var remaining = word
        for _ in 0..<8 {
          state = (transitions[Int(truncatingIfNeeded: remaining & 0xFF)] &>> state) & 63
          remaining &>>= 8
        }
        if state == State.rejected { return false }
      }
      while index < count {
        let byte = base.load(fromByteOffset: index, as: UInt8.self)
        state = (transitions[Int(byte)] &>> state) & 63
        index &+= 1
      }
      return state == State.accepted
    }
  }

  /// The states of ``isPrepared(_:)``'s automaton, each the offset of its six bits in a row
  /// of ``transitions``.
  private enum State {
    /// Between sequences: where valid input ends.
    static let accepted: UInt64 = 0
    /// Not prepared; no byte leaves it.
    static let rejected: UInt64 = 6
    /// One, two or three continuation bytes (80…BF) to come.
    static let oneMore: UInt64 = 12
    static let twoMore: UInt64 = 18
    static let threeMore: UInt64 = 24
    /// After E0, the next byte is A0…BF (no overlong form); after ED, 80…9F (no surrogate);
    /// after F0, 90…BF (no overlong form); after F4, 80…8F (nothing past U+10FFFF).
    static let afterE0: UInt64 = 30
    static let afterED: UInt64 = 36
    static let afterF0: UInt64 = 42
    static let afterF4: UInt64 = 48

    static let all = [
      accepted, rejected, oneMore, twoMore, threeMore, afterE0, afterED, afterF0, afterF4,
    ]
  }

  /// For each byte, the state it leads to from each state: `(row >> state) & 63`; every
  /// move not listed leads to ``State/rejected``.
  private static let transitions = table(acceptingNULAndCR: false)
  /// ``transitions`` with NUL and CR accepted between sequences.
  private static let wellFormedTransitions = table(acceptingNULAndCR: true)

  private static func table(acceptingNULAndCR: Bool) -> [UInt64] {
    (0...255).map { byte in row(of: UInt8(byte), acceptingNULAndCR: acceptingNULAndCR) }
  }

  private static func row(of byte: UInt8, acceptingNULAndCR: Bool) -> UInt64 {
    let moves: [(from: UInt64, to: UInt64)]
    switch byte {
    case 0x00, 0x0D: moves = acceptingNULAndCR ? [(State.accepted, State.accepted)] : []
    case 0x01...0x7F: moves = [(State.accepted, State.accepted)]
    case 0x80...0x8F:
      moves = [
        (State.oneMore, State.accepted), (State.twoMore, State.oneMore),
        (State.threeMore, State.twoMore), (State.afterED, State.oneMore),
        (State.afterF4, State.twoMore),
      ]
    case 0x90...0x9F:
      moves = [
        (State.oneMore, State.accepted), (State.twoMore, State.oneMore),
        (State.threeMore, State.twoMore), (State.afterED, State.oneMore),
        (State.afterF0, State.twoMore),
      ]
    case 0xA0...0xBF:
      moves = [
        (State.oneMore, State.accepted), (State.twoMore, State.oneMore),
        (State.threeMore, State.twoMore), (State.afterE0, State.oneMore),
        (State.afterF0, State.twoMore),
      ]
    case 0xC2...0xDF: moves = [(State.accepted, State.oneMore)]
    case 0xE0: moves = [(State.accepted, State.afterE0)]
    case 0xED: moves = [(State.accepted, State.afterED)]
    case 0xE1...0xEF: moves = [(State.accepted, State.twoMore)]
    case 0xF0: moves = [(State.accepted, State.afterF0)]
    case 0xF1...0xF3: moves = [(State.accepted, State.threeMore)]
    case 0xF4: moves = [(State.accepted, State.afterF4)]
    default: moves = []
    }
    return State.all.reduce(0) { row, state in
      row | (moves.first { $0.from == state }?.to ?? State.rejected) << state
    }
  }
}
