import Foundation
import RenderKit

/// Calls back when any of a few files changes, through inotify on their folders (the
/// calls to inotify are all in ``WatchLoop``).
///
/// Folders, not the files, are watched, so that an editor that saves by writing a new file
/// and renaming it over the old one (the old inode, and a watch on it, is gone) is seen like
/// one that writes in place, and a file that does not exist yet is seen when it appears. A
/// burst of events (truncate, write, close; or write, rename) becomes one call, made once the
/// folder has been quiet for `quietPeriod`, or at the latest `longestDelay` after the first
/// event. Callbacks run one at a time on the watcher's own thread, never on Swift's
/// cooperative pool; events that arrive during a callback are delivered after it.
package final class FileWatcher: Sendable {
  private let loop: WatchLoop

  /// Watches `files` (absolute paths; a symbolic link is watched both as the link and as
  /// its target) and calls `onChange` with the paths, as given, that changed.
  ///
  /// Throws when inotify cannot be set up or a file's folder cannot be watched.
  package init(
    files: [String], quietPeriod: Duration = .milliseconds(30),
    longestDelay: Duration = .milliseconds(200),
    onChange: @escaping @Sendable (Set<String>) -> Void
  ) throws(RenderError) {
    loop = try WatchLoop(
      files: files, quietPeriod: quietPeriod, longestDelay: longestDelay, onChange: onChange)
    let loop = loop
    let thread = Thread { loop.run() }
    thread.name = "render.file-watcher"
    thread.start()
  }

  /// Stops watching; no callback starts after this returns (one already running finishes).
  package func stop() {
    loop.stop()
  }

  deinit {
    loop.stop()
  }
}
