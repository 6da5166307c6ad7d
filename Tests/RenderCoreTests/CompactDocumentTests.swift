import Testing

@testable import RenderCore

@Suite struct CompactDocumentTests {
  /// A document touching every storage path: attributes set twice, text merged after other
  /// text was written, a name outside HTML's vocabulary.
  private func sample() -> Document {
    var document = Document()
    let first = document.appendElement(
      "P", attributes: [.init(name: "class", value: "a b"), .init(name: "id", value: "x")],
      to: document.root)
    document.appendText("one", to: first)
    let second = document.appendElement("my-widget", to: document.root)
    document.appendText("two", to: second)
    // `first`'s text is no longer at the end of the byte buffer: merging must move it.
    document.appendText(" more", to: first)
    document.setAttribute("ID", to: "y", of: first)
    document.setAttribute("data-new", to: "é\"<", of: second)
    return document
  }

  @Test func textMergedAfterOtherTextKeepsBoth() {
    let document = sample()
    #expect(document.text(of: 2) == "one more")
    #expect(document.textContent(of: document.root) == "one moretwo")
  }

  @Test func fastAccessorsAgreeWithTheMaterialisedNodes() {
    let document = sample()
    for id in document.nodes.indices {
      let node = document.nodes[id]
      #expect(document.kind(of: id) == node.kind)
      #expect(document.name(of: id) == node.name)
      #expect(document.text(of: id) == node.text)
      #expect(document.attributes(of: id) == node.attributes)
      #expect(document.parent(of: id) == node.parent)
      #expect(document.firstChild(of: id) == node.firstChild)
      #expect(document.nextSibling(of: id) == node.nextSibling)
      #expect(document.previousSibling(of: id) == node.previousSibling)
      for attribute in node.attributes {
        #expect(document.attribute(attribute.name, of: id) == node.attribute(attribute.name))
      }
    }
    #expect(document.attribute("id", of: 1) == "y")
    #expect(document.attributes(of: 1).map(\.name) == ["class", "id"])
    #expect(document.attribute("data-new", of: 3) == "é\"<")
  }

  @Test func equalTreesAreEqualHoweverTheyWereStored() {
    var direct = Document()
    let first = direct.appendElement(
      "p", attributes: [.init(name: "class", value: "a b"), .init(name: "id", value: "y")],
      to: direct.root)
    direct.appendText("one more", to: first)
    let second = direct.appendElement(
      "my-widget", attributes: [.init(name: "data-new", value: "é\"<")], to: direct.root)
    direct.appendText("two", to: second)
    #expect(direct == sample())
    #expect(direct.hashValue == sample().hashValue)
    var changed = direct
    changed.setAttribute("id", to: "z", of: first)
    #expect(changed != direct)
  }

  @Test func namesAreNumbersAndHTMLsVocabularyIsFixed() {
    #expect(Set(HTMLElements.vocabulary).count == HTMLElements.vocabulary.count)
    var document = Document()
    let pre = document.appendElement("PRE", to: document.root)
    #expect(document.nameID(of: pre) == .pre)
    #expect(document.names[.pre] == "pre")
    #expect(document.names[.class] == "class")
    let custom = document.appendElement("x-custom", to: document.root)
    let again = document.appendElement("x-custom", to: document.root)
    #expect(document.nameID(of: custom) == document.nameID(of: again))
    #expect(Int(document.nameID(of: custom).rawValue) >= HTMLElements.vocabulary.count)
    // Traits come from HTMLElements' sets, for the vocabulary and for names met later.
    for name in HTMLElements.void.union(HTMLElements.rawText) {
      let element = document.appendElement(name, to: document.root)
      let traits = document.names.traits[Int(document.nameID(of: element).rawValue)]
      #expect(traits.contains(.void) == HTMLElements.void.contains(name))
      #expect(traits.contains(.rawText) == HTMLElements.rawText.contains(name))
    }
  }

  @Test func replacingCopiesTheTreeItDoesNotReplace() {
    let document = sample()
    let copy = document.replacing([]) { _, _, _ in }
    #expect(copy == document)
    let swapped = document.replacing([3]) { _, copy, parent in
      copy.appendText("swapped", to: parent)
    }
    #expect(swapped.textContent(of: swapped.root) == "one moreswapped")
  }

  /// The cursor is the walk as a loop: the same nodes entered and left in the same order,
  /// a node it was told to skip neither gone into nor left.
  @Test func theCursorVisitsAsTheWalkDoes() {
    var document = sample()
    let list = document.appendElement("ul", to: document.root)
    let item = document.appendElement("li", to: list)
    document.appendElement("br", to: item)
    let skipped = document.appendElement("pre", to: item)
    document.appendText("code", to: skipped)
    document.appendElement("hr", to: document.root)
    var walked: [String] = []
    document.walk(
      below: document.root,
      enter: { id in
        walked.append("+\(id)")
        return document.kind(of: id) == .element && id != skipped
      }, leave: { id in walked.append("-\(id)") })
    var visited: [String] = []
    var cursor = Document.Cursor(below: document.root)
    while let (id, entering) = cursor.next(in: document) {
      visited.append(entering ? "+\(id)" : "-\(id)")
      if entering, document.kind(of: id) == .text || id == skipped { cursor.skipChildren() }
    }
    #expect(visited == walked)
    #expect(walked.contains("-\(list)") && !walked.contains("-\(skipped)"))
    var below = Document.Cursor(below: item)
    var inside: [Int] = []
    while let (id, entering) = below.next(in: document) {
      if entering { inside.append(id) }
    }
    #expect(inside == [item + 1, skipped, skipped + 1])
  }

  /// A text set in place changes that node alone, and a copy shares the bytes until it
  /// writes its own.
  @Test func textSetInPlaceChangesOnlyItsNode() {
    var document = sample()
    let copy = document.replacing([]) { _, _, _ in }
    let text = document.firstChild(of: 1)!
    document.setText("één", of: text)
    #expect(document.text(of: text) == "één")
    #expect(document.textContent(of: document.root) == "ééntwo")
    #expect(copy.textContent(of: copy.root) == "one moretwo")
    #expect(document.attributes(of: 1) == copy.attributes(of: 1))
  }

  /// A replacement that appends text after a copied text merges into it, as building does.
  @Test func replacingMergesTextItAppendsAfterText() {
    var document = Document()
    let paragraph = document.appendElement("p", to: document.root)
    document.appendText("a", to: paragraph)
    let bold = document.appendElement("b", to: paragraph)
    document.appendText("b", to: bold)
    let replaced = document.replacing([bold]) { _, copy, parent in
      copy.appendText("B", to: parent)
    }
    var expected = Document()
    let other = expected.appendElement("p", to: expected.root)
    expected.appendText("aB", to: other)
    #expect(replaced == expected)
  }
}
