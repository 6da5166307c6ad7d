import Foundation
import RenderCore

/// Reads corpora from Markdown files and directories.
enum CorpusLoader {
  /// The largest corpus file read, in bytes: far past any real document, short of exhausting
  /// memory on a wrong path (a disk image, a log).
  static let maximumFileBytes = 1 << 32

  /// One corpus per path: a file is one document; a directory is its `.md` files, found
  /// recursively and sorted by path. Text is decoded as the engines decode it (invalid UTF-8
  /// becomes U+FFFD) and prepared (CRLF to LF, NUL to U+FFFD), so both measured paths see
  /// the same bytes.
  static func load(_ path: String) throws -> Corpus {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw RenderError.fileUnreadable(
        path: path, reason: "no such file or directory; give a .md file or a directory of them")
    }
    let files = isDirectory.boolValue ? try markdownFiles(in: path) : [path]
    let documents = try files.map { file in
      CorpusDocument(
        name: file,
        text: MarkdownInput.prepare(
          MarkdownInput.decode(
            try LimitedInput.read(path: file, maximumBytes: maximumFileBytes))))
    }
    return Corpus(name: path, documents: documents)
  }

  private static func markdownFiles(in directory: String) throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
      throw RenderError.fileUnreadable(path: directory, reason: "cannot list the directory")
    }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      if relative.lowercased().hasSuffix(".md") {
        files.append((directory as NSString).appendingPathComponent(relative))
      }
    }
    guard !files.isEmpty else {
      throw RenderError.invalidConfiguration(
        source: directory, key: nil,
        problem: "holds no .md file; give a directory with Markdown files")
    }
    return files.sorted()
  }
}
