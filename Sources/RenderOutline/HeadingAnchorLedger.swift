import RenderCore

/// The anchors the headings of a stream's committed blocks took, carried into the next
/// block's render: ``HeadingAnchorsPass`` continues the ledger of the render in progress
/// (``current``) instead of starting afresh, so that blocks rendered one by one get the ids
/// the whole document gets (`user-content-usage`, then `user-content-usage-1`).
///
/// ```swift
/// let ledger = HeadingAnchorLedger()
/// let first = try HeadingAnchorLedger.$current.withValue(ledger) { try renderer.html(.markdown("# Usage")) }
/// let second = try HeadingAnchorLedger.$current.withValue(ledger) { try renderer.html(.markdown("# Usage")) }
/// // second.html == "<h1 id=\"user-content-usage-1\">Usage</h1>\n"
/// ```
public final class HeadingAnchorLedger: Sendable {
  /// The ledger the renders of this task continue, if any.
  @TaskLocal public static var current: HeadingAnchorLedger?

  private let slugger: Locked<HeadingSlugger>
  /// Whether a render keeps the anchors it takes; a ledger that does not (for a provisional
  /// render, such as a stream's open block) numbers after its anchors and forgets.
  public let records: Bool

  /// A ledger holding `anchors` (every anchor taken so far, in order).
  public init(anchors: [String] = [], records: Bool = true) {
    slugger = Locked(HeadingSlugger(taking: anchors))
    self.records = records
  }

  /// Every anchor taken so far, in order.
  public var anchors: [String] { slugger.withLock { $0.anchors } }

  /// How many anchors were taken so far.
  public var count: Int { slugger.withLock { $0.anchors.count } }

  private init(sharing ledger: HeadingAnchorLedger) {
    slugger = ledger.slugger
    records = false
  }

  /// A ledger that numbers after this one's anchors as they stand, and records nothing.
  public func provisional() -> HeadingAnchorLedger { HeadingAnchorLedger(sharing: self) }

  /// A ledger that does not record, holding the first `count` anchors of this one.
  public func provisional(upTo count: Int) -> HeadingAnchorLedger {
    HeadingAnchorLedger(anchors: Array(anchors.prefix(count)), records: false)
  }

  /// Forgets every anchor after the first `count`.
  public func rewind(to count: Int) {
    slugger.withLock { slugger in
      guard count < slugger.anchors.count else { return }
      slugger = HeadingSlugger(taking: slugger.anchors.prefix(count))
    }
  }

  /// Runs `body` with the slugger: in place when the ledger records, on a copy otherwise.
  func continuing<Result>(_ body: (inout HeadingSlugger) -> Result) -> Result {
    slugger.withLock { slugger in
      if records { return body(&slugger) }
      var copy = slugger
      return body(&copy)
    }
  }
}
