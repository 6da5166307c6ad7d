import CZlib
import Foundation
import RenderKit

/// Decompresses a gzip stream as its bytes arrive, member after member (`cat a.gz b.gz` is
/// one valid stream). zlib does it, through a system library target: Foundation on Linux
/// has no decompressor.
final class GzipInflater {
  private var stream = z_stream()
  private var isOpen = false
  /// Whether the last member ended where its input did, so that the stream may end there.
  private(set) var isAtMemberEnd = false

  init() throws(RenderError) {
    // 15 + 16: a window of 32 KiB, and a gzip header and trailer (not zlib's).
    let status = inflateInit2_(
      &stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw Self.failure("zlib could not start (\(status))") }
    isOpen = true
  }

  deinit {
    if isOpen { inflateEnd(&stream) }
  }

  /// The bytes `input` decompresses to.
  func inflate(_ input: Data) throws(RenderError) -> Data {
    var output = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var failure: RenderError?
    input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      guard let base = raw.baseAddress, raw.count > 0 else { return }
      stream.next_in = UnsafeMutablePointer(
        mutating: base.assumingMemoryBound(to: Bytef.self))
      stream.avail_in = uInt(raw.count)
      // Until all the input is taken and zlib has room left over: a full buffer may mean
      // more output waits.
      repeat {
        let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = uInt(buffer.count)
          let status = CZlib.inflate(&stream, Z_NO_FLUSH)
          return (status, buffer.count - Int(stream.avail_out))
        }
        output.append(contentsOf: chunk[0..<produced])
        switch status {
        case Z_OK:
          isAtMemberEnd = false
        case Z_BUF_ERROR:
          // No progress was possible: the input is all taken and no output is waiting.
          return
        case Z_STREAM_END:
          isAtMemberEnd = true
          // Another member may follow, in this input or the next.
          inflateReset(&stream)
        default:
          let detail = stream.msg.map { String(cString: $0) } ?? "status \(status)"
          failure = Self.failure("the gzip data is corrupt (\(detail))")
          return
        }
      } while stream.avail_in > 0 || stream.avail_out == 0
    }
    stream.next_in = nil
    if let failure { throw failure }
    return output
  }

  /// Throws when the stream ended inside a member: the file was cut short.
  func finish() throws(RenderError) {
    guard isAtMemberEnd else { throw Self.failure("the gzip data ends early (truncated)") }
  }

  private static func failure(_ detail: String) -> RenderError {
    .fileUnreadable(path: "batch input", reason: detail)
  }
}
