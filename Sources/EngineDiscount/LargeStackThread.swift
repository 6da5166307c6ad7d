import Foundation

/// One persistent thread with a large stack that runs the closures handed to it, one at a time.
///
/// Discount recurses once per level of nesting; on an ordinary 8 MiB stack, tens of thousands
/// of nested `>` overflow it and take the whole process down. A stack reserved at 1 GiB costs
/// only address space (pages are committed as they are touched), and survives nesting far
/// deeper than any real document. Callers are serialised (the library keeps global state) and
/// hand their work over through one mutex and condition variable, which thread sanitizers
/// understand. Should the system grant no thread at all, jobs run on the caller's thread,
/// still serialised.
final class LargeStackThread: @unchecked Sendable {
  /// The stack sizes tried in turn, largest first, for systems that refuse a large reservation.
  static let stackSizes = [1 << 30, 256 << 20, 64 << 20]

  /// The stack size the thread got; 0 when jobs run on the caller's thread.
  private(set) var stackBytes: Int

  /// Serialises callers, so at most one job is pending.
  private let callers = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The job to run; guarded by `lock`.
  private var pending: (() -> Void)?
  /// Whether the last job has finished; guarded by `lock`.
  private var finished = false

  /// Starts the thread with the largest stack the system grants.
  init() {
    stackBytes = 0
    pthread_mutex_init(callers, nil)
    pthread_mutex_init(lock, nil)
    pthread_cond_init(changed, nil)
    for size in Self.stackSizes where launch(stackBytes: size) {
      stackBytes = size
      return
    }
  }

  /// Runs `body` on the thread and returns its result; callers wait their turn.
  func run<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(callers)
    defer { pthread_mutex_unlock(callers) }
    guard stackBytes > 0 else { return body() }
    var result: Result?
    withoutActuallyEscaping({ result = body() }) { job in
      pthread_mutex_lock(lock)
      pending = job
      finished = false
      pthread_cond_broadcast(changed)
      while !finished { pthread_cond_wait(changed, lock) }
      pthread_mutex_unlock(lock)
    }
    // The job always runs to completion before `finished` is set.
    return result!
  }

  private func launch(stackBytes: Int) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackBytes) == 0,
      pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0
    else { return false }
    // The thread serves for the life of the process, so it keeps its object alive.
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<LargeStackThread>.fromOpaque(context!).takeUnretainedValue().serve()
      }, context)
    if status != 0 { Unmanaged<LargeStackThread>.fromOpaque(context).release() }
    return status == 0
  }

  private func serve() -> Never {
    pthread_mutex_lock(lock)
    while true {
      while pending == nil { pthread_cond_wait(changed, lock) }
      do {
        // Released before `finished` is set, so the caller's closure never outlives its call.
        let job = pending!
        pending = nil
        pthread_mutex_unlock(lock)
        job()
      }
      pthread_mutex_lock(lock)
      finished = true
      pthread_cond_broadcast(changed)
    }
  }
}
