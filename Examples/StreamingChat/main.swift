// A chat app's view of a model's answer, as it arrives: a Markdown file fed in small chunks
// (as tokens come), each finished block turned into styled text once, the unfinished end
// shown repaired (an open fence closed, open emphasis closed) and replaced on every chunk.
//
//   swift run streaming-chat ANSWER.md [CHUNK_BYTES [DELAY_MS]]
//
// It prints what the view holds after each chunk (blocks final so far, the tail's last
// line), then the whole answer as plain text, and checks it equals the one-shot rendering.
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

do {
  let answer = try Data(contentsOf: URL(fileURLWithPath: path))
  let renderer = try Renderer(configuration: .resolve())
  let stream = MarkdownStream(
    renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer))
  var view = StreamedDocument<StyledText>()
  let bytes = [UInt8](answer)
  for start in stride(from: 0, to: bytes.count, by: chunkBytes) {
    view.apply(try stream.feed(bytes[start..<min(bytes.count, start + chunkBytes)]))
    let tailLine = view.tail?.output.string.split(separator: "\n").last ?? ""
    print("[\(view.blocks.count) blocks] \(tailLine)")
    if delay > 0 { Thread.sleep(forTimeInterval: delay) }
  }
  view.apply(try stream.finish())
  let shown = StyledText.joining(view.outputs)
  print("---")
  print(shown.plainText)
  let oneShot = try renderer.styledText(.markdown(utf8: answer))
  guard shown.plainText == oneShot.plainText else {
    FileHandle.standardError.write(Data("streaming-chat: differs from the one-shot text\n".utf8))
    exit(1)
  }
} catch {
  FileHandle.standardError.write(Data("streaming-chat: \(error)\n".utf8))
  exit(1)
}
