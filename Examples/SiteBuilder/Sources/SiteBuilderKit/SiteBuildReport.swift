/// What a build did, file by file.
public struct SiteBuildReport: Sendable, Equatable {
  /// Markdown files rendered to pages this time (output paths).
  public var rendered: [String] = []
  /// Pages whose source and settings had not changed, so the previous output was kept.
  public var reused: [String] = []
  /// Other files copied as they are.
  public var copied: [String] = []
  /// Files that failed, with the reason; the rest of the site was still built.
  public var failed: [String: String] = [:]

  /// An empty report.
  public init() {}

  /// One line for the terminal.
  public var summary: String {
    "\(rendered.count) rendered, \(reused.count) reused, \(copied.count) copied, \(failed.count) failed"
  }
}
