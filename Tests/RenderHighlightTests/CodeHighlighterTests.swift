import Foundation
import RenderHighlight
import Testing

/// A fixture of Tests/RenderHighlightTests/Fixtures.
private func fixture(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent(name)
  return try String(contentsOf: url, encoding: .utf8)
}

/// The classes of the runs that overlap the first occurrence of `substring` in `code`.
private func classes(
  of substring: String, in result: HighlightResult, code: String
) -> Set<TokenClass> {
  guard let range = code.range(of: substring) else { return [] }
  let start = code.utf8.distance(from: code.startIndex, to: range.lowerBound)
  let end = start + substring.utf8.count
  return Set(
    result.tokens.filter { $0.utf8Range.overlaps(start..<end) }.map(\.tokenClass))
}

/// Whether the runs, in order, are the whole of `code`: no byte lost, none twice.
private func coversExactly(_ result: HighlightResult, _ code: String) -> Bool {
  var offset = 0
  for token in result.tokens {
    guard token.utf8Range.lowerBound == offset, !token.utf8Range.isEmpty else { return false }
    offset = token.utf8Range.upperBound
  }
  return offset == code.utf8.count
    && result.tokens.map { String($0.text(in: code)) }.joined() == code
}

/// A fixture, its language, and substrings with the one class each must have.
struct ClassedSample: Sendable, CustomTestStringConvertible {
  let file: String
  let language: String
  let expected: [(String, TokenClass)]
  var testDescription: String { language }
}

private let samples: [ClassedSample] = [
  ClassedSample(
    file: "sample.swift", language: "swift",
    expected: [
      ("import", .keyword), ("/// A greeting, said once.", .comment), ("struct", .keyword),
      ("/* block /* nested */ comment */", .comment), ("guard", .keyword), ("42", .number),
      ("\"none\"", .string), ("String", .type),
    ]),
  ClassedSample(
    file: "sample.c", language: "c",
    expected: [
      ("/* Prints the answer. */", .comment), ("return", .keyword), ("42", .number),
      ("// the answer", .comment), ("\"%d", .string), ("#include", .preprocessor),
    ]),
  ClassedSample(
    file: "sample.py", language: "python",
    expected: [
      ("# Lists a directory.", .comment), ("def", .keyword), ("for", .keyword),
      ("\"_\"", .string), ("1024", .number), ("continue", .keyword),
    ]),
  ClassedSample(
    file: "sample.js", language: "javascript",
    expected: [
      ("// Fetches a page.", .comment), ("const", .keyword), ("\"https://example.com\"", .string),
      ("3", .number), ("await", .keyword), ("return", .keyword),
    ]),
  ClassedSample(
    file: "sample.sh", language: "bash",
    expected: [
      ("# Builds every target.", .comment), ("for", .keyword), ("then", .keyword),
      ("\"building ", .string), ("done", .keyword),
    ]),
  ClassedSample(
    file: "sample.rs", language: "rust",
    expected: [
      ("// Adds one.", .comment), ("fn", .keyword), ("let", .keyword), ("1", .number),
      ("\"added\"", .string),
    ]),
  ClassedSample(
    file: "sample.kt", language: "kotlin",
    expected: [
      ("// A record type.", .comment), ("data", .keyword), ("fun", .keyword), ("18", .number),
      ("\"Ada\"", .string),
    ]),
  ClassedSample(
    file: "sample.yaml", language: "yaml",
    expected: [
      ("# Build matrix.", .comment), ("jobs", .tag), ("\"ubuntu-latest\"", .string),
      ("30", .number), ("true", .keyword),
    ]),
  ClassedSample(
    file: "sample.json", language: "json",
    expected: [("name", .tag), ("\"swift-render\"", .string), ("3", .number), ("true", .keyword)]
  ),
  ClassedSample(
    file: "sample.html", language: "html",
    expected: [("<!-- A link. -->", .comment), ("<a", .tag), ("href", .attribute)]),
  ClassedSample(
    file: "sample.diff", language: "diff",
    expected: [
      ("-Old line.", .deleted), ("+New line.", .inserted), ("@@ -1,2 +1,2 @@", .subheading),
      ("+++ b/README.md", .heading),
    ]),
]

@Suite struct CodeHighlighterTests {
  @Test(arguments: samples)
  func classesKeywordsStringsCommentsAndNumbers(_ sample: ClassedSample) throws {
    let code = try fixture(sample.file)
    let result = try #require(CodeHighlighter.shared.tokens(code: code, language: sample.language))
    #expect(result.fallback == nil)
    #expect(coversExactly(result, code))
    for (substring, tokenClass) in sample.expected {
      #expect(
        classes(of: substring, in: result, code: code) == [tokenClass],
        "\(sample.language): \(substring)")
    }
  }

  @Test func everyListedLanguageIsSupportedAndHighlightsItsFixture() throws {
    let fixtures: [String: String] = [
      "swift": "sample.swift", "c": "sample.c", "cpp": "sample.cpp", "objc": "sample.m",
      "python": "sample.py", "javascript": "sample.js", "typescript": "sample.ts",
      "json": "sample.json", "yaml": "sample.yaml", "toml": "sample.toml", "bash": "sample.sh",
      "go": "sample.go", "rust": "sample.rs", "java": "sample.java", "kotlin": "sample.kt",
      "ruby": "sample.rb", "html": "sample.html", "css": "sample.css", "sql": "sample.sql",
      "diff": "sample.diff", "dockerfile": "sample.dockerfile", "markdown": "sample.md",
    ]
    let supported = Set(CodeHighlighter.supportedLanguages)
    for (language, file) in fixtures.sorted(by: { $0.key < $1.key }) {
      #expect(supported.contains(language), "\(language) is not supported")
      let code = try fixture(file)
      let result = try #require(CodeHighlighter.shared.tokens(code: code, language: language))
      #expect(result.fallback == nil, "\(language): \(String(describing: result.fallback))")
      #expect(coversExactly(result, code), "\(language)")
      // Every fixture has a comment or a keyword-like word and a literal in it.
      let kinds = Set(result.tokens.map(\.tokenClass)).subtracting([.plain])
      #expect(kinds.count >= 2, "\(language) classes only \(kinds)")
    }
  }

  // A rule that can match nothing makes the library loop on one line for ever, out of reach
  // of the budget: every definition meets every printable character, alone and together.
  @Test(.timeLimit(.minutes(1)))
  func everyDefinitionGetsThroughEveryCharacter() throws {
    let printable = (32..<127).map { String(UnicodeScalar(UInt8($0))) }
    let code = "\n" + printable.joined(separator: "\n") + "\n" + printable.joined() + "\n\n"
    for language in CodeHighlighter.supportedLanguages {
      let result = try #require(CodeHighlighter.shared.tokens(code: code, language: language))
      #expect(result.fallback == nil, "\(language): \(String(describing: result.fallback))")
      #expect(coversExactly(result, code), "\(language)")
    }
  }

  @Test func aliasesResolveToTheirLanguage() {
    let aliases: [(String, String)] = [
      ("js", "javascript"), ("sh", "bash"), ("shell", "bash"), ("zsh", "bash"),
      ("yml", "yaml"), ("c++", "cpp"), ("ts", "typescript"), ("py", "python"),
      ("rust,ignore", "rust"), ("Swift", "swift"), ("objective-c", "objc"), ("kt", "kotlin"),
      ("docker", "dockerfile"), ("md", "markdown"), ("patch", "diff"), ("rb", "ruby"),
      ("json {title=x}", "json"), ("{.python}", "python"),
    ]
    for (alias, language) in aliases {
      #expect(CodeHighlighter.canonicalLanguage(infoString: alias) == language, "\(alias)")
      #expect(CodeHighlighter.shared.tokens(code: "x\n", language: alias)?.language == language)
    }
  }

  @Test func unknownLanguageIsNil() {
    for name in ["klingon", "", "   ", "plaintext", "text"] {
      #expect(CodeHighlighter.shared.tokens(code: "let x = 1\n", language: name) == nil, "\(name)")
    }
  }

  @Test func oversizedBlockFallsBackToOnePlainRun() {
    let highlighter = CodeHighlighter(
      limits: HighlightLimits(maximumBlockBytes: 1_000, maximumLineBytes: 2_000, budgetSeconds: 1))
    let code = String(repeating: "let x = \"1\" // c\n", count: 100)
    let result = highlighter.tokens(code: code, language: "swift")
    #expect(result?.fallback == .blockTooLarge(bytes: code.utf8.count, limit: 1_000))
    #expect(result?.tokens == [HighlightToken(utf8Range: 0..<code.utf8.count, tokenClass: .plain)])
  }

  @Test func overlongLineFallsBackToOnePlainRun() throws {
    let code = "let a = 1\n" + String(repeating: "x + ", count: 1_000) + "1\n"
    let result = try #require(CodeHighlighter.shared.tokens(code: code, language: "swift"))
    #expect(result.fallback == .lineTooLong(limit: HighlightLimits.default.maximumLineBytes))
    #expect(coversExactly(result, code))
    #expect(result.tokens.count == 1)
  }

  @Test func megabyteOfUnbalancedQuotesIsBoundedAndLosesNothing() throws {
    let highlighter = CodeHighlighter(
      limits: HighlightLimits(
        maximumBlockBytes: 2 << 20, maximumLineBytes: 2_000, budgetSeconds: 0.25))
    let line = String(repeating: "\"'`/*", count: 15) + "\n"
    let code = String(repeating: line, count: (1 << 20) / line.utf8.count)
    for language in ["swift", "javascript", "python", "bash", "c", "yaml"] {
      let clock = ContinuousClock()
      let started = clock.now
      let result = try #require(highlighter.tokens(code: code, language: language))
      let elapsed = clock.now - started
      #expect(coversExactly(result, code), "\(language)")
      // The budget is processor time; the wall-clock bound leaves room for a busy machine.
      #expect(elapsed < .seconds(10), "\(language) took \(elapsed)")
      if let fallback = result.fallback {
        #expect(fallback == .overBudget(seconds: 0.25), "\(language)")
      }
    }
  }

  // Lines of calls, just under the line limit, are the slowest the library meets: each line
  // costs it the square of its length, and the budget is checked between lines.
  @Test func slowestLinesStopAtTheBudget() throws {
    let limit = HighlightLimits.default.maximumLineBytes
    let line = String(String(repeating: "a(b(", count: limit / 4).prefix(limit - 1)) + "\n"
    let code = String(repeating: line, count: 200)
    for language in ["swift", "c", "cpp"] {
      let clock = ContinuousClock()
      let started = clock.now
      let result = try #require(CodeHighlighter.shared.tokens(code: code, language: language))
      let elapsed = clock.now - started
      #expect(result.fallback == .overBudget(seconds: HighlightLimits.default.budgetSeconds))
      #expect(coversExactly(result, code))
      // The budget is processor time, and one line may pass it; the wall-clock bound leaves
      // room for a busy machine and for other tests holding the library's lock, and is still
      // a small part of the 200 lines' unbounded cost.
      #expect(elapsed < .seconds(10), "\(language) took \(elapsed)")
    }
  }

  @Test func scriptPayloadInCodeLosesNothing() throws {
    let code = try fixture("xss.html")
    for language in ["html", "javascript", "markdown", "bash"] {
      let result = try #require(CodeHighlighter.shared.tokens(code: code, language: language))
      #expect(result.fallback == nil)
      #expect(coversExactly(result, code), "\(language)")
    }
  }

  @Test func runsEndOnCharacterBoundaries() throws {
    // An escape of a multi-byte character: the library matches the backslash and one byte.
    let code = "let s = \"caf\\é 🎉\" // 日本語\nlet t = \"\\🎉\"\n"
    let result = try #require(CodeHighlighter.shared.tokens(code: code, language: "swift"))
    #expect(coversExactly(result, code))
    #expect(classes(of: "// 日本語", in: result, code: code) == [.comment])
  }

  @Test func concurrentCallsAgreeWithSerialOnes() async throws {
    let inputs = try [
      ("swift", fixture("sample.swift")), ("python", fixture("sample.py")),
      ("rust", fixture("sample.rs")), ("yaml", fixture("sample.yaml")),
    ]
    let serial = inputs.map { CodeHighlighter.shared.tokens(code: $0.1, language: $0.0) }
    let concurrent = await withTaskGroup(of: (Int, HighlightResult?).self) { group in
      for round in 0..<32 {
        let index = round % inputs.count
        let (language, code) = inputs[index]
        group.addTask { (index, CodeHighlighter.shared.tokens(code: code, language: language)) }
      }
      var results: [(Int, HighlightResult?)] = []
      for await result in group { results.append(result) }
      return results
    }
    for (index, result) in concurrent { #expect(result == serial[index]) }
  }
}
