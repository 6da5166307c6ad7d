import Foundation
import RenderBatch
import RenderCore
import Testing

/// The runner under `render batch`: order kept, work bounded, the base read no faster than
/// answers are taken.
@Suite struct OrderedConcurrentMapTests {
  /// Counts what is being worked on and how far the base has been read.
  final class Counters: Sendable {
    let running = Locked(0)
    let mostRunning = Locked(0)
    let read = Locked(0)
  }

  /// A sequence of 0..<count that counts its reads.
  struct Numbers: AsyncSequence, Sendable {
    let count: Int
    let counters: Counters

    struct AsyncIterator: AsyncIteratorProtocol {
      var next = 0
      let count: Int
      let counters: Counters

      mutating func next() async -> Int? {
        guard next < count else { return nil }
        counters.read.withLock { $0 += 1 }
        next += 1
        return next - 1
      }
    }

    func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(count: count, counters: counters)
    }
  }

  @Test(arguments: [1, 3, 8])
  func resultsComeInOrderWithAtMostTheParallelismAtWork(parallelism: Int) async throws {
    let counters = Counters()
    let runLength = 4
    let map = OrderedConcurrentMap(
      Numbers(count: 60, counters: counters), parallelism: parallelism, runLength: runLength
    ) { number in
      let now = counters.running.withLock {
        $0 += 1
        return $0
      }
      counters.mostRunning.withLock { $0 = max($0, now) }
      // Later elements often finish first: the order must not follow completion.
      usleep(UInt32((number * 7) % 5) * 1_000)
      counters.running.withLock { $0 -= 1 }
      return number * 2
    }
    var results: [Int] = []
    for try await result in map {
      results.append(result)
      // Back-pressure: never more read than delivered plus a run and one element per lane.
      #expect(counters.read.withLock { $0 } <= results.count + parallelism * (runLength + 1))
    }
    #expect(results == (0..<60).map { $0 * 2 })
    #expect(counters.mostRunning.withLock { $0 } <= parallelism)
    if parallelism > 1 { #expect(counters.mostRunning.withLock { $0 } > 1) }
  }

  @Test func aConsumerThatStopsStopsTheReading() async throws {
    let counters = Counters()
    let map = OrderedConcurrentMap(
      Numbers(count: 1_000_000, counters: counters), parallelism: 4, runLength: 2,
      transform: { $0 })
    var taken = 0
    for try await _ in map {
      taken += 1
      if taken == 10 { break }
    }
    // Reading stops within what may be held: 4 lanes, each a run of 2 and one more.
    try await Task.sleep(for: .milliseconds(50))
    #expect(counters.read.withLock { $0 } <= 10 + 12)
  }

  /// Gives 0, then waits until the answer to 0 has been taken before giving 1.
  struct Lockstep: AsyncSequence, Sendable {
    let answered: AsyncStream<Void>

    struct AsyncIterator: AsyncIteratorProtocol {
      var next = 0
      var answered: AsyncStream<Void>.Iterator

      mutating func next() async -> Int? {
        guard next < 2 else { return nil }
        if next == 1 { _ = await answered.next() }
        next += 1
        return next - 1
      }
    }

    func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(answered: answered.makeAsyncIterator())
    }
  }

  /// A caller that writes a record only once it has the answer to the one before (a
  /// coprocess in lockstep) gets each answer while the base waits: answers are not held
  /// back to make up a run.
  @Test(.timeLimit(.minutes(1)))
  func anAnswerComesWhileTheBaseWaitsForItsNextElement() async throws {
    let (answered, signal) = AsyncStream.makeStream(of: Void.self)
    let map = OrderedConcurrentMap(Lockstep(answered: answered), parallelism: 2) { $0 + 10 }
    var results: [Int] = []
    for try await result in map {
      results.append(result)
      signal.yield()
    }
    #expect(results == [10, 11])
  }

  /// A base that fails ends the sequence after the elements read before the failure.
  struct Failing: AsyncSequence, Sendable {
    struct Unreadable: Error {}

    struct AsyncIterator: AsyncIteratorProtocol {
      var next = 0

      mutating func next() async throws -> Int? {
        guard next < 3 else { throw Unreadable() }
        next += 1
        return next - 1
      }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
  }

  @Test func anErrorOfTheBaseComesAfterTheElementsBeforeIt() async throws {
    var results: [Int] = []
    var iterator = OrderedConcurrentMap(Failing(), parallelism: 2, transform: { $0 })
      .makeAsyncIterator()
    await #expect(throws: Failing.Unreadable.self) {
      while let result = try await iterator.next() { results.append(result) }
    }
    #expect(results == [0, 1, 2])
  }
}
