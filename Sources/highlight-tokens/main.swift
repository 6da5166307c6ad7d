// Reads code blocks from standard input ("<byte count>\n<bytes>", repeated) and writes each
// block's runs as "<start> <end> <class>" lines and a "#" line after it, for
// scripts/highlight-quality.py. Standard error gets the time of the first block (which reads
// the language's definition) and of all of them.
import Foundation
import RenderHighlight

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: highlight-tokens LANGUAGE < blocks\n".utf8))
  exit(2)
}
let language = CommandLine.arguments[1]
let input = FileHandle.standardInput.readDataToEndOfFile()
let highlighter = CodeHighlighter(
  limits: HighlightLimits(maximumBlockBytes: 1 << 30, maximumLineBytes: 1 << 30, budgetSeconds: 60))
let clock = ContinuousClock()
var output = ""
var position = input.startIndex
var seconds = 0.0
var firstMilliseconds = -1.0
var bytes = 0
while let newline = input[position...].firstIndex(of: UInt8(ascii: "\n")) {
  let count = Int(String(decoding: input[position..<newline], as: UTF8.self)) ?? 0
  let block = String(decoding: input[(newline + 1)..<(newline + 1 + count)], as: UTF8.self)
  position = newline + 1 + count
  let started = clock.now
  guard let result = highlighter.tokens(code: block, language: language) else {
    FileHandle.standardError.write(Data("unknown 1\n".utf8))
    exit(0)
  }
  let elapsed = clock.now - started
  let elapsedSeconds =
    Double(elapsed.components.seconds)
    + Double(elapsed.components.attoseconds) / 1e18
  if firstMilliseconds < 0 { firstMilliseconds = elapsedSeconds * 1_000 }
  seconds += elapsedSeconds
  bytes += count
  for token in result.tokens where token.tokenClass != .plain {
    output += "\(token.utf8Range.lowerBound) \(token.utf8Range.upperBound) \(token.tokenClass)\n"
  }
  output += "#\n"
}
FileHandle.standardOutput.write(Data(output.utf8))
FileHandle.standardError.write(
  Data("first_ms \(firstMilliseconds) bytes \(bytes) seconds \(seconds)\n".utf8))
