import Dispatch
import Foundation
import RenderCore

/// One `render-worker` process and the host's end of its socket.
///
/// Started with `posix_spawn` (no fork of the host's address space, safe from any thread): the
/// worker gets the socket as descriptor 3, `/dev/null` as its standard streams, and default
/// signal handling; it closes every other descriptor it inherited as it starts. It is always reaped: after a crash,
/// after a kill, and when its owner lets go of it, so no zombie and no descriptor outlives it.
///
/// Only one caller uses a worker at a time (the pool hands it out), which is why the class can
/// be `@unchecked Sendable`.
final class WorkerProcess: @unchecked Sendable {
  /// The descriptor number the worker finds its socket on.
  static let socketDescriptor: Int32 = 3

  let processID: pid_t
  let channel: WorkerChannel
  private var isReaped = false

  private init(processID: pid_t, descriptor: Int32) {
    self.processID = processID
    channel = WorkerChannel(descriptor: descriptor)
  }

  /// A worker this process forked (``PrestartedWorker``), reached on `descriptor`.
  static func adopting(processID: pid_t, descriptor: Int32) -> WorkerProcess {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return WorkerProcess(processID: processID, descriptor: descriptor)
  }

  /// Starts a worker from the executable at `path`, warming `engineID` as it starts.
  static func spawn(
    executable path: String, warming engineID: String? = nil
  ) throws(RenderError) -> WorkerProcess {
    var sockets: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets)
        == 0
    else { throw failure("could not create a socket pair", errno: errno) }
    let hostEnd = sockets[0]
    // Moved above 3 so that the spawn's dup2 always copies (dup2 of a descriptor onto
    // itself would keep close-on-exec set and the worker would find nothing on 3).
    let workerEnd = fcntl(sockets[1], F_DUPFD_CLOEXEC, 10)
    close(sockets[1])
    guard workerEnd >= 0 else {
      close(hostEnd)
      throw failure("could not duplicate the worker's socket", errno: errno)
    }
    defer { close(workerEnd) }
    var (processID, status) = launch(path, socket: workerEnd, warming: engineID)
    // A child another thread is starting holds every descriptor of this process until it
    // runs its own program; if one of them has the executable open for writing (a worker just
    // installed or written), the kernel refuses to run it with ETXTBSY for those microseconds.
    var attempt = 0
    while status == ETXTBSY, attempt < 8 {
      attempt += 1
      usleep(UInt32(1_000 << attempt))
      (processID, status) = launch(path, socket: workerEnd, warming: engineID)
    }
    guard status == 0 else {
      close(hostEnd)
      throw failure("could not start the worker \(path)", errno: status)
    }
    return adopting(processID: processID, descriptor: hostEnd)
  }

  /// Sends `caps` and `request` (its descriptors passed with the caps) and returns the answer
  /// (a buffer the caller owns), all before `deadline`, and within `processorTime` of the
  /// worker's processor time when given.
  ///
  /// While it waits, the worker's resident memory and processor time are sampled; past the
  /// cap it throws ``WorkerChannel/Failure/memoryExceeded(_:)`` (the worker's own
  /// `RLIMIT_DATA` catches what grows faster than the samples), past the budget
  /// ``WorkerChannel/Failure/processorTimeExceeded``. An answer announced beyond the output
  /// cap is refused before anything is allocated for it. `nearingEnd`, when given, runs once
  /// as soon as less than `lead` is left of the deadline or of the processor time: what the
  /// pool starts a spare worker from, so that the one killed there is replaced at once.
  func exchange(
    _ request: WorkerRequest.Encoded, caps: WorkerCaps, before deadline: ContinuousClock.Instant,
    processorTime budget: Duration? = nil,
    nearingEnd: (lead: Duration, action: () -> Void)? = nil
  ) throws(WorkerChannel.Failure) -> UnsafeMutableBufferPointer<UInt8> {
    // The worker is reused, so its clock counts earlier requests and its start: the budget
    // runs from here.
    let processorLimit = processorLimit(budget)
    try send(request, caps: caps, before: deadline)
    return try receive(
      caps: caps, before: deadline, processorLimit: processorLimit, nearingEnd: nearingEnd)
  }

  /// The worker's processor time `budget` from now; nil without a budget, or when the
  /// worker's clock cannot be read.
  func processorLimit(_ budget: Duration?) -> Duration? {
    budget.flatMap { budget in ProcessorTime.used(by: processID).map { $0 + budget } }
  }

  /// Sends `caps` and `request` (its descriptors passed with the caps), before `deadline`;
  /// the answer is ``receive(caps:before:processorLimit:nearingEnd:)``'s to take.
  func send(
    _ request: WorkerRequest.Encoded, caps: WorkerCaps, before deadline: ContinuousClock.Instant
  ) throws(WorkerChannel.Failure) {
    do throws(WorkerChannel.Failure) {
      try request.withInput { input in
        Result { () throws(WorkerChannel.Failure) in
          try channel.send(
            after: [caps.encoded(), request.head], head: [], tail: input,
            passing: request.descriptors, before: deadline)
        }
      }.get()
    } catch .closed(let code) {
      throw .closedBeforeRequest(errno: code)
    }
  }

  /// The answer to the earliest request sent and not answered, as ``exchange(_:caps:before:
  /// processorTime:nearingEnd:)`` receives it, the worker's processor time held below
  /// `processorLimit` (``processorLimit(_:)``).
  func receive(
    caps: WorkerCaps, before deadline: ContinuousClock.Instant, processorLimit: Duration?,
    nearingEnd: (lead: Duration, action: () -> Void)? = nil
  ) throws(WorkerChannel.Failure) -> UnsafeMutableBufferPointer<UInt8> {
    let processID = processID
    var nearing = nearingEnd
    // Room for the answer's tag and a limit report besides the payload.
    return try channel.receiveBuffer(
      before: deadline, maximumBytes: caps.outputBytes + 64,
      watch: { () throws(WorkerChannel.Failure) in
        let resident = ProcessMemory.bytes(field: ProcessMemory.residentField, of: "\(processID)")
        if resident > caps.memoryBytes { throw .memoryExceeded(resident) }
        var left = ContinuousClock.now.duration(to: deadline)
        if let processorLimit, let used = ProcessorTime.used(by: processID) {
          if used > processorLimit { throw .processorTimeExceeded }
          left = min(left, processorLimit - used)
        }
        if let near = nearing, left < near.lead {
          nearing = nil
          near.action()
        }
      })
  }

  /// Kills the worker (if it still runs), reaps it, and says how it ended.
  @discardableResult
  func stop() -> String {
    guard !isReaped else { return "already stopped" }
    isReaped = true
    kill(processID, SIGKILL)
    close(channel.descriptor)
    var status: Int32 = 0
    while waitpid(processID, &status, 0) < 0, errno == EINTR {}
    return Self.describe(status: status)
  }

  /// Kills the worker (if it still runs) and closes its socket now, and leaves the wait for
  /// its end to `reaper`: a killed process takes a while to release its memory, and the
  /// caller that killed it has an answer to give meanwhile.
  func discard(reapingOn reaper: DispatchQueue) {
    guard !isReaped else { return }
    isReaped = true
    kill(processID, SIGKILL)
    close(channel.descriptor)
    let processID = processID
    reaper.async {
      var status: Int32 = 0
      while waitpid(processID, &status, 0) < 0, errno == EINTR {}
    }
  }

  deinit { stop() }

  /// "killed by signal 11 (Segmentation fault)" or "exited with status 3".
  static func describe(status: Int32) -> String {
    let signal = status & 0x7F
    if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
    let name = strsignal(signal).map { String(cString: $0) } ?? "unknown"
    return "killed by signal \(signal) (\(name))"
  }

  /// Spawns the worker; returns its process identifier and `posix_spawn`'s status.
  private static func launch(
    _ path: String, socket: Int32, warming engineID: String?
  ) -> (pid_t, Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, socket, socketDescriptor)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let arguments =
      [path, WorkerService.workerArgument, String(socketDescriptor)] + [engineID].compactMap { $0 }
    // The Swift runtime's crash reporter would symbolicate every expected crash: seconds each.
    let environment =
      ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }
      .map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
    return withCStrings(arguments) { argv in
      withCStrings(environment) { envp in
        var processID: pid_t = 0
        let status = posix_spawn(&processID, path, &actions, &attributes, argv, envp)
        return (processID, status)
      }
    }
  }

  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }

  private static func failure(_ what: String, errno code: Int32) -> RenderError {
    let reason = code == 0 ? "" : ": \(String(cString: strerror(code)))"
    return .engineFailed(engine: "render-worker", detail: what + reason)
  }
}
