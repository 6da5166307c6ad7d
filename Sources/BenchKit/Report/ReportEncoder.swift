import Foundation
import RenderCore

/// Writes and reads the JSON form of a report: pretty-printed with sorted keys, so the
/// same figures always give the same text.
enum ReportEncoder {
  /// The largest report (a baseline) read, in bytes; a real one is a few KiB.
  static let maximumReportBytes = 1 << 24

  /// The report as JSON text, ending in a newline.
  static func json(_ report: BenchReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }

  /// Reads a report written by ``json(_:)``.
  static func report(from data: Data, source: String) throws -> BenchReport {
    do {
      return try JSONDecoder().decode(BenchReport.self, from: data)
    } catch {
      throw RenderError.invalidConfiguration(
        source: source, key: nil, problem: "not a renderbench JSON report (\(error))")
    }
  }
}
