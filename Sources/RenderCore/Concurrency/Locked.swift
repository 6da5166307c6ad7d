import Foundation

/// A value shared between threads, read and changed only under its lock.
///
/// The project's one lock for values. It is an NSLock (a pthread mutex) rather than
/// Synchronization's `Mutex`: on Linux that one hands a contended lock to its waiter inside the
/// kernel (a priority-inheritance futex), which ThreadSanitizer cannot see, so
/// `make check-sanitizers` reports a race between two holders of one `Mutex`.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value while holding the lock, and returns what it returns.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
