import Foundation
import RenderCore
import TestSupport
import Testing

@testable import RenderKit

/// The caps beside the deadline: a worker's memory, the output's size, and what the host
/// accepts on a worker's word; each reached cap is an error naming it.
@Suite struct WorkerCapsTests {
  /// 114 KB whose one reference, used 16,000 times, expands to 800 MB of links.
  static let referenceBomb =
    "[a]: /" + String(repeating: "u", count: 50_000) + "\n\n"
    + String(repeating: "[a] ", count: 16_000) + "\n"

  @Test("the default caps: 512 MiB or 48× the input, output 64× the input and at least 1 MiB")
  func defaults() {
    let limits = RenderLimits()
    #expect(limits.workerMemoryBytes(forInputBytes: 1000) == 512 << 20)
    #expect(limits.workerMemoryBytes(forInputBytes: 64 << 20) == 3 << 30)
    #expect(limits.maximumOutputBytes(forInputBytes: 10) == 1 << 20)
    #expect(limits.maximumOutputBytes(forInputBytes: 1 << 20) == 64 << 20)
  }

  @Test("Discount's reference-expansion bomb stops at the memory cap, with the host unharmed")
  func referenceBombDiscount() throws {
    let limits = RenderLimits(deadline: .seconds(20), maximumWorkerMemoryBytes: 64 << 20)
    let isolated = try IsolatedEngine(engineID: "discount", limits: limits)
    let hostBefore = ProcessMemory.bytes(field: ProcessMemory.residentField, of: "self")
    let start = ContinuousClock.now
    #expect {
      try isolated.render(Self.referenceBomb, options: RenderOptions())
    } throws: { error in
      guard
        case .limitExceeded(RenderLimits.memoryLimitName, let value, let maximum) =
          error as? RenderError
      else { return false }
      // Sampled every 20 ms: the worker is stopped soon after it passes the cap.
      return maximum == 64 << 20 && value > maximum && value < 2 * maximum
    }
    #expect(ContinuousClock.now - start < limits.deadline + .seconds(1))
    let hostAfter = ProcessMemory.bytes(field: ProcessMemory.residentField, of: "self")
    // Far below the bomb's 800 MB, which an in-process render would hold; not tighter, as
    // the suites running beside this one in the process move its RSS by tens of MiB (63 MiB
    // once in CI).
    #expect(hostAfter - hostBefore < 128 << 20)
    #expect(try isolated.render("*ok*", options: RenderOptions()).html == "<p><em>ok</em></p>")
  }

  @Test("the same bomb through cmark gives output: the library bounds reference expansion")
  func referenceBombCMark() throws {
    let isolated = try IsolatedEngine(
      engineID: "cmark", limits: RenderLimits(deadline: .seconds(5)))
    let html = try isolated.render(Self.referenceBomb, options: RenderOptions()).html
    #expect(html.hasPrefix("<p><a href=\"/uuu"))
    #expect(html.utf8.count < RenderLimits().maximumOutputBytes(forInputBytes: 114_009))
  }

  @Test("output beyond the ratio is refused with an error naming the output limit")
  func outputCap() throws {
    // 480 KB whose HTML (1.3 MB) and document pass the 1 MiB floor of a ratio of 1.
    let input = String(repeating: "*a* ", count: 120_000)
    let isolated = try IsolatedEngine(
      engineID: "cmark", limits: RenderLimits(deadline: .seconds(10), maximumOutputRatio: 1))
    #expect {
      try isolated.render(input, options: RenderOptions())
    } throws: { error in
      guard
        case .limitExceeded(RenderLimits.outputLimitName, let value, let maximum) =
          error as? RenderError
      else { return false }
      return maximum == 1 << 20 && value > maximum
    }
    #expect {
      try isolated.document(input, options: RenderOptions(), importer: HTMLImporter())
    } throws: { error in
      guard case .limitExceeded(RenderLimits.outputLimitName, _, _) = error as? RenderError
      else { return false }
      return true
    }
  }

  @Test("a worker announcing 2 GiB is refused before the host allocates anything for it")
  func announcedLengthBeyondCap() throws {
    let isolated = try IsolatedEngine(
      engineID: "cmark", limits: RenderLimits(deadline: .seconds(5)),
      workerExecutable: WorkerScripts.boasting)
    let before = ProcessMemory.bytes(field: ProcessMemory.residentField, of: "self")
    #expect(
      throws: RenderError.limitExceeded(
        limit: RenderLimits.outputLimitName, value: Int(Int32.max), maximum: 1 << 20)
    ) { try isolated.render("x", options: RenderOptions()) }
    let after = ProcessMemory.bytes(field: ProcessMemory.residentField, of: "self")
    #expect(SanitizerRun.isActive || after - before < 64 << 20)
  }

  @Test("a worker's own measure, read through the descriptor it keeps, follows its growth")
  func ownMeasureFollowsGrowth() {
    let before = ProcessMemory.ownBytes(field: ProcessMemory.dataField)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: 64 << 20, alignment: 16)
    defer { grown.deallocate() }
    let after = ProcessMemory.ownBytes(field: ProcessMemory.dataField)
    #expect(before > 0)
    #expect(after - before >= 60 << 20)
  }

  @Test("the caps travel ahead of the request and decode to themselves")
  func capsEncoding() throws {
    let caps = WorkerCaps(limits: RenderLimits(), inputBytes: 100 << 20)
    #expect(caps.memoryBytes == 4800 << 20 && caps.outputBytes == 6400 << 20)
    #expect(WorkerCaps(decoding: caps.encoded()) == caps)
    #expect(WorkerCaps(decoding: Array(caps.encoded().dropLast())) == nil)
  }
}
