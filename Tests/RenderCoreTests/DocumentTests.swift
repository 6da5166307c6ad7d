import RenderCore
import Testing

@Suite struct DocumentTests {
  @Test func buildsATreeAndReadsItBack() {
    var document = Document()
    let paragraph = document.appendElement(
      "P",
      attributes: [.init(name: "CLASS", value: "lead  intro"), .init(name: "id", value: "first")],
      to: document.root)
    document.appendText("Hello ", to: paragraph)
    let bold = document.appendElement("b", to: paragraph)
    document.appendText("world", to: bold)
    document.appendText("!", to: paragraph)
    #expect(document.nodes[paragraph].name == "p")
    #expect(document.nodes[paragraph].classes == ["lead", "intro"])
    #expect(document.nodes[paragraph].id == "first")
    #expect(document.children(of: paragraph).count == 3)
    #expect(document.textContent(of: document.root) == "Hello world!")
  }

  @Test func adjacentTextIsMerged() {
    var document = Document()
    document.appendText("a", to: document.root)
    document.appendText("b", to: document.root)
    #expect(document.nodes.count == 2)
    #expect(document.nodes[1].text == "ab")
  }

  @Test func deepTreesAreWalkedWithoutRecursion() {
    var document = Document()
    var parent = document.root
    for _ in 0..<100_000 { parent = document.appendElement("div", to: parent) }
    document.appendText("deep", to: parent)
    #expect(document.textContent(of: document.root) == "deep")
    var count = 0
    document.forEachDescendant(of: document.root) { _ in count += 1 }
    #expect(count == 100_002)
  }
}
