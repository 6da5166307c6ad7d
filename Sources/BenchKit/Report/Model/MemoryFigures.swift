/// The process's peak memory, as `memory` holds it.
package struct MemoryFigures: Sendable, Hashable, Codable {
  /// Peak resident set size in bytes (`getrusage` `ru_maxrss`).
  package var peakRSSBytes: Int

  /// Creates the figures.
  package init(peakRSSBytes: Int) {
    self.peakRSSBytes = peakRSSBytes
  }
}
