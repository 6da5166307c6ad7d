import Dispatch
import Foundation

/// The elements of a sequence transformed by blocking work, up to a number at a time, and
/// delivered in the sequence's order.
///
/// The work runs on `parallelism` lanes, each a thread of its own (dispatch's overcommitting
/// pool, never Swift's cooperative pool, which must not block) that takes the next element
/// read, transforms it, and goes on to the next without waiting to be woken: a lane that has
/// work hands nothing over between elements. The base is read by a task of its own, so an
/// answer is delivered while the base waits for its next element, and only as far as there is
/// room: at most `parallelism × (runLength + 1)` elements are read and not yet delivered, so
/// memory stays bounded however long the base is, and a consumer that stops reading stops the
/// reading of the base (back-pressure).
///
/// The consumer is woken when the next element in order is done and either `runLength` in a
/// row are done or no element is left for a lane to take: while the lanes are busy, answers
/// are handed over in runs, each wake-up paid once per run; when elements come slowly, one by
/// one, as soon as each is done. An element that is slow holds back the delivery of the later
/// ones, and of the earlier ones of its run, never the work of other lanes while there is room.
///
/// ```swift
/// for try await result in OrderedConcurrentMap(records, parallelism: 4, transform: render) {
///   print(result)
/// }
/// ```
public struct OrderedConcurrentMap<Base: AsyncSequence & Sendable, Output: Sendable>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The transformed elements.
  public typealias Element = Output

  private let base: Base
  private let parallelism: Int
  private let runLength: Int
  private let transform: @Sendable ([Base.Element]) -> [Output]

  /// The elements of `base` transformed by `transform`, which may block, on `parallelism`
  /// lanes (at least 1), handed over in runs of up to `runLength` (at least 1) while the lanes
  /// are busy.
  public init(
    _ base: Base, parallelism: Int, runLength: Int = 16,
    transform: @escaping @Sendable (Base.Element) -> Output
  ) {
    self.init(
      base, parallelism: parallelism, runLength: runLength, transformingRuns: { $0.map(transform) })
  }

  /// The elements of `base` transformed a run at a time by `transformingRuns`, which may
  /// block and gives an output per element, in order: a lane takes the elements waiting, up
  /// to `runLength` and its share of them, and transforms them together (a render of many
  /// small documents that sends them to its worker at once).
  public init(
    _ base: Base, parallelism: Int, runLength: Int = 16,
    transformingRuns: @escaping @Sendable ([Base.Element]) -> [Output]
  ) {
    self.base = base
    self.parallelism = Swift.max(1, parallelism)
    self.runLength = Swift.max(1, runLength)
    self.transform = transformingRuns
  }

  /// An iterator; the lanes and the reading start at its first ``AsyncIterator/next()``.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      lanes: Lanes(
        base: base, parallelism: parallelism, runLength: runLength, transform: transform))
  }

  /// Delivers the transformed elements in order; an error of the base ends the sequence
  /// once the elements read before it are delivered. Dropping it stops the lanes and the
  /// reading.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private let owner: Owner

    fileprivate init(lanes: Lanes) {
      owner = Owner(lanes: lanes)
    }

    /// The next element in order; nil when the base has ended and all are delivered.
    public mutating func next() async throws -> Output? {
      try await owner.lanes.next()
    }
  }

  /// Stops the lanes when the iterator goes away: they and the reading task hold the state,
  /// the iterator holds this.
  fileprivate final class Owner: Sendable {
    let lanes: Lanes

    init(lanes: Lanes) { self.lanes = lanes }

    deinit { lanes.stop() }
  }

  /// The state the lanes, the reading task and the consumer share, under one lock.
  ///
  /// Elements are numbered as read; element `n` and then its output are held in slot
  /// `n % capacity` of a ring, which holds every element read and not yet delivered.
  fileprivate final class Lanes: @unchecked Sendable {
    private let base: Base
    private let parallelism: Int
    private let runLength: Int
    private let capacity: Int
    /// Let go of when the last lane ends, so that what it holds (a renderer and its workers)
    /// goes before the consumer is told the sequence has ended.
    private var transform: (@Sendable ([Base.Element]) -> [Output])?
    // NSCondition, not Synchronization's Mutex, for the reason `Locked` gives; its condition
    // is what idle lanes wait on.
    private let condition = NSCondition()
    private var inputs: [Base.Element?]
    private var outputs: [Output?]
    /// How many elements have been read, taken by a lane, and delivered.
    private var read = 0
    private var taken = 0
    private var delivered = 0
    private var readingEnded = false
    private var readingError: (any Error)?
    private var isStarted = false
    private var isStopped = false
    private var idleLanes = 0
    private var runningLanes = 0
    private var consumer: CheckedContinuation<Void, Never>?
    private var reader: CheckedContinuation<Void, Never>?

    init(
      base: Base, parallelism: Int, runLength: Int,
      transform: @escaping @Sendable ([Base.Element]) -> [Output]
    ) {
      self.base = base
      self.parallelism = parallelism
      self.runLength = runLength
      // Room for a run to be delivered while each lane still has an element to go on with.
      capacity = parallelism * (runLength + 1)
      self.transform = transform
      inputs = Array(repeating: nil, count: capacity)
      outputs = Array(repeating: nil, count: capacity)
    }

    /// What the consumer finds.
    private enum Delivery {
      case output(Output)
      case end
      case failure(any Error)
      case wait
    }

    func next() async throws -> Output? {
      start()
      while true {
        switch deliver() {
        case .output(let output): return output
        case .end: return nil
        case .failure(let error): throw error
        case .wait:
          await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if isHeadDone || isDrained {
              condition.unlock()
              continuation.resume()
            } else {
              consumer = continuation
              condition.unlock()
            }
          }
        }
      }
    }

    private var isHeadDone: Bool { delivered < read && outputs[delivered % capacity] != nil }
    /// Whether all is delivered and the lanes have ended.
    private var isDrained: Bool { readingEnded && delivered == read && runningLanes == 0 }

    /// The next output in order, if it is done, or the end.
    private func deliver() -> Delivery {
      condition.lock()
      guard isHeadDone, let output = outputs[delivered % capacity] else {
        defer { condition.unlock() }
        guard isDrained else { return .wait }
        guard let error = readingError else { return .end }
        readingError = nil
        return .failure(error)
      }
      outputs[delivered % capacity] = nil
      delivered += 1
      var waking: CheckedContinuation<Void, Never>?
      // The reader goes on once there is room for a run, or at once when the lanes would
      // otherwise run out of work.
      if reader != nil, capacity - (read - delivered) >= runLength || taken == read {
        waking = reader
        reader = nil
      }
      condition.unlock()
      waking?.resume()
      return .output(output)
    }

    /// Starts the lanes and the reading task, once.
    private func start() {
      let isFirst = condition.withLock {
        defer { isStarted = true }
        return !isStarted
      }
      guard isFirst else { return }
      condition.withLock { runningLanes = parallelism }
      for _ in 0..<parallelism {
        // A serial queue per lane runs on dispatch's overcommitting pool, which starts a
        // thread whenever none is free, as WorkerPool's waits do.
        DispatchQueue(label: "RenderBatch.OrderedConcurrentMap.lane").async { self.work() }
      }
      let base = base
      Task {
        var iterator = base.makeAsyncIterator()
        while await self.waitForRoom() {
          do {
            guard let element = try await iterator.next() else {
              self.endReading(error: nil)
              return
            }
            self.add(element)
          } catch {
            self.endReading(error: error)
            return
          }
        }
      }
    }

    /// Whether reading may go on, once there is room for one more element; false when the
    /// consumer has gone.
    private func waitForRoom() async -> Bool {
      if condition.withLock({ isStopped || read - delivered < capacity }) {
        return condition.withLock { !isStopped }
      }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        condition.lock()
        if isStopped || read - delivered < capacity {
          condition.unlock()
          continuation.resume()
        } else {
          reader = continuation
          condition.unlock()
        }
      }
      return condition.withLock { !isStopped }
    }

    private func add(_ element: Base.Element) {
      condition.lock()
      inputs[read % capacity] = element
      read += 1
      if idleLanes > 0 { condition.signal() }
      condition.unlock()
    }

    private func endReading(error: (any Error)?) {
      condition.lock()
      readingEnded = true
      readingError = error
      condition.broadcast()
      let waking = consumer
      consumer = nil
      condition.unlock()
      waking?.resume()
    }

    /// A lane: transforms the next element not taken until there are none and the reading
    /// has ended, or the consumer has gone.
    private func work() {
      condition.lock()
      while !isStopped {
        guard taken < read else {
          if readingEnded { break }
          idleLanes += 1
          condition.wait()
          idleLanes -= 1
          continue
        }
        // Its share of what waits, so that the other lanes have work too.
        let count = Swift.min(runLength, Swift.max(1, (read - taken) / parallelism))
        let first = taken
        taken += count
        let transform = transform!
        var elements: [Base.Element] = []
        elements.reserveCapacity(count)
        for index in first..<first + count {
          elements.append(inputs[index % capacity]!)
          inputs[index % capacity] = nil
        }
        condition.unlock()
        let made = transform(elements)
        precondition(made.count == count, "a run's transform gives one output per element")
        condition.lock()
        for (offset, output) in made.enumerated() { outputs[(first + offset) % capacity] = output }
        if consumer != nil, isHeadDone, taken == read || doneInARow >= runLength {
          let waking = consumer
          consumer = nil
          condition.unlock()
          waking?.resume()
          condition.lock()
        }
      }
      runningLanes -= 1
      var waking: CheckedContinuation<Void, Never>?
      if runningLanes == 0 {
        transform = nil
        waking = consumer
        consumer = nil
      }
      condition.unlock()
      waking?.resume()
    }

    /// How many outputs from the next to deliver are done in a row, counted up to a run.
    private var doneInARow: Int {
      var count = 0
      while count < runLength, delivered + count < read,
        outputs[(delivered + count) % capacity] != nil
      {
        count += 1
      }
      return count
    }

    /// Stops the lanes and the reading: the consumer has gone.
    func stop() {
      condition.lock()
      isStopped = true
      condition.broadcast()
      let waking = reader
      reader = nil
      condition.unlock()
      waking?.resume()
    }
  }
}
