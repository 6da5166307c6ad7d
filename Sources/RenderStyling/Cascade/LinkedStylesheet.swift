import Foundation
import RenderCore

/// A `<link rel="stylesheet">` read from the local folder the caller granted: only a relative
/// `href` that resolves, symbolic links followed, to a file inside that folder; never a URL
/// with a scheme, an absolute path or anything outside, and never the network.
enum LinkedStylesheet {
  /// The largest linked file read, in bytes.
  static let maximumSize = 1 << 20
  /// The most linked files one document may load.
  static let maximumCount = 64

  /// The CSS text of `href` under `folder`, or why it was not loaded.
  static func load(href: String, folder: URL) -> Result<String, LinkProblem> {
    let trimmed = VariableSubstitution.trimmed(href)
    var path = Substring(trimmed)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    let isRelative =
      !path.isEmpty && !path.hasPrefix("/") && !path.contains("\\")
      && !(path.prefix { $0 != "/" }.contains(":"))
    guard isRelative, let decoded = String(path).removingPercentEncoding else {
      return .failure(LinkProblem("only a relative path inside the document's folder is loaded"))
    }
    let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
    let file = folder.appendingPathComponent(decoded).standardizedFileURL
      .resolvingSymlinksInPath()
    guard file.path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      return .failure(LinkProblem("it is outside the document's folder"))
    }
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let size = attributes[.size] as? Int
    else {
      return .failure(LinkProblem("no such file"))
    }
    guard size <= maximumSize else {
      return .failure(LinkProblem("larger than \(maximumSize) bytes"))
    }
    guard let data = try? LimitedInput.read(path: file.path, maximumBytes: maximumSize) else {
      return .failure(LinkProblem("the file cannot be read"))
    }
    return .success(String(decoding: data, as: UTF8.self))
  }
}
