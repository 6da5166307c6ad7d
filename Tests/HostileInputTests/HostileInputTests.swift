import EngineCMark
import EngineDiscount
import RenderCore
import RenderKit
import TestSupport
import Testing

/// Every hostile pattern through every engine: each render completes with both markers kept,
/// or fails with a clear error within the deadline; the host survives them all.
///
/// Sizes are chosen for a short run on two cores: cmark (linear) at up to 1 MB; Discount in
/// its worker at 16 KB (where every pattern finishes and must match the in-process output) and
/// at 1 MB (where about half the patterns hit the 3-second deadline, by design).
@Suite struct HostileInputTests {
  static let deadline = Duration.seconds(3)
  /// The default worker memory cap, or the larger one a sanitizer needs.
  static let workerMemoryBytes =
    SanitizerRun.workerMemoryBytes ?? RenderLimits.defaultMaximumWorkerMemoryBytes

  @Test("cmark in-process survives every pattern at 1 KB and 1 MB", arguments: HostilePattern.all)
  func cmarkInProcess(pattern: HostilePattern) throws {
    let engine = CMarkEngine()
    for size in [1_000, 1_000_000] {
      let options = pattern.options(supportedBy: engine.descriptor)
      let fragment = try engine.render(pattern.document(size: size), options: options)
      expectMarkers(in: fragment.html, of: pattern, size: size)
    }
  }

  @Test(
    "Discount in a worker renders every pattern at 16 KB exactly as in-process",
    arguments: HostilePattern.all)
  func discountIsolatedMatchesInProcess(pattern: HostilePattern) throws {
    // Fidelity, not speed: a generous deadline, since sanitizer builds run the worker slowly.
    let isolated = try IsolatedEngine(
      engineID: "discount",
      limits: RenderLimits(
        deadline: .seconds(120), maximumWorkerMemoryBytes: Self.workerMemoryBytes))
    let document = pattern.document(size: 16_000)
    let fragment = try isolated.render(document, options: pattern.options)
    expectMarkers(in: fragment.html, of: pattern, size: 16_000)
    let inProcess = try DiscountEngine().render(document, options: pattern.options)
    #expect(fragment == inProcess)
  }

  @Test(
    "Discount in a worker completes or stops cleanly on every pattern at 1 MB",
    arguments: HostilePattern.all)
  func discountIsolatedLarge(pattern: HostilePattern) throws {
    let isolated = try IsolatedEngine(
      engineID: "discount",
      limits: RenderLimits(
        deadline: Self.deadline, maximumWorkerMemoryBytes: Self.workerMemoryBytes))
    let document = pattern.document(size: 1_000_000)
    let outcome = Result { () throws(RenderError) in
      try isolated.render(document, options: pattern.options)
    }
    switch outcome {
    case .success(let fragment):
      expectMarkers(in: fragment.html, of: pattern, size: 1_000_000)
    case .failure(.deadlineExceeded(let engine, let seconds)):
      #expect(engine == "discount" && seconds == 3)
    case .failure(.engineCrashed(let engine, let detail)):
      #expect(engine == "discount" && detail.contains("signal"))
    case .failure(let other):
      Issue.record("\(pattern.name): unexpected error \(other)")
    }
    // The same engine carries on with a fresh worker.
    let after = try isolated.render("*still here*", options: RenderOptions())
    #expect(after.html == "<p><em>still here</em></p>")
  }

  private func expectMarkers(in html: String, of pattern: HostilePattern, size: Int) {
    #expect(
      html.contains(HostilePattern.leadingMarker),
      "\(pattern.name) at \(size) bytes lost the text before it")
    if !pattern.swallowsFollowingText {
      #expect(
        html.contains(HostilePattern.trailingMarker),
        "\(pattern.name) at \(size) bytes lost the text after it")
    }
  }
}

extension HostilePattern {
  /// The pattern's options without the extensions `descriptor` lacks (cmark has none).
  func options(supportedBy descriptor: EngineDescriptor) -> RenderOptions {
    var options = self.options
    options.extensions.formIntersection(descriptor.features)
    return options
  }
}
