// A chat app's view of a model's answer, as it arrives: a Markdown file fed in small chunks
// (as tokens come). Each block is turned into styled text once, by the chunk that makes it
// final, and shown for good; the open block below it is shown repaired (an open fence or
// emphasis closed) and, on a terminal, redrawn in place on every chunk.
//
//   swift run streaming-chat ANSWER.md [CHUNK_BYTES [DELAY_MS]]
//
// Each block is printed as it is committed, after a line `[block ID at byte N]` (a link
// whose definition comes later is printed again after `[block ID revised]`); then `---`,
// the whole answer as plain text, and a check that it equals the one-shot rendering.
import Foundation
import RenderKit
import RenderStream

// When started as an isolated engine's worker, serve and exit: the app ships only itself.
WorkerService.runIfRequested()

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
  FileHandle.standardError.write(Data("usage: streaming-chat FILE [CHUNK_BYTES [DELAY_MS]]\n".utf8))
  exit(2)
}
let chunkBytes = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 16) : 16
let delay = arguments.count > 2 ? (Double(arguments[2]) ?? 0) / 1000 : 0
let live = isatty(STDOUT_FILENO) == 1

/// Written at once (standard output is buffered into a pipe), so each block shows as it comes.
func show(_ text: String) {
  FileHandle.standardOutput.write(Data(text.utf8))
}

do {
  let answer = try Data(contentsOf: URL(fileURLWithPath: path))
  let renderer = try Renderer(configuration: .resolve())
  // The open block is rendered only when it is shown.
  let stream = MarkdownStream(
    renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer),
    rendersTail: live)
  var view = StreamedDocument<StyledText>()
  var drawnRows = 0
  func apply(_ update: StreamUpdate<StyledText>) {
    view.apply(update)
    // Live: the open block drawn last is erased, the new blocks written for good below what
    // was written before, and the open block drawn again.
    var out = drawnRows > 0 ? "\u{1B}[\(drawnRows)A\r\u{1B}[J" : ""
    for block in update.revised {
      out += "[block \(block.id) revised]\n\(block.output.plainText)\n"
    }
    // A block that is not final (from a footnote reference on, until the notes are known)
    // is shown with the open block, and printed when the block that replaces it comes.
    for block in update.committed where block.isFinal && !block.output.plainText.isEmpty {
      out += "[block \(block.id) at byte \(block.sourceRange.upperBound)]\n"
      out += block.output.plainText + "\n"
    }
    drawnRows = 0
    let open =
      view.blocks.filter { !$0.isFinal }.map(\.output) + [view.tail?.output].compactMap { $0 }
    let openText = StyledText.joining(open).plainText
    if live, !openText.isEmpty {
      let lines = openText.split(separator: "\n", omittingEmptySubsequences: false)
      out += "\u{1B}[2m" + lines.joined(separator: "\n") + "\u{1B}[0m\n"
      drawnRows = lines.count
    }
    if !out.isEmpty { show(out) }
  }
  let bytes = [UInt8](answer)
  for start in stride(from: 0, to: bytes.count, by: chunkBytes) {
    apply(try stream.feed(bytes[start..<min(bytes.count, start + chunkBytes)]))
    if delay > 0 { Thread.sleep(forTimeInterval: delay) }
  }
  apply(try stream.finish())
  let shown = StyledText.joining(view.outputs)
  show("---\n" + shown.plainText + "\n")
  let oneShot = try renderer.styledText(.markdown(utf8: answer))
  guard shown.plainText == oneShot.plainText else {
    FileHandle.standardError.write(Data("streaming-chat: differs from the one-shot text\n".utf8))
    exit(1)
  }
} catch {
  FileHandle.standardError.write(Data("streaming-chat: \(error)\n".utf8))
  exit(1)
}
