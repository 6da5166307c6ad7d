import Foundation
import RenderKit

extension StreamUpdate {
  /// The update as JSON events, one object a line, in the order they apply:
  /// `{"event":"reopen","id":3}`, then
  /// `{"event":"revise","id":0,"range":[0,42],"output":…}`, then
  /// `{"event":"commit","id":7,"range":[120,300],"final":true,"replacing":[],"output":…}`,
  /// then `{"event":"tail","range":[300,321],"output":…}`. `output` is the JSON text of a
  /// block's output (see the variants for HTML and styled text).
  public func jsonLines(output: (Output) -> String) -> String {
    var lines: [String] = []
    for id in reopened { lines.append(#"{"event":"reopen","id":\#(id)}"#) }
    for block in revised {
      lines.append(
        #"{"event":"revise","id":\#(block.id),"range":\#(Self.json(block.sourceRange)),"#
          + #""output":\#(output(block.output))}"#)
    }
    for block in committed {
      let replacing = block.replacing.map(String.init).joined(separator: ",")
      lines.append(
        #"{"event":"commit","id":\#(block.id),"range":\#(Self.json(block.sourceRange)),"#
          + #""final":\#(block.isFinal),"replacing":[\#(replacing)],"#
          + #""output":\#(output(block.output))}"#)
    }
    if let tail {
      lines.append(
        #"{"event":"tail","range":\#(Self.json(tail.sourceRange)),"output":\#(output(tail.output))}"#
      )
    }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func json(_ range: Range<Int>) -> String {
    "[\(range.lowerBound),\(range.upperBound)]"
  }
}

extension StreamUpdate where Output == String {
  /// ``jsonLines(output:)`` with each HTML fragment as a JSON string.
  public var jsonLines: String {
    jsonLines { html in
      let data = try? JSONSerialization.data(withJSONObject: html, options: .fragmentsAllowed)
      return data.map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
  }
}

extension StreamUpdate where Output == StyledText {
  /// ``jsonLines(output:)`` with each block's styled text as its JSON (text, runs, blocks),
  /// on one line: a JSON string holds no raw newline, so every newline is layout.
  public var jsonLines: String {
    jsonLines { String(decoding: $0.jsonData().filter { $0 != 0x0A }, as: UTF8.self) }
  }
}
