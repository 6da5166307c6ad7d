import Foundation

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
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return 0 }
    let fields = buffer[0..<count].split(separator: 0x20)
    guard fields.count > field, let pages = Int(String(decoding: fields[field], as: UTF8.self))
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
