// swift-tools-version: 6.0
import PackageDescription

// An app that embeds swift-render: a static-site builder, depending on the package by path.
let package = Package(
  name: "SiteBuilder",
  dependencies: [.package(name: "swift-render", path: "../..")],
  targets: [
    .target(
      name: "SiteBuilderKit", dependencies: [.product(name: "RenderKit", package: "swift-render")]),
    .executableTarget(
      name: "site-builder",
      dependencies: ["SiteBuilderKit", .product(name: "RenderKit", package: "swift-render")]),
    .testTarget(name: "SiteBuilderKitTests", dependencies: ["SiteBuilderKit"]),
  ]
)
