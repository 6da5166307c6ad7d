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
    let map = OrderedConcurrentMap(Numbers(count: 60, counters: counters), parallelism: parallelism)
    { number in
      let now = counters.running.withLock {
        $0 += 1
        return $0
      }
      counters.mostRunning.withLock { $0 = max($0, now) }
      // Later elements often finish first: the order must not follow completion.
      try? await Task.sleep(for: .milliseconds((number * 7) % 5))
      counters.running.withLock { $0 -= 1 }
      return number * 2
    }
    var results: [Int] = []
    for try await result in map {
      results.append(result)
      // Back-pressure: never more read than delivered plus what may be at work.
      #expect(counters.read.withLock { $0 } <= results.count + parallelism)
    }
    #expect(results == (0..<60).map { $0 * 2 })
    #expect(counters.mostRunning.withLock { $0 } <= parallelism)
    if parallelism > 1 { #expect(counters.mostRunning.withLock { $0 } > 1) }
  }

  @Test func aConsumerThatStopsStopsTheReading() async throws {
    let counters = Counters()
    let map = OrderedConcurrentMap(Numbers(count: 1_000_000, counters: counters), parallelism: 4) {
      $0
    }
    var taken = 0
    for try await _ in map {
      taken += 1
      if taken == 10 { break }
    }
    #expect(counters.read.withLock { $0 } <= 14)
  }
}
