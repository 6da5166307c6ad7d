import RenderCore
import RenderKit
import RenderPreview

/// Collects a live document's renderings as they arrive, for tests to poll. It listens on
/// the rendering thread (``LiveDocument/observe(_:ended:)``), so a busy executor (the whole
/// suite running on two cores) cannot hold the entries back; ``LiveDocument/renderings()``
/// itself is tested in `stopEndsSequences` and docs/API.md's example.
final class RenderingLog: Sendable {
  private let entries = Locked<[Result<DocumentRendering, RenderError>]>([])

  init(_ document: LiveDocument) {
    _ = document.observe { [weak self] rendering in
      self?.entries.withLock { $0.append(rendering) }
    }
  }

  /// Every rendering so far, the first being the document's latest at subscription.
  var all: [Result<DocumentRendering, RenderError>] { entries.withLock { $0 } }

  /// The pages' HTML of every successful rendering so far.
  var pages: [String] {
    all.compactMap { try? $0.get().page.html }
  }

  /// The most recent entry's page HTML, or nil when it is an error (or none arrived).
  var lastPage: String? { all.last.flatMap { try? $0.get().page.html } }
}
