import Foundation
import RenderKit

// Renders with every engine (in-process and isolated) and imports HTML, 1,000 times each, so
// that valgrind's leak check at exit covers every path a long-running host repeats.
let markdown = """
  # Title

  Some *emphasis*, `code`, a [link](https://example.com) and ![image](a.png).

  - one
  - two

  | a | b |
  |---|---|
  | 1 | 2 |
  """
let html = "<h1 id=top>Title</h1><p class=lead>Some <b>bold</b> &amp; <a href=/x>link</a></p>"
let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000
var engines: [any MarkdownEngine] = [CMarkEngine(), DiscountEngine()]
engines.append(try IsolatedEngine(engineID: "discount"))
var bytes = 0
for engine in engines {
  let options = RenderOptions(
    extensions: engine.descriptor.features.contains(.tables) ? [.tables] : [])
  for _ in 0..<iterations { bytes += try engine.render(markdown, options: options).html.utf8.count }
  print("\(engine.descriptor.id) (\(type(of: engine))): \(iterations) renders")
}
for _ in 0..<iterations { bytes += try HTMLImporter().importDocument(html: html).nodes.count }
print("html import: \(iterations) imports (\(bytes) bytes and nodes produced)")
