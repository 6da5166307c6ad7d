import Foundation
import RenderCore

/// ``HTMLImporter`` run in a worker process, held to the deadline and the memory and output
/// caps like ``IsolatedEngine``: libxml2 2.9.14 is quadratic on some hostile HTML (150,000
/// attributes on one element, or 120,000 stray end tags), so untrusted HTML is parsed where
/// it can be stopped. The document comes back in binary form and is decoded here.
///
/// ```swift
/// let importer = IsolatedHTMLImporter(limits: RenderLimits(deadline: .seconds(5)))
/// let document = try importer.importDocument(data: bytes)  // charset detected in the worker
/// ```
public struct IsolatedHTMLImporter: HTMLImporting {
  /// The limits every import is held to (its input limit included).
  public let limits: RenderLimits
  let pool: WorkerPool

  /// Creates the importer; `workerExecutable` is found as ``IsolatedEngine`` finds it, and a
  /// missing worker is reported by the first import.
  public init(limits: RenderLimits = RenderLimits(), workerExecutable: String? = nil) {
    self.limits = limits
    pool = WorkerPool(locating: workerExecutable)
  }

  /// Imports `html` in a worker.
  public func importDocument(html: String) throws(RenderError) -> Document {
    try importDocument(input: .text(html))
  }

  /// Imports HTML bytes in a worker, decoded there as a browser would.
  public func importDocument(data: some Collection<UInt8>) throws(RenderError) -> Document {
    // Data (a file's contents) is sent from where it lies, not copied into an array first.
    try importDocument(input: .bytes(data as? Data ?? Data(data)))
  }

  private func importDocument(input: WorkerRequest.Input) throws(RenderError) -> Document {
    guard input.count <= limits.maximumInputBytes else {
      throw .limitExceeded(
        limit: RenderLimits.inputLimitName, value: input.count, maximum: limits.maximumInputBytes)
    }
    let request = WorkerRequest(
      product: .importedDocument, engineID: "", options: RenderOptions(), input: input)
    return try pool.answer(request, limits: limits, name: "html-import").document(
      name: "html-import")
  }
}
