/// Renders Markdown with the configured engine and options: the one entry point apps need.
///
/// ```swift
/// import RenderKit
///
/// let renderer = try Renderer(configuration: .resolve())   // render.json / RENDER_ENGINE
/// let fragment = try renderer.html(markdown: "# Hello *world*")
/// ```
///
/// A renderer is a value: share it freely between tasks.
public struct Renderer: Sendable {
  /// The configuration in force.
  public let configuration: RenderConfiguration
  /// The engines it can choose from.
  public let registry: EngineRegistry
  /// The configured engine.
  public let engine: any MarkdownEngine

  /// Creates a renderer; throws when the configuration names an unknown engine or asks for
  /// a feature the engine lacks (the message names the engines that have it).
  public init(configuration: RenderConfiguration = RenderConfiguration(), registry: EngineRegistry)
    throws(RenderError)
  {
    try configuration.validate(against: registry)
    self.configuration = configuration
    self.registry = registry
    self.engine = try registry.engine(id: configuration.engine)
  }

  /// Renders Markdown to an HTML fragment with the configured engine and options.
  public func html(markdown: String) throws(RenderError) -> HTMLFragment {
    try engine.render(markdown, options: configuration.options)
  }

  /// Renders many documents concurrently on all cores; results come back in input order,
  /// and one document's error does not stop the others.
  ///
  /// ```swift
  /// let results = await renderer.html(markdownDocuments: texts)
  /// for case .success(let fragment) in results { … }
  /// ```
  public func html(markdownDocuments documents: [String]) async -> [Result<
    HTMLFragment, RenderError
  >] {
    await withTaskGroup(of: (Int, Result<HTMLFragment, RenderError>).self) { group in
      for (index, document) in documents.enumerated() {
        group.addTask {
          do throws(RenderError) {
            return (index, .success(try html(markdown: document)))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results = [Result<HTMLFragment, RenderError>?](repeating: nil, count: documents.count)
      for await (index, result) in group { results[index] = result }
      return results.map { $0! }
    }
  }
}
