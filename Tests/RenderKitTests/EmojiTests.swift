import Foundation
import RenderKit
import TestSupport
import Testing

/// GitHub's emoji shortcodes: on by default for every engine and output, never inside code or
/// a URL, off with `--no-extension emoji` and in the `commonmark` profile.
@Suite struct EmojiTests {
  static let engines = ["cmark-gfm", "cmark", "discount", "md4c"]

  /// Every output, named, with the text it makes.
  static let outputs: [(String, RenderJob.Output)] = [
    ("fragment", .fragment), ("page", .page()), ("styled text", .styledText),
    ("text", .plainText), ("json", .json), ("terminal", .terminal(TerminalRenderer())),
  ]

  /// Shortcodes in prose, a heading, a list, a table and a link's text, and in every kind of
  /// code, which keeps them.
  static let markdown = """
    # Release :tada:

    Shipped :rocket: with :white_check_mark: tests and :+1: reviews; :not_an_emoji: stays.

    - [link :sparkles:](https://example.com/:smile:/)
    - `inline :bug:`

    ```
    fenced :bug:
    ```

        indented :bug:

    """

  private func renderer(
    engine: String, _ change: (inout RenderConfiguration) -> Void = { _ in }
  ) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    change(&configuration)
    return try Renderer(configuration: configuration)
  }

  private func text(of result: RenderResult) -> String {
    if let fragment = result.fragment { return fragment.html }
    if let page = result.page { return page.html }
    if let styled = result.styledText { return styled.plainText }
    return String(decoding: result.utf8 ?? Data(), as: UTF8.self)
  }

  @Test(arguments: engines)
  func everyOutputOfEveryEngineShowsTheEmojiAndKeepsCode(engine: String) throws {
    let renderer = try renderer(engine: engine)
    for (name, output) in Self.outputs {
      let text = text(of: try renderer.run(RenderJob(.markdown(Self.markdown), to: output)))
      for emoji in ["🎉", "🚀", "✅", "👍", "✨"] {
        #expect(text.contains(emoji), "\(engine) \(name): \(emoji)")
      }
      #expect(text.contains(":not_an_emoji:"), "\(engine) \(name)")
      #expect(!text.contains("🐛"), "\(engine) \(name): code converted")
      #expect(!text.contains(":tada:") && !text.contains(":rocket:"), "\(engine) \(name)")
    }
    let html = try renderer.html(.markdown(Self.markdown)).html
    for code in ["inline :bug:", "fenced :bug:", "indented :bug:"] {
      #expect(html.contains(code), "\(engine): \(code)")
    }
    #expect(html.contains("https://example.com/:smile:/"), "\(engine): the link's target")
    let trusted = try self.renderer(engine: engine) { $0.options.unsafe = true }
    let raw = try trusted.html(.markdown("<kbd>:bug:</kbd> <code>:bug:</code> :bug:\n")).html
    #expect(raw.contains("<kbd>:bug:</kbd>") && raw.contains("<code>:bug:</code> 🐛"), "\(raw)")
  }

  @Test func aWorkerProcessShowsTheEmojiToo() throws {
    let renderer = try renderer(engine: "cmark-gfm") { $0.isolation = .process }
    for (name, output) in Self.outputs {
      let text = text(of: try renderer.run(RenderJob(.markdown(Self.markdown), to: output)))
      #expect(text.contains("🎉") && !text.contains("🐛"), "\(name)")
    }
  }

  @Test(arguments: engines)
  func theExtensionTurnsOffAndTheCommonMarkProfileHasNone(engine: String) throws {
    let off = try renderer(engine: engine) { $0.disabledExtensions.insert(.emoji) }
    let strict = try renderer(engine: engine) { $0.profile = .commonMark }
    for renderer in [off, strict] {
      let html = try renderer.html(.markdown("Shipped :rocket:\n")).html
      #expect(html.contains(":rocket:") && !html.contains("🚀"), "\(engine)")
      #expect(try renderer.html(.markdown("Shipped :rocket:\n")).html == html)
    }
    let asked = try renderer(engine: engine) {
      $0.profile = .commonMark
      $0.options.extensions.insert(.emoji)
    }
    #expect(try asked.html(.markdown("Shipped :rocket:\n")).html.contains("🚀"))
  }

  @Test(arguments: engines)
  func aDocumentWithoutShortcodesKeepsTheEnginesOwnHTML(engine: String) throws {
    // Without the gfm passes that change every document with a heading or raw HTML.
    let renderer = try renderer(engine: engine) {
      $0.disabledExtensions.formUnion([.headingAnchors, .allowedHTML])
    }
    #expect(renderer.options.extensions.contains(.emoji))
    let markdown = "# Title\n\nAt 10:30:15, see https://example.com/a:b, a::b and :nope:.\n"
    #expect(!EmojiPass().mayChange(markdownUTF8: Data(markdown.utf8)))
    let own = try renderer.engine.render(markdown, options: renderer.options).html
    #expect(try renderer.html(.markdown(utf8: Data(markdown.utf8))).html == own)
  }

  @Test func theTableHoldsEveryAliasOfGitHubsList() throws {
    struct Entry: Decodable {
      let emoji: String
      let aliases: [String]
    }
    let entries = try JSONDecoder().decode(
      [Entry].self, from: SharedFixtures.data("reference/gemoji/emoji.json"))
    let aliases = entries.flatMap { entry in entry.aliases.map { ($0, entry.emoji) } }
    #expect(aliases.count > 1_800)
    #expect(EmojiShortcodes.count == aliases.count)
    let wrong = aliases.filter { EmojiShortcodes.emoji(named: $0.0) != $0.1 }.map(\.0)
    #expect(wrong == [])
    // The screen and the replacement find every alias, whatever its first letter and length.
    let pass = EmojiPass()
    let missed = aliases.filter { alias, emoji in
      !pass.mayChange(markdownUTF8: Data("x :\(alias): y".utf8))
        || EmojiShortcodes.replacing(in: "x :\(alias): y") != "x \(emoji) y"
    }
    #expect(missed.map(\.0) == [])
  }

  /// Text on either side of code changes, the code's own text does not: the pass changes text
  /// nodes in place, each on its own.
  @Test(arguments: engines)
  func textNextToCodeChangesAndTheCodeDoesNot(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let html = try renderer.html(
      .markdown("a:tada:`:bug:`:rocket:b `x` :+1:\n\n*:sparkles:*`:bug:`\n")
    ).html
    #expect(html.contains("a🎉<code>:bug:</code>🚀b <code>x</code> 👍"), "\(engine): \(html)")
    #expect(html.contains("<em>✨</em><code>:bug:</code>"), "\(engine): \(html)")
  }

  @Test func shortcodesAreReplacedWhereGitHubReplacesThem() {
    let cases: [(String, String?)] = [
      ("done:tada:", "done🎉"),
      (":laughing: :satisfied:", "😆 😆"),
      (":x:y:smile:", "❌y😄"),
      (":nope:smile:", ":nope😄"),
      (":Smile:", nil),
      ("::", nil),
      (": smile:", nil),
      ("see https://example.com/:smile:/ now :smile:", "see https://example.com/:smile:/ now 😄"),
      ("www.example.com/:smile:", nil),
      ("é:smile:é", "é😄é"),
    ]
    for (text, expected) in cases {
      #expect(EmojiShortcodes.replacing(in: text) == expected, "\(text)")
    }
  }

  @Test func theScreenFindsEveryShortcodeAndPassesOverColonsAlone() {
    let pass = EmojiPass()
    for markdown in [":a:", "x :+1: y", "end :tada:"] {
      #expect(pass.mayChange(markdownUTF8: Data(markdown.utf8)), "\(markdown)")
    }
    for markdown in ["", ":", "::", "https://example.com", "a: b :", "ab:", ":A:", ":nope:"] {
      #expect(!pass.mayChange(markdownUTF8: Data(markdown.utf8)), "\(markdown)")
    }
  }
}
