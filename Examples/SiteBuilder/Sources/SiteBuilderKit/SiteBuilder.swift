import Foundation
import RenderKit

/// Builds a static site: every Markdown file of a folder becomes a page styled by the
/// renderer's stylesheet, other files are copied, and an index page lists the pages.
///
/// ```swift
/// let renderer = try Renderer(configuration: .resolve(path: "render.json"))
/// let report = try await SiteBuilder(source: src, output: out, renderer: renderer).build()
/// print(report.summary)  // "3 rendered, 0 reused, 1 copied, 0 failed"
/// ```
///
/// Pages render in parallel on all cores; a page whose source and settings have not changed
/// since the last build is kept as it is; one file's failure does not stop the others.
public struct SiteBuilder: Sendable {
  /// The folder of Markdown files and assets.
  public let source: URL
  /// The folder the site is written to (created when missing).
  public let output: URL
  /// The renderer: engine, options and stylesheet.
  public let renderer: Renderer

  /// Creates a builder.
  public init(source: URL, output: URL, renderer: Renderer) {
    self.source = source
    self.output = output
    self.renderer = renderer
  }

  /// Builds the site and reports what it did.
  public func build() async throws(RenderError) -> SiteBuildReport {
    let sourceRoot = source.standardizedFileURL.resolvingSymlinksInPath().path
    let outputRoot = output.standardizedFileURL.resolvingSymlinksInPath().path
    if sourceRoot == outputRoot {
      throw .fileUnreadable(
        path: output.path,
        reason: "is the source folder; the site would overwrite its sources; choose another folder")
    }
    // An output folder inside the source is left out of the scan: otherwise each build would
    // copy the previous site into the next, one level deeper every time.
    let files = try SourceFile.scan(source).filter { file in
      let path = sourceRoot + "/" + file.relativePath
      return !path.hasPrefix(outputRoot + "/")
    }
    try createFolder(output)
    let previous = BuildManifest.load(from: output)
    var manifest = BuildManifest()
    var report = SiteBuildReport()
    let outcomes = await withTaskGroup(of: PageOutcome.self) { group in
      for file in files {
        group.addTask { await process(file, previous: previous) }
      }
      var outcomes: [PageOutcome] = []
      for await outcome in group { outcomes.append(outcome) }
      return outcomes.sorted { $0.file.outputPath < $1.file.outputPath }
    }
    for outcome in outcomes {
      let path = outcome.file.outputPath
      switch outcome.result {
      case .success(let kind):
        manifest.fingerprints[path] = outcome.fingerprint
        if let title = outcome.title { manifest.titles[path] = title }
        switch kind {
        case .rendered: report.rendered.append(path)
        case .reused: report.reused.append(path)
        case .copied: report.copied.append(path)
        }
      case .failure(let error):
        report.failed[outcome.file.relativePath] = error.description
      }
    }
    try writeIndex(titles: manifest.titles, sourcePaths: Set(files.map(\.outputPath)))
    try manifest.save(to: output)
    return report
  }

  private enum Action {
    case rendered
    case reused
    case copied
  }

  private struct PageOutcome: Sendable {
    let file: SourceFile
    let fingerprint: Fingerprint
    let title: String?
    let result: Result<Action, RenderError>
  }

  private func process(_ file: SourceFile, previous: BuildManifest) async -> PageOutcome {
    let input = source.appendingPathComponent(file.relativePath)
    let destination = output.appendingPathComponent(file.outputPath)
    let data: Data
    do throws(RenderError) {
      // Assets too: a huge file is refused having read only the limit.
      data = try LimitedInput.read(
        path: input.path, maximumBytes: renderer.configuration.limits.maximumInputBytes)
    } catch {
      let failure: RenderError =
        if case .fileUnreadable = error {
          .fileUnreadable(path: file.relativePath, reason: "cannot be read")
        } else {
          error
        }
      return PageOutcome(
        file: file, fingerprint: Fingerprint(), title: nil, result: .failure(failure))
    }
    let fingerprint =
      file.kind == .markdown
      ? Fingerprint([Array(settingsKey.utf8), Array(data)]) : Fingerprint([Array(data)])
    let unchanged =
      previous.fingerprints[file.outputPath] == fingerprint
      && FileManager.default.fileExists(atPath: destination.path)
    if unchanged {
      let action: Action = file.kind == .markdown ? .reused : .copied
      return PageOutcome(
        file: file, fingerprint: fingerprint, title: previous.titles[file.outputPath],
        result: .success(action))
    }
    do throws(RenderError) {
      try createFolder(destination.deletingLastPathComponent())
      switch file.kind {
      case .asset:
        try write(data, to: destination)
        return PageOutcome(
          file: file, fingerprint: fingerprint, title: nil, result: .success(.copied))
      case .markdown:
        // Suspends while the worker renders: a hostile page holds no thread of the pool.
        let job = RenderJob(
          .markdown(utf8: data),
          to: .page(fileName: (file.relativePath as NSString).lastPathComponent))
        guard let page = try await renderer.run(job).page else {
          preconditionFailure("a page job makes a page")
        }
        try write(Data(page.html.utf8), to: destination)
        return PageOutcome(
          file: file, fingerprint: fingerprint, title: page.title, result: .success(.rendered))
      }
    } catch {
      return PageOutcome(file: file, fingerprint: fingerprint, title: nil, result: .failure(error))
    }
  }

  /// Everything besides the source that shapes a page: when it changes, every page is rebuilt.
  private var settingsKey: String {
    let configuration = renderer.configuration
    return [
      renderer.engine.descriptor.id, renderer.engine.descriptor.libraryVersion,
      String(describing: configuration.options), configuration.title ?? "",
      configuration.colorScheme.rawValue, renderer.stylesheet.source,
    ].joined(separator: "\u{1F}")
  }

  /// The generated index goes to `index.html`, or to `contents.html` when a source page
  /// already becomes `index.html`.
  private func writeIndex(titles: [String: String], sourcePaths: Set<String>) throws(RenderError) {
    let indexPath = sourcePaths.contains("index.html") ? "contents.html" : "index.html"
    let items = titles.keys.sorted().filter { $0 != indexPath }.map { path in
      "<li><a href=\"\(escape(Self.relativeLink(to: path)))\">\(escape(titles[path] ?? path))</a></li>"
    }
    let fragment = HTMLFragment(
      html: "<h1>Contents</h1>\n<ul>\n\(items.joined(separator: "\n"))\n</ul>\n",
      engineID: "site-builder")
    let page = renderer.page(fragment: fragment, fileName: indexPath)
    try write(Data(page.html.utf8), to: output.appendingPathComponent(indexPath))
  }

  /// Percent-encodes everything in `path` but unreserved characters and `/`, and starts it
  /// with `./`: a file named `javascript:alert(1).md` links as `./javascript%3Aalert%281%29.html`,
  /// never as a URL with a scheme.
  static func relativeLink(to path: String) -> String {
    // Foundation encodes the UTF-8 bytes of everything outside the set; it fails only on
    // strings that are not valid Unicode, which a Swift `String` never is.
    "./" + (path.addingPercentEncoding(withAllowedCharacters: linkCharacters) ?? "")
  }

  /// RFC 3986's unreserved characters (ASCII only) and `/`.
  private static let linkCharacters = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  private func createFolder(_ folder: URL) throws(RenderError) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .fileUnreadable(
        path: folder.path, reason: "the folder cannot be created (\(error.localizedDescription))")
    }
  }

  private func write(_ data: Data, to file: URL) throws(RenderError) {
    do {
      try data.write(to: file, options: .atomic)
    } catch {
      throw .fileUnreadable(
        path: file.path, reason: "cannot be written (\(error.localizedDescription))")
    }
  }
}
