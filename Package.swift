// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-render",
  products: [
    .library(name: "RenderKit", targets: ["RenderKit"]),
    .library(name: "RenderCore", targets: ["RenderCore"]),
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
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // libxml2 behind a shim whose public header includes no libxml2 header (ICU clash).
    .target(name: "CHTMLParser", dependencies: ["CLibXML2"]),

    // The engine-neutral core: Foundation only, no C.
    .target(name: "RenderCore", resources: [.copy("Resources")]),
    .target(name: "EngineCMark", dependencies: ["RenderCore", "CCMark"]),
    .target(name: "EngineDiscount", dependencies: ["RenderCore", "CDiscount"]),
    .target(name: "HTMLImport", dependencies: ["RenderCore", "CHTMLParser"]),
    // One import for apps: the built-in engines registered, HTML import plugged in.
    .target(
      name: "RenderKit",
      dependencies: ["RenderCore", "EngineCMark", "EngineDiscount", "HTMLImport"]),

    // Command-line tools: thin executables over library targets that tests reach.
    .target(name: "RenderCommand", dependencies: ["RenderKit"]),
    .executableTarget(name: "render", dependencies: ["RenderCommand", "RenderKit"]),
    .target(
      name: "BenchKit",
      dependencies: ["RenderKit", "EngineCMark", "EngineDiscount", "HTMLImport"]),
    .executableTarget(name: "renderbench", dependencies: ["BenchKit", "RenderKit"]),
    // The worker process that IsolatedEngine runs engines in; found next to the host executable.
    .executableTarget(name: "render-worker", dependencies: ["RenderKit"]),

    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore", "TestSupport"]),
    .testTarget(
      name: "EngineCMarkTests", dependencies: ["EngineCMark", "HTMLImport", "TestSupport"]),
    .testTarget(
      name: "EngineDiscountTests", dependencies: ["EngineDiscount", "HTMLImport", "TestSupport"]),
    .testTarget(
      name: "HTMLImportTests", dependencies: ["HTMLImport", "EngineCMark", "TestSupport"]),
    .testTarget(name: "RenderKitTests", dependencies: ["RenderKit", "TestSupport"]),
    .testTarget(name: "RenderCommandTests", dependencies: ["RenderCommand", "TestSupport"]),
    .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "TestSupport"]),
    // Depends on render-worker so that `swift test` builds the worker the isolation tests spawn.
    .testTarget(
      name: "HostileInputTests",
      dependencies: [
        "RenderKit", "EngineDiscount", "HTMLImport", "BenchKit", "render-worker", "TestSupport",
      ]),
  ]
)
