import Foundation
import PackagePlugin

/// Builds the highlighter's shim, `libSourceHighlightShim.so`, into RenderHighlight's resources.
///
/// The shim (Sources/CSourceHighlight) is C++ over GNU source-highlight, loaded on the first
/// code block to highlight rather than linked (docs/design.md, "Run-time linking tricks"). As
/// a SwiftPM product it was linked by swiftc, which adds the Swift runtime to every shared
/// object; keeping the runtime out took unsafe linker flags, which a package used as a
/// dependency may not carry, and an app never built the product anyway. Compiled here by the
/// toolchain's clang++ into a resource, the shim carries no Swift runtime, and every build
/// that includes RenderHighlight, an app's included, has it in RenderHighlight's bundle.
@main struct SourceHighlightShim: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let sources = context.package.directoryURL.appending(path: "Sources")
    let source = sources.appending(path: "CSourceHighlight/SourceHighlight.cpp")
    let headers = sources.appending(path: "CSourceHighlightHeaders")
    let shim = context.pluginWorkDirectoryURL.appending(path: "libSourceHighlightShim.so")
    let library = try packageConfiguration("source-highlight")
    return [
      .buildCommand(
        displayName: "Compiling the highlighter's shim libSourceHighlightShim.so",
        executable: try context.tool(named: "clang++").url,
        arguments: [
          "-std=gnu++17", "-O2", "-fPIC", "-shared", "-Wall", "-Wextra", "-Werror",
          "-I", headers.path, source.path, "-o", shim.path,
          "-Wl,-soname,libSourceHighlightShim.so", "-Wl,--no-undefined",
          // libstdc++ first among the needed libraries: most of the shim's symbols are its
          // own, and the loader binds them searching the libraries in that order.
          "-lstdc++",
        ] + library,
        inputFiles: [source, headers.appending(path: "SourceHighlight.h")],
        outputFiles: [shim])
    ]
  }

  /// The compiler and linker flags pkg-config gives for `module` (Debian's .pc files), as
  /// a system library target would take them.
  private func packageConfiguration(_ module: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags", "--libs", module]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PluginError.missingLibrary(module)
    }
    return text.split(whereSeparator: \.isWhitespace).map(String.init)
  }
}

/// Why the shim could not be built.
enum PluginError: Error, CustomStringConvertible {
  case missingLibrary(String)

  var description: String {
    switch self {
    case .missingLibrary(let module):
      "pkg-config knows no \(module): install pkg-config and libsource-highlight-dev (`make deps`)"
    }
  }
}
