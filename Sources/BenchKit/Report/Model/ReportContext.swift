import Foundation

/// Where and on what a report was measured, as the JSON report's `context` holds it.
package struct ReportContext: Sendable, Hashable, Codable {
  /// Processor cores available to the process.
  package var cores: Int
  /// The operating system, as Foundation describes it.
  package var os: String
  /// The Swift language version the tool was compiled with.
  package var swiftVersion: String
  /// Library name → version for every C library measured (engines by their identifier).
  package var libraries: [String: String]
  /// The corpora measured, in the order given.
  package var corpus: [CorpusSummary]
  /// The options of the run.
  package var options: BenchOptions

  /// Creates a context.
  package init(
    cores: Int, os: String, swiftVersion: String, libraries: [String: String],
    corpus: [CorpusSummary], options: BenchOptions
  ) {
    self.cores = cores
    self.os = os
    self.swiftVersion = swiftVersion
    self.libraries = libraries
    self.corpus = corpus
    self.options = options
  }

  /// The context of this process, for `corpus`, `libraries` and `options`.
  package static func current(
    libraries: [String: String], corpus: [CorpusSummary], options: BenchOptions
  ) -> ReportContext {
    ReportContext(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      os: ProcessInfo.processInfo.operatingSystemVersionString, swiftVersion: compiledSwiftVersion,
      libraries: libraries, corpus: corpus, options: options)
  }

  /// The language version this file was compiled with (the toolchain has no run-time query).
  private static var compiledSwiftVersion: String {
    #if swift(>=6.3)
      "6.3"
    #elseif swift(>=6.2)
      "6.2"
    #elseif swift(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }
}
