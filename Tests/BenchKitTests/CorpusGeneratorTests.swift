import BenchKit
import Testing

@Suite struct CorpusGeneratorTests {
  @Test func sameSeedGivesTheSameBytes() {
    let first = CorpusGenerator(seed: 7).corpus(targetBytes: 200_000)
    let second = CorpusGenerator(seed: 7).corpus(targetBytes: 200_000)
    #expect(first.documents == second.documents)
    #expect(first.sha256 == second.sha256)
  }

  @Test func otherSeedGivesOtherBytes() {
    let first = CorpusGenerator(seed: 7).corpus(targetBytes: 50_000)
    let second = CorpusGenerator(seed: 8).corpus(targetBytes: 50_000)
    #expect(first.sha256 != second.sha256)
  }

  @Test func defaultCorpusIsTwoMegabytesOfManyDocuments() {
    let corpus = CorpusGenerator().corpus()
    #expect((2_000_000..<2_300_000).contains(corpus.byteCount))
    #expect(corpus.documents.count > 50)
    #expect(corpus.documents.contains { $0.byteCount >= 100_000 })
  }

  @Test(arguments: [
    ("ATX heading", "\n## "), ("setext heading", "\n==="), ("emphasis", " *"),
    ("strong", "**"), ("link", "](http"), ("inline code", " `"), ("bullet list", "\n- "),
    ("ordered list", "\n1. "), ("nested list", "\n  - "), ("quote", "\n> "),
    ("nested quote", "\n> > "), ("fenced code", "\n```"), ("tilde fence", "\n~~~"),
    ("indented code", "\n\n    "), ("tab-indented code", "\n\t"), ("table", "| :---: |"),
    ("raw HTML block", "\n<div class=\"note\">"), ("inline HTML", "<kbd>"),
    ("comment", "\n<!-- "), ("named entity", "&copy;"), ("numeric entity", "&#x2014;"),
    ("rule", "\n---\n"), ("reference definition", "\n[ref1]: http"), ("image", "!["),
    ("non-ASCII text", "東京"), ("hard break", "  \n"),
  ])
  func documentsCoverEveryConstruct(construct: String, marker: String) {
    let corpus = CorpusGenerator().corpus(targetBytes: 300_000)
    let text = corpus.documents.map(\.text).joined(separator: "\n")
    #expect(text.contains(marker), "no \(construct) (\(marker.debugDescription))")
  }

  @Test func eachDocumentHasEveryKindOfBlock() {
    let text = CorpusGenerator().document(seed: 1, targetBytes: 100)
    #expect(text.hasPrefix("# "))
    #expect(text.contains("```") && text.contains("~~~") && text.contains(" |\n| "))
  }
}
