import Foundation
import RenderKit

/// A file of the source folder: Markdown to render, or an asset to copy.
struct SourceFile: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case markdown
    case asset
  }

  /// The path relative to the source folder, with `/` separators.
  let relativePath: String
  let kind: Kind

  /// The path of the output relative to the output folder: `.md` becomes `.html`.
  var outputPath: String {
    guard kind == .markdown else { return relativePath }
    return (relativePath as NSString).deletingPathExtension + ".html"
  }

  static let markdownExtensions: Set<String> = ["md", "markdown", "mdown"]

  /// Every regular file below `folder`, sorted, skipping hidden files and folders.
  static func scan(_ folder: URL) throws(RenderError) -> [SourceFile] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw .fileUnreadable(path: folder.path, reason: "no such folder; check the source path")
    }
    let root = folder.standardizedFileURL.resolvingSymlinksInPath()
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else {
      throw .fileUnreadable(
        path: folder.path, reason: "the source folder cannot be read; check the path")
    }
    var files: [SourceFile] = []
    for case let url as URL in enumerator {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else {
        continue
      }
      let path = url.standardizedFileURL.resolvingSymlinksInPath().path
      let relative = String(path.dropFirst(root.path.count + 1))
      let kind: Kind =
        markdownExtensions.contains(url.pathExtension.lowercased()) ? .markdown : .asset
      files.append(SourceFile(relativePath: relative, kind: kind))
    }
    return files.sorted { $0.relativePath < $1.relativePath }
  }
}
