import Foundation
import RenderCore

/// ``HTMLSanitizer`` (its default policy) run in a worker process, held to the deadline and
/// caps like ``IsolatedEngine``: sanitizing parses the HTML with libxml2, which is quadratic on
/// some hostile input, so it runs where it can be stopped.
///
/// ```swift
/// let clean = try IsolatedHTMLSanitizer().sanitize(html: untrustedHTML)
/// ```
public struct IsolatedHTMLSanitizer: HTMLSanitizing {
  /// The limits every call is held to (its input limit included).
  public let limits: RenderLimits
  let pool: WorkerPool

  /// Creates the sanitizer; `workerExecutable` is found as ``IsolatedEngine`` finds it, and a
  /// missing worker is reported by the first call.
  public init(limits: RenderLimits = RenderLimits(), workerExecutable: String? = nil) {
    self.limits = limits
    pool = WorkerPool(locating: workerExecutable)
  }

  /// Sanitizes `html` in a worker.
  public func sanitize(html: String) throws(RenderError) -> String {
    try limits.checkInput(html)
    let request = WorkerRequest(
      .html, to: .fragment, engineID: "", options: RenderOptions(), input: .text(html))
    return try pool.answer(request, limits: limits, name: "sanitizer").html(name: "sanitizer").html
  }
}
