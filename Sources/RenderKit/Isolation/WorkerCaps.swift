import Foundation
import RenderCore

/// The memory and output caps of one render, sent ahead of the request so that the worker
/// applies them before it reads the (possibly huge) request.
///
/// Encoded as two 8-byte little-endian integers: memory bytes, output bytes.
struct WorkerCaps: Equatable {
  /// How much memory the render may add to the worker (`RLIMIT_DATA` above its idle size).
  var memoryBytes: Int
  /// The largest answer accepted.
  var outputBytes: Int

  /// The caps `limits` give for an input of `inputBytes`.
  init(limits: RenderLimits, inputBytes: Int) {
    memoryBytes = limits.workerMemoryBytes(forInputBytes: inputBytes)
    outputBytes = limits.maximumOutputBytes(forInputBytes: inputBytes)
  }

  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for value in [memoryBytes, outputBytes] {
      for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
    return bytes
  }

  /// Decodes caps; nil when the message is not 16 bytes.
  init?(decoding bytes: [UInt8]) {
    guard bytes.count == 16 else { return nil }
    func value(at start: Int) -> Int {
      var value = 0
      for index in 0..<8 { value |= Int(bytes[start + index]) << (8 * index) }
      return value
    }
    memoryBytes = value(at: 0)
    outputBytes = value(at: 8)
  }

  /// Limits the worker's data segment (heap, anonymous mappings, thread stacks) to what it
  /// holds now plus twice ``memoryBytes``: an allocation beyond fails, and the worker dies
  /// rather than swap the machine. The host stops the worker first, when its resident memory
  /// passes ``memoryBytes`` (with an error naming the limit); this is the backstop for growth
  /// faster than the host's samples, with room for a buffer reserved larger than it is filled.
  /// The soft limit is set again for every request, so a later request with a larger cap gets it.
  func applyMemoryCap() {
    let current = ProcessMemory.ownBytes(field: ProcessMemory.dataField)
    LinuxSystem.limitDataSegment(to: current &+ 2 &* memoryBytes)
  }

  /// The answer, or a limit error in its place when it is larger than ``outputBytes``.
  func checked(_ response: WorkerResponse) -> WorkerResponse {
    let size = response.payloadBytes
    guard size > outputBytes else { return response }
    return .limitExceeded(
      limit: RenderLimits.outputLimitName, value: size, maximum: outputBytes)
  }
}
