import RenderOutline
import Testing

/// The cases github-slugger documents in its README and test fixtures (the behaviour GitHub's
/// heading anchors follow), written out here as text and expected slug.
@Suite struct HeadingSluggerTests {
  private func slugs(_ texts: [String]) -> [String] {
    var slugger = HeadingSlugger()
    return texts.map { slugger.slug(for: $0) }
  }

  @Test func lowerCasesAndTurnsSpacesIntoDashes() {
    #expect(slugs(["bravoCharlieDelta", "Hello World"]) == ["bravocharliedelta", "hello-world"])
  }

  @Test func dropsPunctuationButKeepsDashesAndUnderscores() {
    #expect(
      slugs([
        "heading with a - dash", "heading with an _ underscore", "heading with a period.txt",
        "exchange.bind_headers(exchange, routing [, bindCallback])",
        "apostrophe’s should be trimmed", "__proto__",
      ]) == [
        "heading-with-a---dash", "heading-with-an-_-underscore", "heading-with-a-periodtxt",
        "exchangebind_headersexchange-routing--bindcallback", "apostrophes-should-be-trimmed",
        "__proto__",
      ])
  }

  @Test func keepsLettersOfEveryScriptAndDropsSymbols() {
    #expect(
      slugs([
        "I ♥ unicode", "en–dash", "😄 unicode emoji", "😄_😄 unicode emoji", "Привет non-latin 你好",
        "Профили пользователей", "Café crème", ":ok_hand: Single", "x² and ½",
      ]) == [
        "i--unicode", "endash", "-unicode-emoji", "_-unicode-emoji", "привет-non-latin-你好",
        "профили-пользователей", "café-crème", "ok_hand-single", "x-and-",
      ])
  }

  @Test func numbersDuplicatesPastEveryTakenSlug() {
    #expect(
      slugs(["echo", "echo", "echo 1", "echo-1", "echo", "foxtrot-1", "foxtrot", "foxtrot"]) == [
        "echo", "echo-1", "echo-1-1", "echo-1-2", "echo-2", "foxtrot-1", "foxtrot", "foxtrot-2",
      ])
  }

  @Test func reservedAnchorsAreNeverHandedOut() {
    var slugger = HeadingSlugger()
    slugger.reserve("usage")
    #expect(slugger.slug(for: "Usage") == "usage-1")
  }
}
