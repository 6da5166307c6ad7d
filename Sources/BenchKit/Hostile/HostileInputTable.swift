import Foundation
import RenderKit

/// Every case of cmark's pathological inputs through every built-in engine as the tools run
/// them by default (`renderbench hostile`): contained in a worker with the deadline and caps,
/// default options. One row per case and engine: input size, wall time, the host's peak
/// resident memory so far, and the result (output size or the error).
struct HostileInputTable {
  /// The cases, from `../shared/suites/pathological.json`.
  let cases: [PathologicalCase]
  /// The limits applied (the defaults, perhaps with another deadline).
  let limits: RenderLimits

  /// The table over `engineIDs`.
  func table(engineIDs: [String]) throws -> TextTable {
    let registry = try EngineRegistry.builtIn.contained(limits: limits)
    var rows: [[String]] = []
    for hostile in cases {
      for id in engineIDs {
        let engine = try registry.engine(id: id)
        let start = ContinuousClock.now
        let result: String
        do {
          let html = try engine.render(hostile.markdown, options: RenderOptions()).html
          result = "output, \(html.utf8.count) bytes"
        } catch {
          result = Self.summary(of: error)
        }
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        rows.append([
          "\(hostile.example) \(hostile.name)", id, "\(hostile.markdown.utf8.count)",
          String(format: "%.2f", Double(seconds) + Double(attoseconds) * 1e-18),
          "\(PeakMemory.residentBytes() >> 20)", result,
        ])
      }
    }
    return TextTable(
      title:
        "Pathological inputs, contained by default (deadline \(limits.deadlineSeconds) s, "
        + "worker memory cap \(limits.maximumWorkerMemoryBytes >> 20) MiB or 48× input)",
      header: ["input", "engine", "bytes", "time (s)", "host peak RSS (MiB)", "result"],
      rows: rows)
  }

  private static func summary(of error: RenderError) -> String {
    switch error {
    case .deadlineExceeded(_, let seconds): "stopped at the \(seconds) s deadline"
    case .limitExceeded(let limit, let value, let maximum): "\(limit) limit (\(value) > \(maximum))"
    case .engineCrashed(_, let detail): "crash reported: \(detail)"
    default: error.description
    }
  }
}
