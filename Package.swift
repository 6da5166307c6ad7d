// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-render",
  products: [
    // Every library an app may link alone; RenderKit re-exports all of them.
    .library(name: "RenderKit", targets: ["RenderKit"]),
    .library(name: "RenderCore", targets: ["RenderCore"]),
    .library(name: "RenderStyling", targets: ["RenderStyling"]),
    .library(name: "RenderText", targets: ["RenderText"]),
    .library(name: "RenderTerminal", targets: ["RenderTerminal"]),
    .library(name: "HTMLImport", targets: ["HTMLImport"]),
    .library(name: "EngineCMark", targets: ["EngineCMark"]),
    .library(name: "EngineDiscount", targets: ["EngineDiscount"]),
    .library(name: "EngineCMarkGFM", targets: ["EngineCMarkGFM"]),
    .library(name: "EngineMD4C", targets: ["EngineMD4C"]),
    .library(name: "HTML5Import", targets: ["HTML5Import"]),
    .library(name: "RenderOutline", targets: ["RenderOutline"]),
    .library(name: "FrontMatter", targets: ["FrontMatter"]),
    .library(name: "RenderMath", targets: ["RenderMath"]),
    .library(name: "RenderHighlight", targets: ["RenderHighlight"]),
    // The live document and preview server, above RenderKit (not re-exported by it).
    .library(name: "RenderPreview", targets: ["RenderPreview"]),
    // Markdown rendered as it arrives, block by block, above RenderKit.
    .library(name: "RenderStream", targets: ["RenderStream"]),
    // JSON Lines in, one answer per line out, on a pool of contained workers (`render batch`).
    .library(name: "RenderBatch", targets: ["RenderBatch"]),
    // The highlighter's shim, loaded by RenderHighlight on the first code block it highlights
    // rather than linked (docs/design.md, "Run-time linking tricks"); build it with the
    // executables (`swift build` does).
    .library(name: "SourceHighlightShim", type: .dynamic, targets: ["CSourceHighlight"]),
    .executable(name: "render", targets: ["render"]),
    .executable(name: "renderbench", targets: ["renderbench"]),
    // For apps that cannot call WorkerService.runIfRequested() in their own main.
    .executable(name: "render-worker", targets: ["render-worker"]),
  ],
  targets: [
    // C libraries from Debian's -dev packages.
    .systemLibrary(
      name: "CCMark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
    .systemLibrary(
      name: "CDiscount", pkgConfig: "libmarkdown", providers: [.apt(["libmarkdown2-dev"])]),
    // md4c's parser and its HTML renderer (md4c-html.pc requires md4c.pc, so both link).
    .systemLibrary(
      name: "CMD4C", pkgConfig: "md4c-html",
      providers: [.apt(["libmd4c-dev", "libmd4c-html0-dev"])]),
    // zlib, for gzip-compressed batch input: Foundation on Linux has no decompressor.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    // cmark-gfm's headers only: it is loaded at run time (CCMarkGFMLoader), never linked, because
    // it exports the same cmark_* symbols as libcmark.
    .systemLibrary(
      name: "CCMarkGFMHeaders",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
    .target(name: "CCMarkGFMLoader", dependencies: ["CCMarkGFMHeaders", "CParseArena"]),
    // libmicrohttpd's header only: it is loaded when a preview server starts, never linked, so
    // that gnutls and its chain are not relocated at every start of `render`.
    .target(name: "CMicroHTTPD"),
    // MyHTML, from modest (libmodest-dev ships no pkg-config file, so the module map links it).
    .systemLibrary(name: "CMyHTML", providers: [.apt(["libmodest-dev"])]),
    // fork, which Swift marks unavailable: a worker forked at start rather than exec'd.
    .target(name: "CWorkerFork"),
    // libxml2 behind a shim whose public header includes no libxml2 header (ICU clash), loaded on
    // the first parse rather than linked (see LibXML2Loader.h); libxml2-dev's headers are under
    // libxml2/, where pkg-config's -I would point (it would also link the library).
    .target(name: "CHTMLParser", cSettings: [.unsafeFlags(["-isystem", "/usr/include/libxml2"])]),
    // libmarkdown's realloc import pointed at one that grows geometrically (DiscountGrowth.h).
    .target(name: "CDiscountGrowth"),
    .target(name: "CParseArena"),
    // GNU source-highlight (C++) and the shim whose header is plain C, so that Swift imports
    // it without C++ interoperation. The shim is the SourceHighlightShim product, a shared
    // object loaded on first use; RenderHighlight depends on its header only.
    .systemLibrary(
      name: "CSourceHighlightLibrary", pkgConfig: "source-highlight",
      providers: [.apt(["libsource-highlight-dev"])]),
    .systemLibrary(name: "CSourceHighlightHeaders"),
    // (No headers of its own: its interface is CSourceHighlightHeaders.) Linked without the
    // Swift runtime, which swiftc adds to every shared object: the shim has no Swift, and a
    // release `render` holds its own copy of the runtime (--static-swift-stdlib), so loading
    // a second one with the shim would cost time and break where no toolchain is installed.
    // No start files (swiftrt.o, which calls into the runtime), and the runtime as an archive,
    // from which nothing is then taken.
    .target(
      name: "CSourceHighlight",
      dependencies: ["CSourceHighlightHeaders", "CSourceHighlightLibrary"],
      publicHeadersPath: ".", cxxSettings: [.headerSearchPath("../CSourceHighlightHeaders")],
      linkerSettings: [.unsafeFlags(["-nostartfiles", "-static-stdlib"])]),

    // The contracts engines and importers build on: Foundation only, no C.
    .target(name: "RenderCore"),
    // Layers over the Document, each depending only on the ones below.
    .target(name: "RenderStyling", dependencies: ["RenderCore"], resources: [.copy("Resources")]),
    .target(name: "RenderText", dependencies: ["RenderCore", "RenderStyling"]),
    .target(name: "RenderTerminal", dependencies: ["RenderCore", "RenderStyling", "RenderText"]),
    .target(name: "EngineCMark", dependencies: ["RenderCore", "CCMark", "CParseArena"]),
    .target(name: "EngineDiscount", dependencies: ["RenderCore", "CDiscount", "CDiscountGrowth"]),
    .target(name: "EngineMD4C", dependencies: ["RenderCore", "CMD4C"]),
    .target(name: "EngineCMarkGFM", dependencies: ["RenderCore", "CCMarkGFMLoader"]),
    .target(name: "HTMLImport", dependencies: ["RenderCore", "CHTMLParser"]),
    // Heading anchors, the table of contents and titles, computed from a Document.
    .target(name: "RenderOutline", dependencies: ["RenderCore"]),
    // YAML front matter, split off before an engine sees the text and read with libyaml.
    .target(name: "FrontMatter", dependencies: ["RenderCore", "CYAML"]),
    // LaTeX math to MathML Core and to linear Unicode, and the scanner that finds math in
    // Markdown source by GitHub's dollar rules.
    .target(name: "RenderMath", dependencies: ["RenderCore"]),
    // Code blocks split into classed runs (source-highlight), the language definitions Debian
    // lacks among its resources.
    .target(
      name: "RenderHighlight", dependencies: ["RenderCore", "CSourceHighlightHeaders"],
      resources: [.copy("Languages")]),
    // The HTML5 tree builder (MyHTML): the second importer, conforming to HTMLImporting.
    .target(name: "HTML5Import", dependencies: ["RenderCore", "CMyHTML"]),
    // One import for apps: the built-in engines registered, HTML import plugged in.
    .target(
      name: "RenderKit",
      dependencies: [
        "RenderCore", "RenderStyling", "RenderText", "RenderTerminal", "EngineCMark",
        "EngineCMarkGFM", "EngineDiscount", "EngineMD4C", "HTMLImport", "HTML5Import",
        "RenderOutline", "FrontMatter", "RenderMath", "RenderHighlight", "CWorkerFork",
      ]),

    // A document kept rendered as its files change (inotify), and the loopback server that
    // shows it in a browser (libmicrohttpd); apart so that apps that only render link neither.
    .target(name: "RenderPreview", dependencies: ["RenderKit", "CMicroHTTPD"]),

    // Streaming: blocks rendered once complete, the tail repaired, linear in the text.
    .target(name: "RenderStream", dependencies: ["RenderKit"]),
    // Records rendered concurrently and answered in order, as a library and for `render batch`.
    .target(name: "RenderBatch", dependencies: ["RenderKit", "CZlib"]),

    // Command-line tools: thin executables over library targets that tests reach.
    .target(
      name: "RenderCommand",
      dependencies: ["RenderKit", "RenderPreview", "RenderBatch", "RenderStream"]),
    .executableTarget(name: "render", dependencies: ["RenderCommand", "RenderKit"]),
    // The C libraries too: the benchmark's floors (Floors/) call each one as a C program does.
    .target(
      name: "BenchKit",
      dependencies: [
        "RenderKit", "RenderStyling", "RenderText", "RenderTerminal", "EngineCMark",
        "EngineCMarkGFM", "EngineDiscount", "EngineMD4C", "HTMLImport", "HTML5Import", "CCMark",
        "CCMarkGFMLoader", "CDiscount", "CMyHTML", "CHTMLParser", "RenderStream",
      ]),
    .executableTarget(name: "renderbench", dependencies: ["BenchKit", "RenderKit"]),
    // RenderHighlight's runs for scripts/highlight-quality.py, which compares them with Pygments.
    .executableTarget(name: "highlight-tokens", dependencies: ["RenderHighlight"]),
    // Examples/StreamingChat: an answer streamed into styled text as a chat view shows it.
    .executableTarget(
      name: "streaming-chat", dependencies: ["RenderStream", "RenderKit"],
      path: "Examples/StreamingChat", exclude: ["README.md"]),
    // The worker process that IsolatedEngine runs engines in; found next to the host executable.
    .executableTarget(name: "render-worker", dependencies: ["RenderKit"]),

    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore", "TestSupport"]),
    .testTarget(name: "RenderStylingTests", dependencies: ["RenderStyling", "TestSupport"]),
    .testTarget(name: "RenderTextTests", dependencies: ["RenderText", "TestSupport"]),
    .testTarget(name: "RenderTerminalTests", dependencies: ["RenderTerminal", "TestSupport"]),
    .testTarget(
      name: "EngineCMarkTests",
      dependencies: [
        "EngineCMark", "CCMark", "CParseArena", "HTMLImport", "RenderText", "TestSupport",
      ]),
    .testTarget(
      name: "EngineCMarkGFMTests",
      dependencies: ["EngineCMarkGFM", "EngineCMark", "HTMLImport", "RenderText", "TestSupport"]),
    .testTarget(
      name: "EngineDiscountTests", dependencies: ["EngineDiscount", "HTMLImport", "TestSupport"]),
    .testTarget(
      name: "EngineMD4CTests",
      dependencies: ["EngineMD4C", "RenderKit", "BenchKit", "render-worker", "TestSupport"]),
    .testTarget(
      name: "HTMLImportTests",
      dependencies: ["HTMLImport", "EngineCMark", "BenchKit", "TestSupport"]),
    .testTarget(
      name: "RenderOutlineTests",
      dependencies: ["RenderOutline", "EngineCMark", "HTMLImport", "TestSupport"]),
    .testTarget(name: "FrontMatterTests", dependencies: ["FrontMatter", "TestSupport"]),
    .testTarget(
      name: "RenderMathTests", dependencies: ["RenderMath", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "RenderHighlightTests", dependencies: ["RenderHighlight", "TestSupport"],
      exclude: ["Fixtures"]),
    // RenderPreview: the README's LiveDocument example runs with the others.
    // BenchKit: the conformance tests compare through its parity normaliser.
    .testTarget(
      name: "RenderKitTests",
      dependencies: ["RenderKit", "RenderPreview", "BenchKit", "TestSupport"]),
    .testTarget(
      name: "HTML5ImportTests",
      dependencies: ["HTML5Import", "HTMLImport", "RenderStyling", "RenderText", "TestSupport"]),
    .testTarget(
      name: "RenderStreamTests", dependencies: ["RenderStream", "BenchKit", "TestSupport"]),
    .testTarget(name: "RenderPreviewTests", dependencies: ["RenderPreview", "TestSupport"]),
    .testTarget(name: "RenderCommandTests", dependencies: ["RenderCommand", "TestSupport"]),
    .testTarget(
      name: "RenderBatchTests", dependencies: ["RenderBatch", "render-worker", "TestSupport"]),
    .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "TestSupport"]),
    // Depends on render-worker so that `swift test` builds the worker the isolation tests spawn.
    .testTarget(
      name: "HostileInputTests",
      dependencies: [
        "RenderKit", "EngineDiscount", "HTMLImport", "BenchKit", "render-worker", "TestSupport",
      ]),
  ]
)
