import Foundation
import RenderCore

/// A process's memory as Linux counts it in `/proc/PID/statm`: what the host samples of a
/// worker, and what a worker measures of itself before it caps its growth.
enum ProcessMemory {
  /// Resident pages (the second field).
  static let residentField = 1
  /// Data and stack pages (the sixth field).
  static let dataField = 5

  /// Field `field` of `/proc/<process>/statm` in bytes (`process` a pid or `self`); 0 when
  /// it cannot be read, say because the process is gone.
  static func bytes(field: Int, of process: String) -> Int {
    let descriptor = open("/proc/\(process)/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    return bytes(field: field, reading: descriptor)
  }

  /// This process's `/proc/self/statm`, opened once: a worker measures itself before every
  /// request, and opening a `/proc` file costs more than reading it. Reopened when the
  /// process is another (a fork), since the descriptor names the process that opened it.
  private static let ownStatistics = Locked<(process: pid_t, descriptor: Int32)?>(nil)

  /// Field `field` of this process's `/proc/self/statm` in bytes; 0 when it cannot be read.
  static func ownBytes(field: Int) -> Int {
    ownStatistics.withLock { opened in
      let process = getpid()
      // The parent's descriptor, inherited, still reads the parent. Not closed here: a forked
      // worker closes what it inherited at its start, and the number may name another file
      // by now.
      if let current = opened, current.process != process { opened = nil }
      if opened == nil {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        opened = (process, descriptor)
      }
      return bytes(field: field, reading: opened!.descriptor)
    }
  }

  /// Field `field` of the statm file open as `descriptor`, read afresh from its start.
  private static func bytes(field: Int, reading descriptor: Int32) -> Int {
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return 0 }
    let fields = buffer[0..<count].split(separator: 0x20)
    guard fields.count > field, let pages = Int(String(decoding: fields[field], as: UTF8.self))
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
