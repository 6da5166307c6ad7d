import Foundation

/// The one Swift file that calls what only Linux (or glibc) offers: `/proc`, `dlopen` and
/// `dlsym`, `madvise`, `RLIMIT_DATA`, inotify. Every other Swift file asks here, so a port
/// starts at this file and at the C shims that talk to their libraries (`CWorkerFork`,
/// `CCMarkGFMLoader`, `CHTMLParser`'s and `CMicroHTTPD`'s loaders, `CDiscountGrowth`; see
/// docs/design.md, "Platforms"). `LinuxSystemTests` fails when a call appears elsewhere.
package enum LinuxSystem {
  // MARK: This process

  /// The running program's own file (the kernel's link, immune to a changed working
  /// directory); nil when it cannot be read.
  package static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The descriptors this process has open, as the kernel lists them; empty when the list
  /// cannot be read.
  package static func openDescriptors() -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.compactMap { Int32($0) }
  }

  /// The live children of every thread of this process (the kernel lists a child under the
  /// thread that started it); empty when they cannot be read.
  package static func childProcesses() -> [pid_t] {
    let tasks = "/proc/self/task"
    var children: [pid_t] = []
    for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
      guard let list = try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)
      else { continue }
      children += list.split(separator: " ").compactMap { pid_t($0) }
    }
    return children
  }

  // MARK: Memory statistics (`/proc/PID/statm`)

  /// Field `field` of `/proc/<process>/statm` in bytes (`process` a pid or `self`); 0 when
  /// it cannot be read, say because the process is gone.
  package static func statmBytes(field: Int, of process: String) -> Int {
    let descriptor = open("/proc/\(process)/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    return statmBytes(field: field, reading: descriptor)
  }

  /// This process's `/proc/self/statm`, opened once: a worker measures itself before every
  /// request, and opening a `/proc` file costs more than reading it. Reopened when the
  /// process is another (a fork), since the descriptor names the process that opened it.
  private static let ownStatistics = Locked<(process: pid_t, descriptor: Int32)?>(nil)

  /// Field `field` of this process's `/proc/self/statm` in bytes; 0 when it cannot be read.
  package static func ownStatmBytes(field: Int) -> Int {
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
      return statmBytes(field: field, reading: opened!.descriptor)
    }
  }

  /// Field `field` of the statm file open as `descriptor`, read afresh from its start.
  private static func statmBytes(field: Int, reading descriptor: Int32) -> Int {
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return 0 }
    let fields = buffer[0..<count].split(separator: 0x20)
    guard fields.count > field, let pages = Int(String(decoding: fields[field], as: UTF8.self))
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  // MARK: Limits and advice

  /// Sets the soft limit of this process's data segment (`RLIMIT_DATA`) to `bytes`, or to the
  /// hard limit when that is lower.
  package static func limitDataSegment(to bytes: Int) {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
    limit.rlim_cur = min(rlim_t(clamping: bytes), limit.rlim_max)
    setrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
  }

  /// Asks the kernel to back the `count` bytes at `start` (huge-page aligned) with
  /// transparent huge pages (`MADV_HUGEPAGE`); the advice may be ignored.
  package static func adviseHugePages(_ start: UnsafeMutableRawPointer, count: Int) {
    #if os(Linux)
      _ = madvise(start, count, MADV_HUGEPAGE)
    #endif
  }

  // MARK: Shared objects

  /// Loads the shared object at `path` with its symbols kept local (`RTLD_NOW | RTLD_LOCAL`):
  /// its handle, or the loader's reason it could not.
  package static func loadSharedObject(_ path: String) -> Result<
    UnsafeMutableRawPointer, LoadFailure
  > {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(LoadFailure(reason: dlerror().map { String(cString: $0) } ?? path))
    }
    return .success(handle)
  }

  /// Why a shared object did not load, in the loader's words (`dlerror`).
  package struct LoadFailure: Error {
    package let reason: String
  }

  /// Unloads a shared object loaded by ``loadSharedObject(_:)``.
  package static func unloadSharedObject(_ handle: UnsafeMutableRawPointer) {
    dlclose(handle)
  }

  /// The function `name` in the shared object `handle` (nil: in the process's global scope,
  /// say glibc's own), as `Function`; nil when there is none.
  package static func function<Function>(
    _ name: String, in handle: UnsafeMutableRawPointer?, as _: Function.Type
  ) -> Function? {
    dlsym(handle, name).map { unsafeBitCast($0, to: Function.self) }
  }

  // MARK: File events (inotify)

  /// A new, non-blocking, close-on-exec inotify descriptor; negative with `errno` set when
  /// the kernel refuses one.
  package static func fileEventQueue() -> Int32 {
    inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
  }

  /// Watches `folder` on `queue` for what changes a file's content or name in it (written,
  /// modified, moved in or out, created, deleted, attributes): the watch's descriptor, or
  /// negative with `errno` set.
  package static func watchFolder(_ folder: String, on queue: Int32) -> Int32 {
    let mask: UInt32 =
      UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
      | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
    return inotify_add_watch(queue, folder, mask)
  }

  /// One event read from a ``fileEventQueue()``.
  package struct FileEvent: Equatable, Sendable {
    /// The watch (from ``watchFolder(_:on:)``) it came from.
    package let watch: Int32
    /// The name of the file in the watched folder; empty for the folder itself.
    package let name: String
    /// The queue overflowed: events were lost.
    package let overflowed: Bool
  }

  /// The events in the first `count` bytes of `buffer`, as `read` filled it from a queue.
  package static func fileEvents(in buffer: [UInt8], count: Int) -> [FileEvent] {
    let headerSize = MemoryLayout<inotify_event>.size
    var events: [FileEvent] = []
    var offset = 0
    while offset + headerSize <= count {
      let (descriptor, mask, nameLength) = buffer.withUnsafeBytes { bytes in
        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        return (event.wd, event.mask, Int(event.len))
      }
      let nameBytes = buffer[(offset + headerSize)..<(offset + headerSize + nameLength)]
      let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
      events.append(
        FileEvent(watch: descriptor, name: name, overflowed: mask & UInt32(IN_Q_OVERFLOW) != 0))
      offset += headerSize + nameLength
    }
    return events
  }
}
