/// The elements of a sequence transformed concurrently, up to a number at a time, and
/// delivered in the sequence's order.
///
/// The base is read only as far as there is room: at most `parallelism` elements are being
/// transformed or wait to be delivered, so memory stays bounded however long the base is,
/// and a consumer that stops reading stops the reading of the base (back-pressure). An
/// element that is slow holds back the delivery of the later ones, never their work while
/// there is room.
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
  private let transform: @Sendable (Base.Element) async -> Output

  /// The elements of `base` transformed by `transform`, at most `parallelism` (at least 1)
  /// at a time.
  public init(
    _ base: Base, parallelism: Int, transform: @escaping @Sendable (Base.Element) async -> Output
  ) {
    self.base = base
    self.parallelism = Swift.max(1, parallelism)
    self.transform = transform
  }

  /// An iterator that starts reading the base.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), parallelism: parallelism, transform: transform)
  }

  /// Delivers the transformed elements in order; an error of the base ends the sequence
  /// once the elements read before it are delivered.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var base: Base.AsyncIterator
    private let parallelism: Int
    private let transform: @Sendable (Base.Element) async -> Output
    /// The elements being transformed, in the base's order.
    private var pending: [Task<Output, Never>] = []
    private var head = 0
    private var baseEnded = false
    private var baseError: (any Error)?

    fileprivate init(
      base: Base.AsyncIterator, parallelism: Int,
      transform: @escaping @Sendable (Base.Element) async -> Output
    ) {
      self.base = base
      self.parallelism = parallelism
      self.transform = transform
    }

    /// The next element in order; nil when the base has ended and all are delivered.
    public mutating func next() async throws -> Output? {
      while !baseEnded, pending.count - head < parallelism {
        do {
          guard let element = try await base.next() else {
            baseEnded = true
            break
          }
          let transform = transform
          pending.append(Task { await transform(element) })
        } catch {
          baseEnded = true
          baseError = error
        }
      }
      guard head < pending.count else {
        if let baseError {
          self.baseError = nil
          throw baseError
        }
        return nil
      }
      let output = await pending[head].value
      head += 1
      // The delivered tasks are dropped now and then, not one by one from the front.
      if head >= 64, head * 2 >= pending.count {
        pending.removeFirst(head)
        head = 0
      }
      return output
    }
  }
}
