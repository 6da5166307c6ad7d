import Foundation

/// The process's peak resident set size so far, from `getrusage`.
enum PeakMemory {
  /// The peak resident set size in bytes (Linux reports kilobytes; macOS bytes).
  static func residentBytes() -> Int {
    #if os(Linux)
      // Glibc imports RUSAGE_SELF as an enum case where getrusage takes its raw value.
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    var usage = rusage()
    guard getrusage(who, &usage) == 0 else { return 0 }
    #if os(Linux)
      return Int(usage.ru_maxrss) * 1024
    #else
      return Int(usage.ru_maxrss)
    #endif
  }
}
