import RenderKit
import RenderPreview
import Synchronization

/// Collects a live document's renderings as they arrive, for tests to poll.
final class RenderingLog: Sendable {
  private let entries = Mutex<[Result<DocumentRendering, RenderError>]>([])
  private let task = Mutex<Task<Void, Never>?>(nil)

  init(_ document: LiveDocument) {
    let renderings = document.renderings()
    let started = Task { [weak self] in
      for await rendering in renderings {
        self?.entries.withLock { $0.append(rendering) }
      }
    }
    task.withLock { $0 = started }
  }

  deinit {
    task.withLock { $0?.cancel() }
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
