import Foundation
import RenderCore
import RenderStyling

/// A standalone HTML page: an engine's fragment with a stylesheet embedded, ready for a
/// browser or a web view.
///
/// ```swift
/// let page = HTMLPage(fragment: fragment, stylesheet: stylesheet, fileName: "notes.md")
/// try page.html.write(toFile: "notes.html", atomically: true, encoding: .utf8)
/// ```
///
/// The page's title is the one given, else the file name, else "Untitled". (A ``Renderer``
/// gives the title its ``TitlePass`` found in the document: the HTML is never searched.)
public struct HTMLPage: Sendable, Hashable {
  /// The body content.
  public var fragment: HTMLFragment
  /// The stylesheet embedded in the page's `<style>` element.
  public var stylesheet: Stylesheet
  /// The resolved title (before HTML escaping).
  public var title: String
  /// The `lang` of the `<html>` element, e.g. `"en"`; nil leaves it out.
  public var language: String?
  /// The `<base href>` that relative links and images resolve against; nil leaves it out.
  public var baseURL: String?
  /// The scheme the page is shown in whatever the reader prefers: the stylesheet's
  /// `prefers-color-scheme` queries are settled for it. nil follows the reader.
  public var colorScheme: ColorScheme?

  /// Creates a page; `title` nil (or blank) takes `fileName`, else "Untitled".
  public init(
    fragment: HTMLFragment, stylesheet: Stylesheet, title: String? = nil,
    fileName: String? = nil, language: String? = nil, baseURL: String? = nil,
    colorScheme: ColorScheme? = nil
  ) {
    self.colorScheme = colorScheme
    self.fragment = fragment
    self.stylesheet = stylesheet
    self.title = Self.resolveTitle(given: title, fileName: fileName)
    self.language = language
    self.baseURL = baseURL
  }

  /// The complete document, from `<!doctype html>` to `</html>`.
  public var html: String {
    let (before, after) = enclosure
    return before + fragment.html + after
  }

  /// ``html`` as UTF-8, made without a `String` of the page: the fragment's bytes are
  /// copied once, between the head and the end.
  package var utf8Data: Data {
    var (before, after) = enclosure
    var data = Data(capacity: before.utf8.count + fragment.utf8Count + after.utf8.count)
    before.withUTF8 { data.append($0) }
    fragment.withUTF8 { data.append($0) }
    after.withUTF8 { data.append($0) }
    return data
  }

  /// What comes before the fragment and what after it.
  private var enclosure: (before: String, after: String) {
    var head = [
      "<meta charset=\"utf-8\">",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
    ]
    // Without it a browser in dark mode keeps a white canvas and black default text under
    // the stylesheet's dark rules; with it the defaults follow the scheme too.
    if let colorScheme {
      head.append("<meta name=\"color-scheme\" content=\"\(colorScheme.rawValue)\">")
    } else if stylesheet.hasDarkVariant {
      head.append("<meta name=\"color-scheme\" content=\"light dark\">")
    }
    // Before the style element, so that url() in the stylesheet resolves against it.
    if let baseURL {
      head.append("<base href=\"\(HTMLEscaping.escape(baseURL))\">")
    }
    head.append("<title>\(HTMLEscaping.escape(title))</title>")
    if !stylesheet.source.allSatisfy(\.isWhitespace) {
      let css = colorScheme.map { Self.settling(stylesheet.source, for: $0) } ?? stylesheet.source
      head.append("<style>\n\(Self.embeddable(css))\n</style>")
    }
    let htmlTag = language.map { "<html lang=\"\(HTMLEscaping.escape($0))\">" } ?? "<html>"
    let before = """
      <!doctype html>
      \(htmlTag)
      <head>
      \(head.joined(separator: "\n"))
      </head>
      <body>
      <main class="markdown-body">

      """
    return (before, "\n</main>\n</body>\n</html>\n")
  }

  private static func resolveTitle(given: String?, fileName: String?) -> String {
    if let given, !given.allSatisfy(\.isWhitespace) { return given }
    if let fileName, !fileName.isEmpty { return fileName }
    return "Untitled"
  }

  /// `css` with every `(prefers-color-scheme: …)` feature replaced by one that always holds
  /// when it names `scheme` (`(min-width: 0px)`) and one that never does otherwise
  /// (`(max-width: -1px)`), so that a browser shows the scheme whatever its reader prefers.
  package static func settling(_ css: String, for scheme: ColorScheme) -> String {
    let feature = #/\(\s*prefers-color-scheme\s*:\s*([a-zA-Z]+)\s*\)/#.ignoresCase()
    return css.replacing(feature) { match in
      match.output.1.lowercased() == scheme.rawValue ? "(min-width: 0px)" : "(max-width: -1px)"
    }
  }

  /// `css` made safe inside `<style>`.
  ///
  /// `<style>` content is raw text: the HTML tokenizer reads nothing in it but an end tag,
  /// `</style` followed by whitespace, `/` or `>`, in any letter case (`<!--` has no effect
  /// there, unlike in `<script>`). So every `</style`, whatever follows, becomes `<\/style`.
  /// CSS reads that the same: in a string or an unquoted `url()`, `\/` is an escape for `/`;
  /// in a comment it is ignored; anywhere else `<` already made the rule invalid, and the
  /// change touches no bracket, quote or semicolon, so error recovery drops the same text.
  static func embeddable(_ css: String) -> String {
    let bytes = Array(css.utf8)
    let name = Array("style".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      output.append(bytes[index])
      if bytes[index] == UInt8(ascii: "<"), index + 2 + name.count <= bytes.count,
        bytes[index + 1] == UInt8(ascii: "/"),
        bytes[(index + 2)..<(index + 2 + name.count)].map({ $0 | 0x20 }).elementsEqual(name)
      {
        output.append(UInt8(ascii: "\\"))
      }
      index += 1
    }
    return output.count == bytes.count ? css : String(decoding: output, as: UTF8.self)
  }
}
