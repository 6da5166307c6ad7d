import Foundation
import FrontMatter
import RenderCore
import Testing

@Suite struct FrontMatterReaderTests {
  private let reader = FrontMatterReader()

  @Test func readsTypedValuesAndBlanksTheBlock() throws {
    let markdown = """
      ---
      title: "Release notes"
      draft: false
      version: 3
      ratio: 0.75
      tags: [swift, markdown]
      author:
        name: Ada
        email: ~
      ---
      # Heading

      """
    let result = try reader.read(markdown)
    #expect(result.hasFrontMatter)
    #expect(result.metadata["title"] == .string("Release notes"))
    #expect(result.metadata["draft"] == .bool(false))
    #expect(result.metadata["version"] == .integer(3))
    #expect(result.metadata["ratio"] == .double(0.75))
    #expect(result.metadata["tags"] == .array([.string("swift"), .string("markdown")]))
    #expect(
      result.metadata["author"] == .dictionary(["name": .string("Ada"), "email": .null]))
    // Ten lines of front matter become ten empty lines: line numbers are kept.
    #expect(result.body == String(repeating: "\n", count: 10) + "# Heading\n")
  }

  @Test func quotedScalarsStayStrings() throws {
    let result = try reader.read(
      "---\nyes: 'true'\nnumber: \"12\"\nplain: 12abc\ndate: 2024-01-05\n---\n")
    #expect(result.metadata["yes"] == .string("true"))
    #expect(result.metadata["number"] == .string("12"))
    #expect(result.metadata["plain"] == .string("12abc"))
    #expect(result.metadata["date"] == .string("2024-01-05"))
  }

  @Test func closesWithDotsAndAcceptsCRLFAndTrailingBlanks() throws {
    let result = try reader.read("---  \r\ntitle: A\r\n...\t\r\nText\r\n")
    #expect(result.metadata["title"] == .string("A"))
    #expect(result.body == "\n\n\nText\r\n")
  }

  @Test func withoutAClosingFenceTheDocumentIsUnchanged() throws {
    let markdown = "---\ntitle: A\n\nSome text\n"
    let result = try reader.read(markdown)
    #expect(!result.hasFrontMatter)
    #expect(result.body == markdown)
    #expect(result.metadata.isEmpty)
  }

  @Test func onlyTheFirstLineCanOpenIt() throws {
    let markdown = "Intro\n---\ntitle: A\n---\n"
    #expect(try reader.read(markdown).body == markdown)
    let indented = " ---\ntitle: A\n---\n"
    #expect(try reader.read(indented).body == indented)
  }

  /// Every document whose block is taken out must be one `mayRead` flags, or a caller that
  /// hands unflagged bytes on undecoded would render its front matter as Markdown.
  @Test(arguments: [
    "---\ntitle: A\n---\nText\n", "\u{FEFF}---\ntitle: A\n---\n", "---  \r\ntitle: A\r\n...\t\r\n",
    "---\rtitle: A\r---\r", "---\n---\nText\n", "---\ntitle: A\n\nSome text\n", "---",
    "Intro\n---\ntitle: A\n---\n", " ---\ntitle: A\n---\n", "----\na: 1\n----\n",
    "--- x\na: 1\n---\n",
    "", "# Hi\n", "\u{FEFF}# Hi\n",
  ])
  func mayReadFlagsEveryDocumentWithABlock(markdown: String) throws {
    let bytes = Array(markdown.utf8)
    if try reader.read(markdown).hasFrontMatter { #expect(reader.mayRead(bytes)) }
    // The rule as the documentation states it: the first line, after a byte-order mark, is
    // `---` and nothing but spaces and tabs.
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    let firstLine = text.prefix { $0 != 0x0A && $0 != 0x0D }
    let isFence =
      firstLine.starts(with: Array("---".utf8))
      && firstLine.dropFirst(3).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    #expect(reader.mayRead(bytes) == isFence)
    #expect(reader.mayRead(Data(bytes)) == isFence)
    // A collection with no contiguous storage takes the other path, with the same answer.
    #expect(reader.mayRead(bytes.lazy.map { $0 }) == isFence)
    #expect(!reader.mayRead(bytes, mode: .text))
  }

  @Test func aBlockThatIsNotAMappingIsLeftAsMarkdown() throws {
    let markdown = "---\nJust a sentence between two rules\n---\n"
    let result = try reader.read(markdown)
    #expect(!result.hasFrontMatter)
    #expect(result.body == markdown)
  }

  @Test func anEmptyBlockIsTakenOut() throws {
    let result = try reader.read("---\n---\nText\n")
    #expect(result.hasFrontMatter)
    #expect(result.metadata.isEmpty)
    #expect(result.body == "\n\nText\n")
  }

  @Test func malformedYAMLGivesTheLineAndColumnInTheDocument() {
    // Line 3 of the document is the second line of the YAML; the flow sequence never closes.
    let markdown = "---\ntitle: A\ntags: [a, b\nnext: c\n---\n"
    #expect {
      try reader.read(markdown)
    } throws: { error in
      guard case .invalidFrontMatter(let line, let column, let problem)? = error as? RenderError
      else { return false }
      return line >= 3 && column >= 1 && !problem.isEmpty
    }
  }

  @Test func mappingValueErrorPointsAtTheColon() {
    let markdown = "---\ntitle: a: b\n---\n"
    #expect(
      throws: RenderError.invalidFrontMatter(
        line: 2, column: 9, problem: "mapping values are not allowed in this context")
    ) {
      try reader.read(markdown)
    }
  }

  @Test func malformedYAMLRendersAsTextWhenAsked() throws {
    let markdown = "---\ntitle: a: b\n---\nText\n"
    let result = try reader.read(markdown, mode: .metadataOrText)
    #expect(!result.hasFrontMatter)
    #expect(result.body == markdown)
  }

  @Test func textModeNeverTakesItOut() throws {
    let markdown = "---\ntitle: A\n---\n"
    #expect(try reader.read(markdown, mode: .text).body == markdown)
  }

  @Test func repeatedKeysAreAnError() {
    #expect(
      throws: RenderError.invalidFrontMatter(
        line: 3, column: 1, problem: "the key \"title\" is repeated")
    ) {
      try reader.read("---\ntitle: A\ntitle: B\n---\n")
    }
  }

  @Test func aliasesRepeatTheAnchoredValue() throws {
    let result = try reader.read("---\nbase: &b {size: 2}\ncopy: *b\n---\n")
    #expect(result.metadata["copy"] == .dictionary(["size": .integer(2)]))
    #expect(result.metadata["copy"] == result.metadata["base"])
  }

  @Test func anAliasToNoAnchorIsAnError() {
    #expect(
      throws: RenderError.invalidFrontMatter(
        line: 2, column: 7, problem: "the alias *nowhere refers to no anchor &nowhere before it")
    ) {
      try reader.read("---\ncopy: *nowhere\n---\n")
    }
  }

  @Test func aSecondDocumentIsAnError() {
    #expect {
      try reader.read("---\na: 1\n--- # second\nb: 2\n...\n")
    } throws: { error in
      guard case .invalidFrontMatter(_, _, let problem)? = error as? RenderError else {
        return false
      }
      return problem.contains("more than one YAML document")
    }
  }

  @Test func complexKeysAreAnError() {
    #expect {
      try reader.read("---\n? [a, b]\n: c\n---\n")
    } throws: { error in
      guard case .invalidFrontMatter(let line, _, _)? = error as? RenderError else { return false }
      return line == 2
    }
  }

  @Test func theLibraryVersionIsReported() {
    #expect(FrontMatterReader.libraryVersion.split(separator: ".").count == 3)
  }
}
