import Foundation
import RenderCore

/// A built-in HTML importer (``ImporterRegistry/builtIn``) run in a worker process, held to
/// the deadline and the memory and output caps like ``IsolatedEngine``: libxml2 2.9.14 is
/// quadratic on some hostile HTML (150,000 attributes on one element, or 120,000 stray end
/// tags), and MyHTML on deep nesting, so untrusted HTML is parsed where it can be stopped. The
/// document comes back in binary form and is decoded here; it is the document the same
/// importer builds in-process.
///
/// ```swift
/// let importer = IsolatedHTMLImporter(limits: RenderLimits(deadline: .seconds(5)))
/// let document = try importer.importDocument(data: bytes)  // charset detected in the worker
/// ```
public struct IsolatedHTMLImporter: HTMLImporting {
  /// The limits every import is held to (its input limit included).
  public let limits: RenderLimits
  /// The built-in importer the worker imports with (`html5` or `libxml2`).
  public let importerID: String
  let pool: WorkerPool

  /// Creates the importer; `importerID` names the built-in importer the worker runs (nil for
  /// the registry's default, `html5`; an unknown name is reported by the first import).
  /// `workerExecutable` is found as ``IsolatedEngine`` finds it, and a missing worker is
  /// reported by the first import.
  public init(
    limits: RenderLimits = RenderLimits(), importerID: String? = nil,
    workerExecutable: String? = nil
  ) {
    self.limits = limits
    self.importerID = importerID ?? ImporterRegistry.builtIn.defaultID
    pool = WorkerPool(locating: workerExecutable)
  }

  /// The built-in importer a worker runs in place of `importer`: an isolated importer's own,
  /// else the built-in importer of `importer`'s type. Throws
  /// ``RenderError/invalidConfiguration(source:key:problem:)`` for any other importer, which no
  /// worker has: a worker never imports with another importer than the one it stands for.
  static func builtInID(standingFor importer: any HTMLImporting) throws(RenderError) -> String {
    if let isolated = importer as? IsolatedHTMLImporter { return isolated.importerID }
    guard let id = ImporterRegistry.builtIn.id(of: importer) else {
      let builtIn = ImporterRegistry.builtIn.importerIDs.joined(separator: ", ")
      throw .invalidConfiguration(
        source: "importer", key: nil,
        problem:
          "only the built-in importers (\(builtIn)) can run in a worker process; "
          + "choose in-process isolation for this importer")
    }
    return id
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
    try answer(input, to: .document, options: RenderOptions()).document(name: "html-import")
  }

  /// `output` (plain text, JSON or terminal output) of the HTML `input`, made in a worker by
  /// the whole pipeline: it imports, runs `passes` (built-in passes of the renderer), cascades
  /// with the stylesheet the output carries and writes; the host decodes no document. The
  /// worker reads no more than `maximumInputBytes` (and the input limit) of a file.
  func run(
    _ input: WorkerRequest.Input, to output: WorkerRequest.Output, options: RenderOptions,
    passes: [any DocumentPass], maximumInputBytes: Int? = nil
  ) throws(RenderError) -> Data {
    let request = try request(
      input, to: output, options: options, passIDs: passes.map(\.id),
      maximumInputBytes: maximumInputBytes)
    return try pool.answer(request, limits: limits, name: "html-import").bytes(name: "html-import")
  }

  /// ``run(_:to:options:passes:)`` of each of `inputs`, or why it has no output, in their
  /// order: sent to a worker in runs (``WorkerPool/answers(_:limits:name:)``), each input
  /// still held to the limits on its own.
  func run(
    _ inputs: [WorkerRequest.Input], to output: WorkerRequest.Output, options: RenderOptions,
    passes: [any DocumentPass]
  ) -> [Result<Data, RenderError>] {
    var results = [Result<Data, RenderError>?](repeating: nil, count: inputs.count)
    var requests: [WorkerRequest] = []
    var sent: [Int] = []
    for (index, input) in inputs.enumerated() {
      do throws(RenderError) {
        requests.append(try request(input, to: output, options: options, passIDs: passes.map(\.id)))
        sent.append(index)
      } catch {
        results[index] = .failure(error)
      }
    }
    for (index, answer) in zip(sent, pool.answers(requests, limits: limits, name: "html-import")) {
      results[index] = Result { () throws(RenderError) in
        try answer.get().bytes(name: "html-import")
      }
    }
    return results.map { $0! }
  }

  /// Checks the request in the host, then makes one round trip.
  private func answer(
    _ input: WorkerRequest.Input, to output: WorkerRequest.Output, options: RenderOptions,
    passIDs: [String] = []
  ) throws(RenderError) -> WorkerResponse {
    let request = try request(input, to: output, options: options, passIDs: passIDs)
    return try pool.answer(request, limits: limits, name: "html-import")
  }

  /// The request for `output` of `input`, checked in the host: the input cap, the importer.
  /// A file is read in the worker up to `maximumInputBytes` and the input limit.
  private func request(
    _ input: WorkerRequest.Input, to output: WorkerRequest.Output, options: RenderOptions,
    passIDs: [String], maximumInputBytes: Int? = nil
  ) throws(RenderError) -> WorkerRequest {
    guard input.count <= limits.maximumInputBytes else {
      throw .limitExceeded(
        limit: RenderLimits.inputLimitName, value: input.count, maximum: limits.maximumInputBytes)
    }
    // An unknown importer is reported here, as the in-process registry reports it.
    _ = try ImporterRegistry.builtIn.importer(id: importerID)
    return WorkerRequest(
      .html, to: output, engineID: "", importerID: importerID, options: options,
      passIDs: passIDs, input: input,
      maximumInputBytes: min(maximumInputBytes ?? Int.max, limits.maximumInputBytes))
  }
}
