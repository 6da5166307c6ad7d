/// Generates the built-in corpus: realistic Markdown documents of every construct, the same
/// bytes for the same seed on every machine, so that runs compare without any files.
///
/// ```swift
/// let corpus = CorpusGenerator(seed: 1).corpus(targetBytes: 2_000_000)
/// ```
package struct CorpusGenerator: Sendable {
  /// The seed the default run uses.
  package static let defaultSeed: UInt64 = 0x5EED_2026

  /// The seed every choice derives from.
  package var seed: UInt64

  /// Creates a generator for `seed`.
  package init(seed: UInt64 = CorpusGenerator.defaultSeed) {
    self.seed = seed
  }

  /// Documents totalling about `targetBytes`: mostly 2–20 KB, every tenth one long
  /// (5 % of the target, between 20 and 200 KB), as a mix of notes and books.
  package func corpus(targetBytes: Int = 2_000_000) -> Corpus {
    var random = SeededGenerator(seed: seed)
    var documents: [CorpusDocument] = []
    var total = 0
    while total < targetBytes {
      let index = documents.count
      let long = index % 10 == 9
      let size = long ? min(200_000, max(20_000, targetBytes / 20)) : random.int(in: 2_000...20_000)
      let documentSeed = random.next()
      let text = document(seed: documentSeed, targetBytes: size)
      let name = "generated/\(String(index + 1).leftPadded(to: 4))\(long ? "-long" : "")"
      documents.append(CorpusDocument(name: name, text: text))
      total += text.utf8.count
    }
    return Corpus(name: "generated", documents: documents)
  }

  /// One document: a title, then every kind of block once in a shuffled order, then random
  /// blocks (paragraphs weighted as in prose) until it reaches `targetBytes`.
  package func document(seed: UInt64, targetBytes: Int) -> String {
    var writer = MarkdownBlockWriter(inline: InlineTextWriter(random: SeededGenerator(seed: seed)))
    var kinds = MarkdownBlockWriter.Kind.allCases
    for index in stride(from: kinds.count - 1, to: 0, by: -1) {
      kinds.swapAt(index, writer.inline.random.int(in: 0...index))
    }
    var blocks = ["# " + writer.inline.words(writer.inline.random.int(in: 2...5))]
    var size = blocks[0].utf8.count
    var position = 0
    while position < kinds.count || size < targetBytes {
      let kind: MarkdownBlockWriter.Kind
      if position < kinds.count {
        kind = kinds[position]
      } else {
        kind =
          writer.inline.random.chance(45)
          ? .paragraph : writer.inline.random.pick(MarkdownBlockWriter.Kind.allCases)
      }
      position += 1
      let block = writer.block(kind)
      size += block.utf8.count + 2
      blocks.append(block)
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }
}

extension String {
  /// The string padded with leading zeros to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
