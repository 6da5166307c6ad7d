import Foundation
import RenderCore
import TestSupport
import Testing

/// The real `render` binary, end to end: what a user at a shell sees.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("render"), "SKIPPED: render is not built; run `swift build` first"))
struct RenderExecutableTests {
  let render = BuiltProducts.executable("render")

  @Test func pipesStandardInputToStandardOutput() throws {
    let run = try ProcessRun(render, ["-"], input: Data("# Hello\n".utf8))
    #expect(run.status == 0)
    #expect(run.outputText == #"<h1 id="user-content-hello">Hello</h1>"# + "\n")
    #expect(run.error.isEmpty)
  }

  @Test func exitStatusesFollowConvention() throws {
    let usage = try ProcessRun(render, ["--nope"])
    #expect(usage.status == 2)
    #expect(usage.error.hasPrefix("render: unknown option --nope"))
    let failure = try ProcessRun(render, ["/no/such/file.md"])
    #expect(failure.status == 1)
    #expect(failure.error == "render: /no/such/file.md: no such file; check the path.\n")
    #expect(failure.output.isEmpty)
  }

  /// `--worker-memory` sets the cap a worker is held to: 300 KB of nested list markers take
  /// cmark-gfm about 38 MB, stopped under a 16 MiB cap with an error that names the flag,
  /// rendered under 128 MiB.
  @Test func workerMemoryFlagSetsTheCap() throws {
    let input = Data((String(repeating: "- ", count: 150_000) + "x\n").utf8)
    let capped = try ProcessRun(
      render, ["--engine", "cmark-gfm", "--deadline", "60", "--worker-memory", "16777216"],
      input: input)
    #expect(capped.status == 1)
    #expect(capped.error.contains("--worker-memory BYTES"), "\(capped.error)")
    // Under a sanitizer a worker's shadow memory needs more.
    let raisedBytes = SanitizerRun.workerMemoryBytes ?? 134_217_728
    let raised = try ProcessRun(
      render, ["--engine", "cmark-gfm", "--deadline", "60", "--worker-memory", "\(raisedBytes)"],
      input: input)
    #expect(raised.status == 0, "\(raised.error)")
  }

  @Test func renderingTwentyMegabytesLosesNothing() throws {
    let paragraph = "Paragraph with *emphasis*, `code` and a [link](https://example.com).\n\n"
    let count = 20 * 1024 * 1024 / paragraph.utf8.count
    let input = Data(String(repeating: paragraph, count: count).utf8)
    for engine in ["cmark", "cmark-gfm", "discount", "md4c"] {
      // A generous deadline: this checks that nothing is lost, not how fast a loaded machine is.
      let run = try ProcessRun(render, ["--engine", engine, "--deadline", "120"], input: input)
      #expect(run.status == 0, "\(engine): \(run.error)")
      let text = run.outputText
      #expect(text.components(separatedBy: "<em>emphasis</em>").count - 1 == count, "\(engine)")
    }
  }

  /// A full disk (`/dev/full`) is an error on standard error and exit status 1, on the host's
  /// path and on the worker's, never a crash.
  @Test(arguments: [["--help"], ["README.md"], ["README.md", "--to", "text"]])
  func aFullDiskIsAClearError(arguments: [String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-full-disk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Title\n\ntext\n".utf8).write(to: folder.appendingPathComponent("README.md"))
    let run = try ProcessRun(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec \"$0\" \"$@\" > /dev/full", render.path] + arguments,
      currentDirectory: folder)
    #expect(run.status == 1, "\(run.error)")
    #expect(
      run.error
        == "render: standard output: cannot be written (No space left on device); "
        + "free space on its disk or write elsewhere.\n")
  }

  /// Standard output a file, the worker writes the fragment itself, after what the file held
  /// (`>>`), byte for byte what goes through a pipe; with front matter, which the host must
  /// read, or heading anchors, the host writes it, the same way.
  @Test(arguments: [
    ["--engine", "cmark"], ["--engine", "md4c"], ["--heading-anchors"], ["--engine", "discount"],
  ])
  func standardOutputAFileGetsWhatAPipeGets(options: [String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-output-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let documents = [
      "plain.md": "# Title\n\nSome *text* and caf\u{E9}.\n\n<script>x</script>\n",
      "front.md": "---\ntitle: Notes\n---\n# Body\n",
    ]
    for (name, markdown) in documents {
      let input = folder.appendingPathComponent(name)
      try Data(markdown.utf8).write(to: input)
      let piped = try ProcessRun(render, options + [input.path])
      #expect(piped.status == 0 && !piped.output.isEmpty, "\(piped.error)")
      let output = folder.appendingPathComponent("out.html")
      try Data("kept\n".utf8).write(to: output)
      let shell = try ProcessRun(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec \"$0\" \"$@\" >> \"\(output.path)\"", render.path] + options + [input.path])
      #expect(shell.status == 0, "\(shell.error)")
      #expect(
        Array(try LimitedInput.read(path: output.path, maximumBytes: 1 << 20))
          == Array("kept\n".utf8) + Array(piped.output), "\(name) \(options)")
    }
  }
}

/// `render` forks its first worker as it starts, instead of starting its binary again.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("render"), "SKIPPED: render is not built; run `swift build` first"))
struct PrestartedWorkerTests {
  let render = BuiltProducts.executable("render")

  @Test("the first render runs in the worker forked at start: it works with the binary gone")
  func firstWorkerIsForked() throws {
    // A second name for render (a hard link beside it, so nothing is written: a copy being
    // written while another test spawns a process can fail to start with "text file busy"),
    // removed once it runs: a worker could no longer be spawned from that name, so a correct
    // answer can only come from the worker it forked as it started.
    let secondName = render.deletingLastPathComponent()
      .appendingPathComponent("render-prestarted-\(UUID().uuidString)")
    try FileManager.default.linkItem(at: render, to: secondName)
    defer { try? FileManager.default.removeItem(at: secondName) }
    let process = Process()
    process.executableURL = secondName
    process.arguments = ["-", "--engine", "cmark"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // render waits for its input; by then it has forked (a bound for broken runs, 10 s).
    let deadline = Date(timeIntervalSinceNow: 10)
    var children = Self.children(of: process.processIdentifier)
    while children.isEmpty && Date() < deadline {
      usleep(10_000)
      children = Self.children(of: process.processIdentifier)
    }
    try FileManager.default.removeItem(at: secondName)
    try input.fileHandleForWriting.write(contentsOf: Data("# Forked\n".utf8))
    try input.fileHandleForWriting.close()
    let html = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(children.count == 1, "render's children: \(children)")
    #expect(process.terminationStatus == 0)
    #expect(html == #"<h1 id="user-content-forked">Forked</h1>"# + "\n")
    // render reaps its worker: no zombie is left to an init that may not reap (containers).
    for child in children {
      #expect(kill(child, 0) != 0, "child \(child) outlived render")
    }
  }

  /// The processes whose parent is `parent`, from /proc/*/stat.
  private static func children(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { candidate in
      let stat = text(of: "/proc/\(candidate)/stat")
      guard let end = stat.range(of: ") ", options: .backwards) else { return false }
      // After "pid (name) ": state, then the parent's pid.
      let fields = stat[end.upperBound...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent
    }
  }

  /// A /proc file's text. Through LimitedInput: these files report size 0, and Foundation's
  /// readers leak 4 KiB for each that turns out empty.
  private static func text(of path: String) -> String {
    String(
      decoding: (try? LimitedInput.read(path: path, maximumBytes: 1 << 16)) ?? Data(), as: UTF8.self
    )
  }
}

/// The binary survives what crashes or stalls Discount: isolated by default, stopped at the deadline.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("render") && BuiltProducts.isBuilt("render-worker"),
    "SKIPPED: render or render-worker is not built; run `swift build` first"))
struct RenderContainmentTests {
  let render = BuiltProducts.executable("render")

  @Test func deepNestingThatCrashesDiscountIsRenderedInItsWorker() throws {
    let input = Data((String(repeating: ">", count: 60_000) + " deep\n").utf8)
    let run = try ProcessRun(render, ["--engine", "discount", "--deadline", "120"], input: input)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.outputText.contains("deep"))
  }

  @Test func aQuadraticPatternStopsAtTheDeadlineWithAClearMessage() throws {
    let input = Data(String(repeating: "[a](", count: 50_000).utf8)
    let run = try ProcessRun(render, ["--engine", "discount", "--deadline", "1"], input: input)
    #expect(run.status == 1)
    #expect(
      run.error
        == "render: discount did not finish within 1 s and was stopped; raise the deadline, or try another engine for this input.\n"
    )
  }

  /// The worker runs the highlight pass as the host does: a contained page (the default) is
  /// byte for byte the in-process one, and both have highlighted code.
  @Test(arguments: [
    ["--to", "page"], ["--to", "fragment"], ["--to", "terminal", "--color", "always"],
  ])
  func containedCodeIsHighlightedAsInProcess(options: [String]) throws {
    let file = SharedFixtures.fixture("Fixtures/Highlight/readme.md").path
    let contained = try ProcessRun(render, [file] + options)
    let inProcess = try ProcessRun(render, [file, "--isolation", "in-process"] + options)
    #expect(contained.status == 0, "\(contained.error)")
    #expect(inProcess.status == 0, "\(inProcess.error)")
    #expect(contained.output == inProcess.output)
    // A keyword is a run of its own, in the page's markup and in the terminal's colours.
    let keyword =
      options.contains("terminal") ? "mstruct\u{1B}[0m" : "<span class=\"k\">struct</span>"
    #expect(contained.outputText.contains(keyword))
  }

  /// HTML made into text, JSON or terminal output whole in the importer's worker (the
  /// default) is byte for byte the in-process output, the host's stylesheet deciding in the
  /// worker what is hidden.
  @Test(arguments: [
    ["--to", "text"], ["--to", "json"], ["--to", "terminal", "--color", "always"],
  ])
  func containedHTMLOutputIsAsInProcess(options: [String]) throws {
    let file = SharedFixtures.fixture("Fixtures/Import/blocks.html").path
    let stylesheet = FileManager.default.temporaryDirectory
      .appendingPathComponent("contained-html-\(UUID().uuidString).css")
    try Data("blockquote { display: none }".utf8).write(to: stylesheet)
    defer { try? FileManager.default.removeItem(at: stylesheet) }
    for more in [[], ["--stylesheet", stylesheet.path]] {
      let contained = try ProcessRun(render, [file] + options + more)
      let inProcess = try ProcessRun(render, [file, "--isolation", "in-process"] + options + more)
      #expect(contained.status == 0, "\(contained.error)")
      #expect(inProcess.status == 0, "\(inProcess.error)")
      #expect(contained.output == inProcess.output, "\(options + more)")
      // The fixture's quotation shows only when the stylesheet does not hide it.
      #expect(contained.outputText.contains("Quoted") == more.isEmpty, "\(options + more)")
    }
  }

  @Test func containmentFlagsAreChecked() throws {
    let isolation = try ProcessRun(render, ["--isolation", "thread"])
    #expect(isolation.status == 2)
    #expect(
      isolation.error.hasPrefix(
        "render: --isolation does not take \"thread\"; valid values: process, in-process\n"))
    let deadline = try ProcessRun(render, ["--deadline", "0"])
    #expect(deadline.status == 2)
    #expect(
      deadline.error.hasPrefix(
        "render: --deadline needs seconds more than 0 and at most 86400 (found \"0\")\n"))
    let inProcess = try ProcessRun(
      render, ["--engine", "discount", "--isolation", "in-process"], input: Data("*x*".utf8))
    #expect(inProcess.outputText == "<p><em>x</em></p>")
  }
}
