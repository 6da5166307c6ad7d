import Foundation
import RenderKit
import RenderStream

extension RenderCommand {
  /// `render --stream`: reads the input as it arrives and writes each block, and flushes it,
  /// as soon as it is final; on a terminal (`--to terminal`), the open block below, redrawn
  /// in place on every update. What is written is not taken back: a link reference
  /// definition that arrives after its use revises the block only in `--to json` (a `revise`
  /// event). At the end of the input (or Ctrl-C) the output is the one-shot output, but for
  /// such a use.
  static func stream(_ arguments: RenderArguments, context: CommandContext) -> ExitStatus {
    do throws(RenderError) {
      var configuration = try configuration(for: arguments, context: context)
      if let scheme = terminalColorScheme(for: arguments, context: context) {
        configuration.colorScheme = scheme
      }
      let renderer = try Renderer(configuration: configuration)
      let input = try StreamInput(
        path: arguments.input, maximumBytes: configuration.limits.maximumInputBytes,
        context: context)
      let write = { (text: String) throws(RenderError) in
        try context.writeOutput(Data(text.utf8))
      }
      switch arguments.to {
      case .fragment, .page:
        let output = StreamedOutput<String>(
          text: { $0.joined() }, joinsWithPrevious: false, write: write)
        try stream(
          input, renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer), into: output
        )
      case .text:
        let output = StreamedOutput<StyledText>(
          text: { StyledText.joining($0).plainText }, joinsWithPrevious: true, write: write)
        output.endsWithLineBreak = true
        try stream(
          input, renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer),
          into: output)
      case .terminal:
        let terminal = terminalRenderer(for: arguments, context: context)
        let output = StreamedOutput<StyledText>(
          text: { terminal.render(StyledText.joining($0)) }, joinsWithPrevious: true, write: write)
        if context.outputIsTerminal {
          output.liveRows = max(2, terminalRows() ?? 24)
          output.columns = terminal.width
        }
        try stream(
          input, renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer),
          into: output)
      case .json:
        let stream = MarkdownStream(
          renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer),
          rendersTail: false)
        // As below: the worker and the stylesheet made ready before the input.
        _ = try stream.rendering.render("# x\n")
        // The open block's source when it was last sent.
        var lastTail: Range<Int>?
        func send(_ update: StreamUpdate<StyledText>) throws(RenderError) {
          var update = update
          // The open block is rendered and sent once it has 64 bytes, then again once it has
          // three times the bytes it had when last sent: all the tails of a block add up to
          // about 1.5 times its last, not its square, and the feeds between render nothing.
          let open = stream.openBlock
          let sent = lastTail.map { $0.lowerBound == open.lowerBound ? $0.count : 0 } ?? 0
          if open.count >= max(64, 3 * sent) {
            update.tail = try stream.renderTail()
            lastTail = open
          }
          let lines = update.jsonLines
          if !lines.isEmpty { try write(lines) }
        }
        while let chunk = try input.next() { try send(try stream.feed(chunk)) }
        try send(try stream.finish())
      }
      return .success
    } catch {
      context.writeError("render: \(error.description)\n")
      return .failure
    }
  }

  /// Standard output's rows, when it is a terminal that says.
  private static func terminalRows() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }

  private static func stream<Rendering: BlockRendering>(
    _ input: StreamInput, renderer: Renderer, rendering: Rendering,
    into output: StreamedOutput<Rendering.Output>
  ) throws(RenderError) {
    // Only a live terminal shows the open block.
    let stream = MarkdownStream(
      renderer: renderer, rendering: rendering, rendersTail: output.liveRows != nil)
    // The first render starts an isolated engine's worker (and parses the stylesheet for
    // styled text): before the input arrives, not with the first block.
    _ = try rendering.render("# x\n")
    while let chunk = try input.next() { try output.apply(try stream.feed(chunk)) }
    try output.finish(try stream.finish())
  }
}

/// Standard input (or a file) read as it arrives, in the chunks `read` returns, held to the
/// input limit; Ctrl-C ends it as the end of the input does.
final class StreamInput {
  private let descriptor: Int32?
  private var whole: Data?
  private let maximumBytes: Int
  private let name: String
  private var count = 0
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)

  /// Set by the SIGINT handler; read returns early (EINTR) and the input ends.
  nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

  init(path: String, maximumBytes: Int, context: CommandContext) throws(RenderError) {
    self.maximumBytes = maximumBytes
    name = path == "-" ? "standard input" : path
    if path != "-" {
      let url = URL(
        fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/"))
      let opened = open(url.path, O_RDONLY)
      guard opened >= 0 else {
        throw .fileUnreadable(path: path, reason: String(cString: strerror(errno)))
      }
      descriptor = opened
    } else if let standardInput = context.standardInputDescriptor {
      descriptor = standardInput
    } else {
      // Tests give standard input whole.
      descriptor = nil
      whole = try context.readStandardInput(maximumBytes)
    }
    // Without SA_RESTART, a read waiting for input returns when Ctrl-C arrives.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in StreamInput.interrupted = 1 }
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  deinit {
    if let descriptor, descriptor != STDIN_FILENO { close(descriptor) }
  }

  /// The first bytes (up to ``BinaryInput/minimumJudgedBytes``), kept until the input is
  /// judged (``BinaryInput``); then empty.
  private var head: [UInt8] = []
  private var judged = false

  /// The next bytes; nil at the end of the input or after Ctrl-C. Input that is not text is
  /// refused by the rule a file and standard input are held to: nothing is passed on before a
  /// binary format's signature could have been seen (``BinaryInput/longestSignature`` bytes),
  /// and the shares of NULs and invalid UTF-8 are judged once the first
  /// ``BinaryInput/minimumJudgedBytes`` have arrived, so that a block final before then is
  /// shown at once rather than held for bytes that may come much later.
  func next() throws(RenderError) -> ArraySlice<UInt8>? {
    guard !judged else { return try nextRead() }
    var passed: [UInt8] = []
    while true {
      guard let chunk = try nextRead() else {
        try judge(final: true)
        return passed.isEmpty ? nil : passed[...]
      }
      head.append(contentsOf: chunk.prefix(BinaryInput.minimumJudgedBytes - head.count))
      passed.append(contentsOf: chunk)
      if head.count >= BinaryInput.minimumJudgedBytes {
        try judge(final: true)
        return passed[...]
      }
      if head.count >= BinaryInput.longestSignature {
        try judge(final: false)
        return passed[...]
      }
    }
  }

  /// Refuses the input if ``head`` is binary; `final` once no later byte can change that.
  private func judge(final: Bool) throws(RenderError) {
    if BinaryInput.isBinary(Data(head), readAs: .markdown) {
      throw RenderCommand.binaryFile(name)
    }
    if final {
      judged = true
      head = []
    }
  }

  /// The next bytes read; nil at the end of the input or after Ctrl-C.
  private func nextRead() throws(RenderError) -> ArraySlice<UInt8>? {
    guard let descriptor else {
      defer { whole = nil }
      return whole.map { Array($0)[...] }
    }
    while StreamInput.interrupted == 0 {
      let got = read(descriptor, &buffer, buffer.count)
      if got < 0 {
        if errno == EINTR { continue }
        throw .fileUnreadable(path: name, reason: String(cString: strerror(errno)))
      }
      if got == 0 { return nil }
      count += got
      if count > maximumBytes {
        throw .limitExceeded(
          limit: RenderLimits.inputLimitName, value: count, maximum: maximumBytes)
      }
      return buffer[..<got]
    }
    return nil
  }
}

/// Writes a stream's blocks as text: each final block once, in order, as soon as it is final,
/// and at the end what the one-shot output adds after them. A block written is not taken
/// back: a later revision (a link reference defined after its use) is not shown. Live (on a terminal), the blocks that may still change
/// and the tail are drawn below, and erased and drawn again when they change: the cursor only
/// ever moves up over those lines, never over a line written for good.
///
/// Where blocks join with margins (styled text), the last line of the written blocks is held
/// back until a block follows it: how it ends (its styles closed, the margin after it) depends
/// on what comes next. What is written is then always whole lines of the one-shot output.
final class StreamedOutput<Output: Sendable & Equatable> {
  /// The text of a run of whole blocks, joined as one document joins them.
  let text: ([Output]) -> String
  /// Whether a block's text depends on the block before it (margins collapse between them).
  let joinsWithPrevious: Bool
  let write: (String) throws(RenderError) -> Void
  /// The terminal's rows when drawing live; nil writes only what is final.
  var liveRows: Int?
  /// Whether the whole output ends with a line break (plain text does).
  var endsWithLineBreak = false
  /// Live: the terminal's columns, past which a line (a long code line) takes more rows.
  var columns = 80

  private var shown = StreamedDocument<Output>()
  private var writtenBlocks = 0
  /// The blocks written, by id, as they were written (a revision changes only `shown`).
  private var writtenOutputs: [Int: Output] = [:]
  /// What was written for good.
  private var written: [UInt8] = []
  /// Live: the lines of the blocks after the written ones, from the held line, kept until
  /// the blocks change.
  private var pendingLines: [Substring]?
  private var drawn: [Substring] = []

  init(
    text: @escaping ([Output]) -> String, joinsWithPrevious: Bool,
    write: @escaping (String) throws(RenderError) -> Void
  ) {
    self.text = text
    self.joinsWithPrevious = joinsWithPrevious
    self.write = write
  }

  /// Applies `update`, writing the blocks it makes final.
  func apply(_ update: StreamUpdate<Output>) throws(RenderError) {
    shown.apply(update)
    var settled = writtenBlocks
    while settled < shown.blocks.count, shown.blocks[settled].isFinal { settled += 1 }
    // Live, final blocks stay in the region redrawn below (shown at once all the same) until
    // they hold 8 KB: writing a few lines for good on every block made the redraws drift
    // from the one-shot screen (the styles of a row; see docs/streaming.md).
    if liveRows != nil, settled > writtenBlocks,
      shown.blocks[writtenBlocks..<settled].reduce(0, { $0 + $1.sourceRange.count }) < 8192
    {
      settled = writtenBlocks
    }
    if !update.committed.isEmpty || !update.revised.isEmpty || !update.reopened.isEmpty {
      pendingLines = nil
    }
    var out = ""
    if settled > writtenBlocks {
      let piece: String
      if joinsWithPrevious {
        var lines = lines(from: writtenBlocks, to: settled)
        while let last = lines.last, Self.isBlank(last) { lines.removeLast() }
        piece = lines.dropLast().map { $0 + "\n" }.joined()
      } else {
        piece = text(shown.blocks[writtenBlocks..<settled].map(\.output))
      }
      out += erased() + piece
      written += piece.utf8
      for block in shown.blocks[writtenBlocks..<settled] { writtenOutputs[block.id] = block.output }
      writtenBlocks = settled
      pendingLines = nil
    }
    if let rows = liveRows {
      if pendingLines == nil { pendingLines = lines(from: writtenBlocks, to: shown.blocks.count) }
      var region = pendingLines!
      if let tail = shown.tail {
        // The tail joins the last block: its lines replace that block's last line on.
        let lastLine = region.lastIndex { !Self.isBlank($0) } ?? region.count
        region = Array(region[..<min(lastLine, region.count)])
        region += lines(appending: [tail.output], after: shown.blocks.last?.output)
      }
      while let last = region.last, Self.isBlank(last) { region.removeLast() }
      var visible: [Substring] = []
      var height = 0
      for line in region.reversed() {
        height += rowCount(line)
        if height > rows - 1 { break }
        visible.insert(line, at: 0)
      }
      if visible != drawn || !out.isEmpty {
        out += erased() + visible.map { $0 + "\n" }.joined()
        drawn = visible
      }
    }
    if !out.isEmpty { try write(live(out)) }
  }

  /// Applies the last update and writes the rest of the one-shot output.
  func finish(_ update: StreamUpdate<Output>) throws(RenderError) {
    shown.apply(update)
    let outputs = shown.blocks.map { writtenOutputs[$0.id] ?? $0.output }
    var whole = Array(text(outputs).utf8)
    if endsWithLineBreak, let last = whole.last, last != 0x0A { whole.append(0x0A) }
    var rest = whole[...]
    if whole.starts(with: written) {
      rest = whole[written.count...]
    } else {
      // Lines written are not taken back (a block revised after it was written, the escape
      // codes where a line ends): the rest starts after as many lines of the whole.
      var lines = written.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      while lines > 0, let end = rest.firstIndex(of: 0x0A) {
        rest = rest[(end + 1)...]
        lines -= 1
      }
    }
    try write(live(erased() + String(decoding: rest, as: UTF8.self)))
  }

  /// Live: `text` clearing what it writes over, each line to its end and the lines below it
  /// at the end. Erasing the drawn lines from their first does not clear the screen there:
  /// a terminal may keep a screen cleared from its top left corner in its history (tmux's
  /// scroll-on-clear), and the drawn lines would stay in it.
  private func live(_ text: String) -> String {
    guard liveRows != nil else { return text }
    return text.replacingOccurrences(of: "\n", with: "\u{1B}[K\n") + "\u{1B}[J"
  }

  /// The lines blocks `start..<end` add after the written ones, from the held line.
  private func lines(from start: Int, to end: Int) -> [Substring] {
    lines(
      appending: shown.blocks[start..<end].map(\.output),
      after: start > 0
        ? writtenOutputs[shown.blocks[start - 1].id] ?? shown.blocks[start - 1].output : nil)
  }

  /// The lines `outputs` add after `previous`, from the last line of `previous` (which what
  /// follows may change) on.
  private func lines(appending outputs: [Output], after previous: Output?) -> [Substring] {
    guard let previous else { return Self.lines(text(outputs)) }
    let alone = Self.lines(text([previous]))
    let held = (alone.lastIndex { !Self.isBlank($0) } ?? 0)
    return Array(Self.lines(text([previous] + outputs)).dropFirst(held))
  }

  private static func lines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static func isBlank(_ line: Substring) -> Bool {
    line.allSatisfy { $0 == " " }
  }

  /// Live: what takes the cursor back to the first drawn line, which ``live(_:)`` then
  /// writes over.
  private func erased() -> String {
    defer { drawn = [] }
    let height = drawn.reduce(0) { $0 + rowCount($1) }
    return height == 0 ? "" : "\u{1B}[\(height)A\r"
  }

  /// The rows `line` takes on the terminal: its escape sequences take none, a wide character
  /// (East Asian, emoji) two columns, and a line wider than the terminal wraps.
  private func rowCount(_ line: Substring) -> Int {
    var width = 0
    var inEscape = false
    // A hyperlink (OSC 8) runs from `ESC ]` to a BEL or `ESC \\`: its address takes no column.
    var inCommand = false
    for scalar in line.unicodeScalars {
      if inCommand {
        if scalar == "\u{07}" || scalar == "\\" { inCommand = false }
        continue
      }
      if inEscape {
        if scalar == "]" {
          inCommand = true
          inEscape = false
        } else if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" {
          inEscape = false
        }
        continue
      }
      if scalar == "\u{1B}" {
        inEscape = true
      } else if scalar.properties.generalCategory != .nonspacingMark {
        let wide =
          (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
          || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
          || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
        width += wide ? 2 : 1
      }
    }
    return max(1, (width + columns - 1) / columns)
  }
}
