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
    let paths = isDirectory.boolValue ? try files(in: path, suffix: ".md") : [path]
    let documents = try paths.map { file in
      CorpusDocument(
        name: file,
        text: MarkdownInput.prepare(
          MarkdownInput.decode(
            try LimitedInput.read(path: file, maximumBytes: maximumFileBytes))))
    }
    return Corpus(name: path, documents: documents)
  }

  /// One set of HTML pages per path: a file is one page; a directory is its `.html` files,
  /// found recursively and sorted by path. Invalid UTF-8 becomes U+FFFD.
  static func loadHTML(_ path: String) throws -> Corpus {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw RenderError.fileUnreadable(
        path: path, reason: "no such file or directory; give an .html file or a directory")
    }
    let paths = isDirectory.boolValue ? try files(in: path, suffix: ".html") : [path]
    let documents = try paths.map { file in
      CorpusDocument(
        name: file,
        text: MarkdownInput.decode(
          try LimitedInput.read(path: file, maximumBytes: maximumFileBytes)))
    }
    return Corpus(name: path, documents: documents)
  }

  private static func files(
    in directory: String, suffix: String
  ) throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
      throw RenderError.fileUnreadable(path: directory, reason: "cannot list the directory")
    }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      if relative.lowercased().hasSuffix(suffix) {
        files.append((directory as NSString).appendingPathComponent(relative))
      }
    }
    guard !files.isEmpty else {
      throw RenderError.invalidConfiguration(
        source: directory, key: nil,
        problem: "holds no \(suffix) file; give a directory with such files")
    }
    return files.sorted()
  }
}
