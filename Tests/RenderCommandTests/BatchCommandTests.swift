import Foundation
import RenderCommand
import TestSupport
import Testing

/// `render batch`: one answer line per input line, in order, failures as answers, shares of
/// the input, part files, gzip, and the same bytes from two runs.
@Suite struct BatchCommandTests {
  let folder = SharedFixtures.fixture("Fixtures/Batch").path
  let records = SharedFixtures.fixture("Fixtures/Batch/records.jsonl").path

  /// `render` with `arguments` run on a thread of its own: `render batch` waits for its
  /// tasks, which must not wait for the thread the waiting holds (a test's runs on Swift's
  /// cooperative pool, as those tasks do).
  private func batch(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
    currentDirectory: String = FileManager.default.temporaryDirectory.path
  ) async -> CommandRun {
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(
          returning: CommandRun(
            arguments, input: input, environment: environment,
            currentDirectory: currentDirectory))
      }.start()
    }
  }

  /// The answer lines of a run, each parsed.
  private func answers(_ run: CommandRun) throws -> [[String: Any]] {
    try run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      try #require(
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
    }
  }

  private func kind(_ answer: [String: Any]) -> String? {
    (answer["error"] as? [String: Any])?["kind"] as? String
  }

  @Test func everyLineIsAnsweredOnceInOrder() async throws {
    let run = await batch(["batch", records, "--jobs", "3"], currentDirectory: folder)
    #expect(run.status == .success, "\(run.error)")
    let input = try String(contentsOfFile: records, encoding: .utf8)
    let answers = try answers(run)
    // The input's last line has no newline: it is a line all the same.
    #expect(answers.count == input.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(answers.map { $0["line"] as? Int } == Array(1...answers.count))
    #expect(answers[0]["id"] as? String == "notes")
    #expect(answers[2]["id"] as? Int == 2)
    #expect(answers[9]["id"] as? String == "last")
    #expect(
      answers.map { $0["ok"] as? Bool } == [
        true, false, true, false, true, false, true, false, false, true,
      ])
    // A blank line, a line that is not JSON, and JSON that is not an object.
    for index in [1, 3, 5] {
      #expect(kind(answers[index]) == "invalid-record")
      #expect(answers[index]["id"] is NSNull)
    }
    #expect(kind(answers[7]) == "unreadable")
    #expect(answers[7]["id"] as? String == "missing", "a failed record keeps its id")
    #expect(kind(answers[8]) == "invalid-record")
    #expect(run.error.contains("10 answered, 5 ok, 5 failed"))
  }

  @Test func outputsEqualRenderOfTheSameFile() async throws {
    let answers = try answers(await batch(["batch", records], currentDirectory: folder))
    let notes = folder + "/notes.md"
    let page = folder + "/page.html"
    #expect(answers[0]["fragment"] as? String == CommandRun([notes]).output)
    #expect(answers[0]["text"] as? String == CommandRun([notes, "--to", "text"]).output)
    #expect(answers[0]["title"] as? String == "Field notes")
    let frontMatter = try #require(answers[0]["frontMatter"] as? [String: Any])
    #expect(frontMatter["tags"] as? [String] == ["birds", "early morning"])
    #expect(answers[4]["fragment"] as? String == CommandRun([page]).output)
    #expect(answers[4]["text"] as? String == CommandRun([page, "--to", "text"]).output)
    let headings = try #require(answers[4]["headings"] as? [[String: Any]])
    #expect(headings.map { $0["text"] as? String } == ["Tide table", "Low water"])
    #expect(
      headings.map { $0["anchor"] as? String } == ["user-content-tide-table", "user-content-low"])
    // The record's profile over the default: no table in strict CommonMark.
    #expect(
      answers[6]["fragment"] as? String
        == CommandRun(["--profile", "commonmark"], input: Data("a | b\n--|--\n1 | 2\n".utf8)).output
    )
    #expect(!(answers[6]["fragment"] as? String ?? "<table>").contains("<table>"))
    #expect(answers[2]["engine"] as? String == "cmark-gfm")
    #expect(answers[2]["engineVersion"] is String)
  }

  @Test func aRecordOverItsDeadlineDoesNotStopTheBatch() async throws {
    let heavy = String(repeating: "- item *a* **b** [c](d) `e`\n", count: 60_000)
    var input = Data()
    for (index, record) in [
      ["id": "before", "markdown": "# Before"],
      ["id": "heavy", "markdown": heavy, "settings": ["deadline": 0.001]] as [String: Any],
      ["id": "after", "markdown": "# After"],
    ].enumerated() {
      input += try JSONSerialization.data(withJSONObject: record)
      input += Data((index < 2 ? "\n" : "").utf8)
    }
    let run = await batch(["batch", "--jobs", "2"], input: input)
    #expect(run.status == .success, "\(run.error)")
    let answers = try answers(run)
    #expect(answers.map { $0["id"] as? String } == ["before", "heavy", "after"])
    #expect(kind(answers[1]) == "deadline")
    #expect(answers[2]["fragment"] as? String == #"<h1 id="user-content-after">After</h1>"# + "\n")
  }

  @Test func aLineOverTheInputCapIsAnsweredWithoutBeingRead() async throws {
    let long = "{\"markdown\": \"" + String(repeating: "a", count: 200_000) + "\"}\n"
    let run = await batch(
      ["batch", "--config", "small.json"], input: Data((long + "{\"markdown\": \"b\"}\n").utf8),
      currentDirectory: try smallInputConfiguration())
    #expect(run.status == .success, "\(run.error)")
    let answers = try answers(run)
    #expect(answers.count == 2)
    #expect(kind(answers[0]) == "input-too-large")
    #expect(answers[1]["ok"] as? Bool == true)
  }

  /// A folder holding `small.json`, a configuration whose input cap is 50,000 bytes.
  private func smallInputConfiguration() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "batch-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"maximumInputBytes": 50000}"#.utf8).write(
      to: folder.appendingPathComponent("small.json"))
    return folder.path
  }

  @Test func sharesTakeEveryNthLineAndTogetherAll() async throws {
    var lines: [Int] = []
    for index in 0..<3 {
      let run = await batch(["batch", records, "--shard", "\(index)/3"], currentDirectory: folder)
      #expect(run.status == .success, "\(run.error)")
      let numbers = try answers(run).compactMap { $0["line"] as? Int }
      #expect(numbers.allSatisfy { ($0 - 1) % 3 == index })
      lines += numbers
    }
    #expect(lines.sorted() == Array(1...10))
    let indexed = await batch(
      ["batch", records, "--shards", "3"], environment: ["JOB_COMPLETION_INDEX": "2"],
      currentDirectory: folder)
    #expect(try answers(indexed).compactMap { $0["line"] as? Int } == [3, 6, 9])
    let withoutIndex = await batch(["batch", records, "--shards", "3"])
    #expect(withoutIndex.status == .usage)
    let outOfRange = await batch(["batch", records, "--shard", "3/3"])
    #expect(outOfRange.status == .usage)
  }

  @Test func twoRunsGiveTheSameBytes() async {
    let first = await batch(["batch", records, "--jobs", "1"], currentDirectory: folder)
    let second = await batch(["batch", records, "--jobs", "4"], currentDirectory: folder)
    #expect(!first.output.isEmpty)
    #expect(first.output == second.output)
  }

  @Test func gzipInputIsReadAsItsLines() async {
    let plain = await batch(["batch", records], currentDirectory: folder)
    let compressed = await batch(["batch", records + ".gz"], currentDirectory: folder)
    #expect(compressed.status == .success, "\(compressed.error)")
    #expect(compressed.output == plain.output)
  }

  @Test func aPartFileIsRenamedWhenCompleteAndNotRedone() async throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "batch-parts-\(UUID().uuidString)")
    let run = await batch(
      ["batch", records, "--shard", "1/2", "--output-dir", output.path], currentDirectory: folder)
    #expect(run.status == .success, "\(run.error)")
    #expect(run.output.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
    #expect(names == ["part-00001-of-00002.jsonl"])
    let part = output.appendingPathComponent(names[0])
    let written = try Data(contentsOf: part)
    let standardOutput = await batch(
      ["batch", records, "--shard", "1/2"], currentDirectory: folder)
    #expect(written == Data(standardOutput.output.utf8))
    // A rerun leaves the complete part as it is.
    try Data("kept\n".utf8).write(to: part)
    let rerun = await batch(
      ["batch", records, "--shard", "1/2", "--output-dir", output.path], currentDirectory: folder)
    #expect(rerun.status == .success)
    #expect(rerun.error.contains("complete already"))
    #expect(try Data(contentsOf: part) == Data("kept\n".utf8))
  }

  @Test func wrongCommandLinesAreUsageErrors() async {
    for arguments in [
      ["--jobs", "0"], ["--outputs", "pdf"], ["--engine", "nope"], ["a", "b"], ["--frobnicate"],
    ] {
      let run = await batch(["batch"] + arguments)
      #expect(run.status != .success, "\(arguments)")
      #expect(run.output.isEmpty, "\(arguments)")
    }
    let help = await batch(["batch", "--help"])
    #expect(help.status == .success)
    #expect(help.output.contains("--shard I/N"))
  }
}
