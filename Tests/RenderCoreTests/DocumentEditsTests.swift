import RenderCore
import Testing

@Suite struct DocumentEditsTests {
  /// `<p>a<b>b</b>c</p><hr>` and the ids of p, "a", b and hr.
  private func sample() -> (Document, p: Int, a: Int, b: Int, hr: Int) {
    var document = Document()
    let p = document.appendElement("p", attributes: [.init(name: "id", value: "x")], to: 0)
    document.appendText("a", to: p)
    let b = document.appendElement("b", to: p)
    document.appendText("b", to: b)
    document.appendText("c", to: p)
    let hr = document.appendElement("hr", to: 0)
    return (document, p, p + 1, b, hr)
  }

  private func html(_ document: Document) -> String {
    var output = ""
    document.walk(
      below: document.root,
      enter: { id in
        let node = document.nodes[id]
        if node.kind == .text {
          output += node.text
          return false
        }
        output += "<" + node.name
        for attribute in node.attributes { output += " \(attribute.name)=\(attribute.value)" }
        output += ">"
        return true
      }, leave: { id in output += "</\(document.nodes[id].name)>" })
    return output
  }

  @Test func noEditsIsTheSameDocument() {
    let (document, _, _, _, _) = sample()
    #expect(document.applying(DocumentEdits()) == document)
  }

  @Test func eachEditChangesOnlyItsNode() {
    let (document, p, a, b, hr) = sample()
    var edits = DocumentEdits()
    edits.replace(b) { copy, parent in copy.appendElement("i", to: parent) }
    #expect(html(document.applying(edits)) == "<p id=x>a<i></i>c</p><hr></hr>")

    edits = DocumentEdits()
    edits.remove(hr)
    edits.setText("A", of: a)
    #expect(html(document.applying(edits)) == "<p id=x>A<b>b</b>c</p>")

    edits = DocumentEdits()
    edits.wrap(b, in: "SPAN", attributes: [.init(name: "class", value: "k")])
    edits.wrap(a, in: "em")
    #expect(
      html(document.applying(edits))
        == "<p id=x><em>a</em><span class=k><b>b</b></span>c</p><hr></hr>")

    edits = DocumentEdits()
    edits.insert(before: hr) { copy, parent in copy.appendText("!", to: parent) }
    edits.insert(atStartOf: p) { copy, parent in copy.appendText("<", to: parent) }
    edits.insert(atEndOf: p) { copy, parent in copy.appendText(">", to: parent) }
    #expect(html(document.applying(edits)) == "<p id=x><a<b>b</b>c></p>!<hr></hr>")

    edits = DocumentEdits()
    edits.rename(p, to: "DIV")
    edits.setAttribute("id", to: nil, of: p)
    edits.setAttribute("class", to: "y", of: p)
    #expect(html(document.applying(edits)) == "<div class=y>a<b>b</b>c</div><hr></hr>")
  }

  @Test func replacingMatchesTheEditsThatReplace() {
    let (document, _, _, b, _) = sample()
    var edits = DocumentEdits()
    edits.replace(b) { copy, parent in copy.appendText("B", to: parent) }
    let replaced = document.replacing([b]) { _, copy, parent in copy.appendText("B", to: parent) }
    #expect(document.applying(edits) == replaced)
    #expect(replaced.textContent(of: replaced.root) == "aBc")
  }
}
