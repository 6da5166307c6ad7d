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
    LinuxSystem.statmBytes(field: field, of: process)
  }

  /// Field `field` of this process's `/proc/self/statm` in bytes (the file opened once);
  /// 0 when it cannot be read.
  static func ownBytes(field: Int) -> Int {
    LinuxSystem.ownStatmBytes(field: field)
  }
}
