/// An engine whose work happens elsewhere (a worker process), so that an async caller can be
/// suspended while it waits instead of blocking a thread of Swift's cooperative pool.
///
/// `Renderer`'s async methods use it when the engine has it; other engines run on the
/// calling task's thread, which is what CPU-bound in-process work should do.
package protocol SuspendingMarkdownEngine: MarkdownEngine {
  /// ``MarkdownEngine/render(_:options:)``, suspending the caller while the work runs elsewhere.
  func suspendingRender(_ markdown: String, options: RenderOptions) async throws(RenderError)
    -> HTMLFragment

  /// ``MarkdownEngine/document(_:options:importer:)``, suspending the caller meanwhile.
  func suspendingDocument(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) async throws(RenderError) -> Document
}
