import Foundation
import RenderKit

/// A ``FileWatcher``'s state, owned by its thread: the inotify descriptor, the descriptor
/// that wakes the thread to stop, and which names in which folder matter. Its inotify calls are
/// `LinuxSystem`'s. Apart from the watcher so that dropping the watcher stops the thread.
final class WatchLoop: @unchecked Sendable {
  // Written once in init; the thread reads them. `stopped` is guarded by `lock`.
  private let inotify: Int32
  private let wake: Int32
  private let wakeWriter: Int32
  private var folders: [Int32: [String: Set<String>]] = [:]
  private let quietPeriod: Duration
  private let longestDelay: Duration
  private let onChange: @Sendable (Set<String>) -> Void
  private let lock = NSLock()
  private var stopped = false

  init(
    files: [String], quietPeriod: Duration, longestDelay: Duration,
    onChange: @escaping @Sendable (Set<String>) -> Void
  ) throws(RenderError) {
    self.quietPeriod = quietPeriod
    self.longestDelay = longestDelay
    self.onChange = onChange
    inotify = LinuxSystem.fileEventQueue()
    guard inotify >= 0 else {
      throw .fileUnreadable(
        path: files.first ?? "", reason: "cannot be watched (\(Self.lastError()))")
    }
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      close(inotify)
      throw .fileUnreadable(
        path: files.first ?? "", reason: "cannot be watched (\(Self.lastError()))")
    }
    wake = pipeEnds[0]
    wakeWriter = pipeEnds[1]
    var descriptors: [String: Int32] = [:]
    for file in files {
      let given = URL(fileURLWithPath: file).standardizedFileURL
      let target = given.resolvingSymlinksInPath()
      for watched in Set([given, target]) {
        let folder = watched.deletingLastPathComponent().path
        var descriptor = descriptors[folder]
        if descriptor == nil {
          descriptor = LinuxSystem.watchFolder(folder, on: inotify)
          guard let added = descriptor, added >= 0 else {
            let reason = Self.lastError()
            close(inotify)
            close(wake)
            close(wakeWriter)
            throw .fileUnreadable(
              path: file,
              reason: "cannot be watched: its folder \(folder) (\(reason)); check that it exists")
          }
          descriptors[folder] = added
        }
        folders[descriptor!, default: [:]][watched.lastPathComponent, default: []].insert(file)
      }
    }
  }

  func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    stopped = true
    var byte: UInt8 = 1
    _ = write(wakeWriter, &byte, 1)
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  /// Waits for events, gathers a burst, calls back; until stopped. Closes both descriptors.
  func run() {
    defer {
      // Marked stopped first, under the lock stop() writes under: no write to a closed pipe.
      lock.lock()
      stopped = true
      lock.unlock()
      close(inotify)
      close(wake)
      close(wakeWriter)
    }
    let clock = ContinuousClock()
    var changed: Set<String> = []
    var firstEvent = clock.now
    var lastEvent = clock.now
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while !isStopped {
      var timeout: Int32 = -1
      if !changed.isEmpty {
        let due = min(lastEvent + quietPeriod, firstEvent + longestDelay)
        // Due (quiet long enough, or a steady stream of writes past the longest delay).
        if clock.now >= due {
          let batch = changed
          changed = []
          if !isStopped { onChange(batch) }
          continue
        }
        timeout = Int32(max(1, Self.milliseconds(due - clock.now)))
      }
      var descriptors = [
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 && errno != EINTR { return }
      if descriptors[1].revents != 0 { return }
      if descriptors[0].revents != 0 {
        let paths = readEvents(into: &buffer)
        if !paths.isEmpty {
          if changed.isEmpty { firstEvent = clock.now }
          lastEvent = clock.now
          changed.formUnion(paths)
        }
      }
    }
  }

  /// Reads every queued event; the watched paths they name (all of them when the queue
  /// overflowed and events were lost).
  private func readEvents(into buffer: inout [UInt8]) -> Set<String> {
    var paths: Set<String> = []
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      guard count > 0 else { return paths }
      for event in LinuxSystem.fileEvents(in: buffer, count: count) {
        if event.overflowed {
          for names in folders.values { for files in names.values { paths.formUnion(files) } }
        } else if let files = folders[event.watch]?[event.name] {
          paths.formUnion(files)
        }
      }
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
