import Foundation
import RenderKit

/// What a fuzzing run exercises, chosen with the `FUZZ_TARGET` environment variable.
///
/// Each target feeds arbitrary bytes to one input surface and lets the sanitizers judge: any
/// crash, leak or memory error is a finding (errors thrown as `RenderError` are fine). Every
/// built-in engine and importer has a target named by its registry id
/// (`RegisteredComponentsChecklistTests` holds this).
enum FuzzTarget: String, CaseIterable {
  /// cmark in-process, options taken from the first byte.
  case cmark
  /// cmark-gfm, the default engine, in-process, options (extensions among them) from the
  /// first byte.
  case cmarkGFM = "cmark-gfm"
  /// Discount in-process on its large-stack thread, options from the first byte. Run with
  /// `-max_len=4096`: longer inputs reach its known super-linear patterns, which isolation
  /// (not fuzzing) contains.
  case discount
  /// md4c in-process, options from the first byte: its HTML, its document built from the
  /// parser's callbacks (the importer runs only when raw HTML passes), and, in safe mode, no
  /// dangerous URL in the HTML.
  case md4c
  /// HTML import from raw bytes through libxml2 (encoding detection, repair).
  case libxml2
  /// HTML import from raw bytes through MyHTML's HTML5 tree builder, the default importer.
  case html5
  /// The HTML sanitizer; its output must re-sanitise to itself after one normalisation.
  case sanitizer
  /// The CSS parser, tolerant mode.
  case stylesheet
  /// The configuration loader.
  case configuration
  /// Front matter: the splitter and libyaml, the bytes given as the YAML of a `---` block.
  case frontMatter = "front-matter"

  /// The target named by `FUZZ_TARGET`; the process stops with the valid names otherwise.
  static let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let names = allCases.map(\.rawValue).joined(separator: ", ")
      FileHandle.standardError.write(Data("FUZZ_TARGET must be one of: \(names)\n".utf8))
      exit(2)
    }
    return target
  }()

  func run(_ data: UnsafeBufferPointer<UInt8>) {
    switch self {
    case .cmark, .cmarkGFM, .discount:
      guard let first = data.first else { return }
      let markdown = MarkdownInput.decode(data.dropFirst())
      guard let engine = try? EngineRegistry.builtIn.engine(id: rawValue) else { return }
      let options = Self.options(from: first, for: engine.descriptor)
      _ = try? engine.render(markdown, options: options)
    case .md4c:
      guard let first = data.first else { return }
      let markdown = MarkdownInput.decode(data.dropFirst())
      let engine = MD4CEngine()
      let options = Self.options(from: first, for: engine.descriptor)
      guard let fragment = try? engine.render(markdown, options: options) else { return }
      _ = try? engine.document(markdown, options: options, importer: HTMLImporter())
      if !options.unsafe, fragment.html.contains("href=\"javascript:") {
        fatalError("md4c let a javascript: link through in safe mode: \(fragment.html)")
      }
    case .libxml2:
      if let document = try? HTMLImporter().importDocument(data: data) {
        _ = document.textContent(of: document.root)
      }
    case .html5:
      if let document = try? HTML5Importer().importDocument(data: data) {
        _ = document.textContent(of: document.root)
      }
    case .sanitizer:
      let sanitizer = HTMLSanitizer()
      guard let clean = try? sanitizer.sanitize(html: MarkdownInput.decode(data)),
        let again = try? sanitizer.sanitize(html: clean)
      else { return }
      if (try? sanitizer.sanitize(html: again)) != again {
        fatalError("sanitizer output is not stable under re-parsing: \(again)")
      }
    case .stylesheet:
      _ = try? Stylesheet(css: MarkdownInput.decode(data))
    case .configuration:
      _ = try? RenderConfiguration.parse(Data(data), source: "fuzz.json")
    case .frontMatter:
      let markdown = "---\n" + MarkdownInput.decode(data) + "\n---\n# After\n"
      _ = try? FrontMatterReader().read(markdown)
    }
  }

  /// Options from one byte's bits, limited to what `descriptor` supports.
  private static func options(from bits: UInt8, for descriptor: EngineDescriptor) -> RenderOptions {
    var options = RenderOptions(
      unsafe: bits & 1 != 0,
      smartPunctuation: bits & 2 != 0 && descriptor.features.contains(.smartPunctuation),
      hardLineBreaks: bits & 4 != 0)
    if bits & 8 != 0, descriptor.features.contains(.sourcePositions) {
      options.sourcePositions = true
    }
    let extensions = RenderFeature.extensions.enumerated().filter { index, _ in
      bits & (16 << (index % 4)) != 0
    }
    options.extensions = Set(extensions.map(\.element)).intersection(descriptor.features)
    return options
  }
}
