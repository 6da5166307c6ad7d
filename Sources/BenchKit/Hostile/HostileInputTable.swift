import Foundation
import RenderKit

/// Hostile inputs through every built-in engine as the tools run them by default
/// (`renderbench hostile`): contained in a worker under the default limits (the scaled
/// deadline), default options. One row per input: its size, its deadline, and per engine the
/// processor time its workers used and what came of it; then the peers' times, when a file
/// from `scripts/hostile-peers.py` is given, and the release that fixes the input upstream.
struct HostileInputTable {
  /// The cases, from recipe suites such as cmark's pathological inputs.
  let cases: [PathologicalCase]
  /// The limits applied (the defaults, perhaps with another deadline).
  let limits: RenderLimits
  /// The peers' processor time per case name and peer, in seconds (nil: it gave up).
  var peers: [String: [String: Double?]] = [:]

  /// The peers' figures from the JSON `scripts/hostile-peers.py --json` writes: for each case,
  /// its name and the seconds per peer (a number, or anything else for a peer that did not
  /// finish).
  static func peers(from data: Data) throws -> [String: [String: Double?]] {
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    var peers: [String: [String: Double?]] = [:]
    for entry in root?["cases"] as? [[String: Any]] ?? [] {
      guard let name = entry["name"] as? String else { continue }
      let seconds = entry["seconds"] as? [String: Any] ?? [:]
      peers[name] = seconds.mapValues { $0 as? Double }
    }
    return peers
  }

  /// The table over `engineIDs`.
  func table(engineIDs: [String]) throws -> TextTable {
    let registry = try EngineRegistry.builtIn.contained(limits: limits)
    let peerNames = Set(peers.values.flatMap(\.keys)).sorted()
    var rows: [[String]] = []
    for hostile in cases {
      let bytes = hostile.markdown.utf8.count
      let deadline = limits.processorTime(forInputBytes: bytes) ?? limits.deadline
      var row = [
        "\(hostile.suite) \(hostile.example): \(hostile.name)", "\(bytes)", Self.seconds(deadline),
      ]
      for id in engineIDs {
        let engine = try registry.engine(id: id)
        let before = ProcessorTime.usedByChildren()
        let outcome = Result { () throws(RenderError) in
          try engine.render(hostile.markdown, options: hostile.options(for: engine.descriptor))
        }
        let used = Self.seconds(ProcessorTime.usedByChildren() - before)
        switch outcome {
        case .success: row.append(used)
        case .failure(.deadlineExceeded): row.append("stopped, \(used)")
        case .failure(.limitExceeded(let limit, _, _)): row.append("\(limit) limit, \(used)")
        case .failure(.engineCrashed): row.append("crashed, \(used)")
        case .failure(let other): row.append(other.description)
        }
      }
      for peer in peerNames {
        switch peers[hostile.name]?[peer] {
        case .some(.some(let seconds)): row.append(String(format: "%.3f", seconds))
        case .some(.none): row.append("gave up")
        case .none: row.append("")
        }
      }
      row.append(hostile.fixedIn ?? "")
      rows.append(row)
    }
    let scale = limits.scaledDeadline.map {
      "\(Self.seconds($0.base)) s + \(Self.seconds($0.perMegabyte)) s per MB, at most "
    }
    return TextTable(
      title:
        "Hostile inputs, contained by default: processor time in seconds, the engines' workers "
        + "and the peers in-process (deadline \(scale ?? "")\(Self.seconds(limits.deadline)) s)",
      header: ["input", "bytes", "deadline (s)"] + engineIDs + peerNames + ["fixed in"],
      rows: rows)
  }

  private static func seconds(_ duration: Duration) -> String {
    String(format: "%.3f", duration.inSeconds)
  }
}
