// swift-tools-version: 6.0
import PackageDescription

// Fuzzing and leak checks, kept out of the main package: a libFuzzer executable defines its
// own entry point, which does not link in an ordinary `swift build` of the main package.
// `make fuzz` and `make check-sanitizers` in the main package drive both.
let package = Package(
  name: "swift-render-fuzz",
  dependencies: [.package(name: "swift-render", path: "..")],
  targets: [
    // Declares libFuzzer's driver entry point for Swift.
    .target(name: "CFuzzerDriver"),
    // One fuzzer for every input surface, chosen by FUZZ_TARGET (see FuzzTarget).
    .executableTarget(
      name: "render-fuzz",
      dependencies: ["CFuzzerDriver", .product(name: "RenderKit", package: "swift-render")]),
    // 1,000 renders per engine and 1,000 imports, for LeakSanitizer's leak check.
    .executableTarget(
      name: "leak-check", dependencies: [.product(name: "RenderKit", package: "swift-render")]),
  ]
)
