import BenchKit
import Testing

@Suite struct CorpusTests {
  @Test func chaptersSplitBeforeLevelOneHeadingsOutsideFences() {
    let text = "# One\n\ntext\n\n```\n# not a heading\n```\n\n## Sub\n\n# Two\nmore\n"
    let corpus = Corpus(name: "t", documents: [CorpusDocument(name: "book", text: text)])
    let chapters = corpus.chapters
    #expect(chapters.map(\.name) == ["book#1", "book#2"])
    #expect(chapters[1].text == "# Two\nmore\n")
    #expect(chapters.map(\.text).joined() == text)
  }

  @Test func documentWithoutTrailingNewlineKeepsItsBytes() {
    let text = "intro\n# One\nbody"
    let chapters = Corpus(name: "t", documents: [CorpusDocument(name: "d", text: text)]).chapters
    #expect(chapters.map(\.text) == ["intro\n", "# One\nbody"])
  }

  @Test func oneChapterKeepsTheDocumentsName() {
    let document = CorpusDocument(name: "note", text: "# Only\n\ntext\n")
    #expect(Corpus(name: "t", documents: [document]).chapters == [document])
  }

  @Test func scalingRepeatsEachDocument() {
    let corpus = Corpus(name: "t", documents: [CorpusDocument(name: "d", text: "a\n")])
    let scaled = corpus.scaled(by: 4)
    #expect(scaled.documents.count == 1)
    #expect(scaled.documents[0].text == "a\n\n\na\n\n\na\n\n\na\n")
    #expect(scaled.name == "t×4")
  }
}
