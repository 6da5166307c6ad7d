import Foundation
import RenderCore

/// The processor time a process has used, user and system together, read from its CPU-time
/// clock: what the host reads of a worker to hold a render to its scaled deadline, and what
/// renderbench reads of its workers to say what a hostile input cost.
package enum ProcessorTime {
  /// The time `processID` has used since it started; nil when its clock cannot be read (say,
  /// because it is gone).
  package static func used(by processID: pid_t) -> Duration? {
    var clock = clockid_t()
    guard clock_getcpuclockid(processID, &clock) == 0 else { return nil }
    var time = timespec()
    guard clock_gettime(clock, &time) == 0 else { return nil }
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// The time this process's children have used: the live ones (the pool's idle workers)
  /// from their clocks, and the ones already stopped and reaped from the kernel's account.
  package static func usedByChildren() -> Duration {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    var total =
      Duration.seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    for child in LinuxSystem.childProcesses() {
      total += used(by: child) ?? .zero
    }
    return total
  }
}
