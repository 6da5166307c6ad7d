import Foundation
import RenderCore
import RenderKit

/// A Markdown (or HTML) file kept rendered as it changes: the page and the styled text,
/// re-rendered whenever the file or its stylesheet is saved, and delivered to every
/// subscriber. What a web-view controller holding a Markdown path and a CSS path does, for
/// any app and the `render preview` command.
///
/// ```swift
/// import RenderPreview
///
/// var configuration = RenderConfiguration()
/// configuration.stylesheet = "notes.css"        // watched too; or stylesheetCSS: fixed text
/// let document = try LiveDocument(path: "notes.md", configuration: configuration)
/// for await rendering in document.renderings() {
///   switch rendering {
///   case .success(let rendering): webView.load(rendering.page.html)
///   case .failure(let error): statusLine.show(error.description)
///   }
/// }
/// ```
///
/// Saves are seen through inotify on the files' folders, so editors that replace the file
/// (write a new one, rename it over the old) work like those that write in place; a burst of
/// writes becomes one rendering, and a save that leaves both files as they were none. A file
/// that cannot be read or rendered is an error delivered in the sequence, never a crash, and
/// the next good save renders again.
public final class LiveDocument: Sendable {
  /// The document file, absolute.
  public let path: String
  /// How the file is read: Markdown, or HTML to import.
  public let format: DocumentFormat
  /// The configuration every rendering uses; its ``RenderKit/RenderConfiguration/stylesheet`` file,
  /// when set, is watched with the document.
  public let configuration: RenderConfiguration

  private let state = Locked(State())

  private struct State {
    var latest: Result<DocumentRendering, RenderError> = .failure(
      .fileUnreadable(path: "", reason: "not rendered yet"))
    var inputs: (document: Data, stylesheet: String?)?
    var renderer: (css: String?, renderer: Renderer)?
    var subscribers: [Int: @Sendable (Result<DocumentRendering, RenderError>) -> Void] = [:]
    var endings: [Int: @Sendable () -> Void] = [:]
    var nextSubscriber = 0
    var watcher: FileWatcher?
    var stopped = false
  }

  /// Renders `path` (relative to the working directory, or absolute) once and starts
  /// watching it and the configured stylesheet file.
  ///
  /// `format` nil guesses from the extension (``DocumentFormat/guess(forPath:)``). Throws
  /// only when the files cannot be watched (their folder is missing, inotify is unavailable);
  /// a file that cannot be read or rendered is the first ``latest`` value instead.
  public init(
    path: String, format: DocumentFormat? = nil,
    configuration: RenderConfiguration = RenderConfiguration()
  ) throws(RenderError) {
    self.path = URL(fileURLWithPath: path).standardizedFileURL.path
    self.format = format ?? .guess(forPath: path)
    self.configuration = configuration
    refresh()
    let watched = [self.path] + [configuration.stylesheet].compactMap { $0 }
    let watcher = try FileWatcher(files: watched) { [weak self] _ in self?.refresh() }
    state.withLock { $0.watcher = watcher }
  }

  deinit {
    stop()
  }

  /// The most recent rendering, or the error that stopped it.
  public var latest: Result<DocumentRendering, RenderError> {
    state.withLock { $0.latest }
  }

  /// Every rendering from now on, starting with ``latest``; it ends when ``stop()`` is
  /// called. A subscriber that falls behind gets the newest rendering, not a backlog.
  /// Each call is a new, independent subscription.
  public func renderings() -> AsyncStream<Result<DocumentRendering, RenderError>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Result<DocumentRendering, RenderError>.self, bufferingPolicy: .bufferingNewest(1))
    let subscriber = observe(
      { continuation.yield($0) }, ended: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      if let subscriber { self?.stopObserving(subscriber) }
    }
    return stream
  }

  /// Calls `handler` with ``latest`` now and with every rendering from now on, on the
  /// rendering thread (no task, no executor needed), and `ended` after ``stop()``; a handle
  /// for ``stopObserving(_:)``, nil when already stopped (`ended` has run then).
  package func observe(
    _ handler: @escaping @Sendable (Result<DocumentRendering, RenderError>) -> Void,
    ended: @escaping @Sendable () -> Void = {}
  ) -> Int? {
    let subscriber: Int? = state.withLock { state in
      handler(state.latest)
      guard !state.stopped else { return nil }
      let subscriber = state.nextSubscriber
      state.nextSubscriber += 1
      state.subscribers[subscriber] = handler
      state.endings[subscriber] = ended
      return subscriber
    }
    if subscriber == nil { ended() }
    return subscriber
  }

  /// Stops calling the handler `observe` returned `subscriber` for.
  package func stopObserving(_ subscriber: Int) {
    state.withLock { state in
      state.subscribers[subscriber] = nil
      state.endings[subscriber] = nil
    }
  }

  /// Stops watching and ends every subscriber's sequence; ``latest`` stays readable.
  public func stop() {
    let (watcher, endings) = state.withLock { state in
      state.stopped = true
      defer {
        state.watcher = nil
        state.subscribers = [:]
        state.endings = [:]
      }
      return (state.watcher, state.endings)
    }
    watcher?.stop()
    for ended in endings.values { ended() }
  }

  /// Renders again if the document or the stylesheet changed since the last good rendering,
  /// and delivers the result. Runs on the calling thread: the initializer's, then the
  /// watcher's, one at a time.
  private func refresh() {
    let result: Result<DocumentRendering, RenderError>
    do throws(RenderError) {
      // Through LimitedInput: a file past the input cap is an error, and an empty file (a save
      // caught between truncating and writing) costs nothing, where Foundation's readers leak
      // 4 KiB per empty read on Linux (seen by LeakSanitizer).
      let maximumBytes = configuration.limits.maximumInputBytes
      let document = try LimitedInput.read(path: path, maximumBytes: maximumBytes)
      let stylesheet = try configuration.stylesheet.map { path throws(RenderError) in
        try Renderer.stylesheetText(path: path, maximumBytes: maximumBytes)
      }
      let unchanged = state.withLock { state in
        guard case .success = state.latest, let inputs = state.inputs else { return false }
        return inputs.document == document && inputs.stylesheet == stylesheet
      }
      if unchanged { return }
      let rendering = try render(
        MarkdownInput.decode(document),
        renderer: renderer(css: stylesheet))
      state.withLock { $0.inputs = (document, stylesheet) }
      result = .success(rendering)
    } catch {
      result = .failure(error)
    }
    state.withLock { state in
      state.latest = result
      for handler in state.subscribers.values { handler(result) }
    }
  }

  private func render(_ text: String, renderer: Renderer) throws(RenderError) -> DocumentRendering {
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    switch format {
    case .markdown:
      return DocumentRendering(
        page: try renderer.page(.markdown(text), fileName: fileName),
        styledText: try renderer.styledText(.markdown(text)))
    case .html:
      return DocumentRendering(
        page: try renderer.page(.html(text), fileName: fileName),
        styledText: try renderer.styledText(.html(text)))
    }
  }

  /// The renderer for the stylesheet's current text, kept while the text stays the same.
  private func renderer(css: String?) throws(RenderError) -> Renderer {
    if let cached = state.withLock({ $0.renderer }), cached.css == css {
      return cached.renderer
    }
    var configuration = configuration
    if let css {
      configuration.stylesheet = nil
      configuration.stylesheetCSS = css
    }
    let renderer = try Renderer(configuration: configuration)
    state.withLock { $0.renderer = (css, renderer) }
    return renderer
  }
}
