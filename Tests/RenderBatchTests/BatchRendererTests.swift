import Foundation
import RenderBatch
import RenderKit
import Testing

/// The library form of a batch: records in, answers out in order, failures as answers.
@Suite struct BatchRendererTests {
  @Test func recordsOfAStreamAreAnsweredInOrder() async throws {
    let batch = try BatchRenderer(configuration: RenderConfiguration(), outputs: [.text])
    let (records, continuation) = AsyncStream.makeStream(of: BatchRecord.self)
    for index in 0..<20 {
      continuation.yield(
        BatchRecord(id: .number(Double(index)), document: .markdown("Record **\(index)**")))
    }
    continuation.yield(
      BatchRecord(id: .string("bad"), document: .file(path: "/nonexistent", format: nil)))
    continuation.finish()
    var answers: [BatchResult] = []
    for try await answer in batch.results(for: records, parallelism: 3) { answers.append(answer) }
    #expect(answers.map(\.id) == (0..<20).map { .number(Double($0)) } + [.string("bad")])
    for (index, answer) in answers.prefix(20).enumerated() {
      let outputs = try answer.outcome.get()
      #expect(outputs.string(.text) == "Record \(index)\n")
      #expect(outputs.values.keys.sorted() == [.text])
    }
    guard case .failure(let failure) = answers[20].outcome else {
      Issue.record("a missing file is a failure")
      return
    }
    #expect(failure.kind == .unreadable)
  }

  /// Small records go to their worker in runs: one over its deadline in the middle of a run
  /// gets its deadline failure, and the others, before and after it, their answers.
  @Test func aRecordOverItsDeadlineInARunLeavesTheOthersTheirAnswers() throws {
    var configuration = RenderConfiguration()
    configuration.limits.deadline = .milliseconds(150)
    // A small stylesheet, which every request carries: the deep record then fits in one run
    // with the others.
    configuration.stylesheetCSS = "p { display: block }"
    let batch = try BatchRenderer(configuration: configuration, outputs: [.text])
    // MyHTML's tree building is quadratic in the nesting: hundreds of milliseconds here,
    // while the run stays small enough to be sent at once.
    let deep = String(repeating: "<div>", count: 12_000) + "deep"
    let documents = ["<p>one</p>", "<p>two</p>", deep, "<p>three</p>", "<p>four</p>"]
    let lines = try documents.enumerated().map { index, html in
      BatchLine(
        number: index + 1,
        bytes: try JSONSerialization.data(withJSONObject: ["id": index, "html": html]),
        length: 0)
    }
    // A worker started first, so that no benign record's deadline pays for a start; tried
    // again while a slow start (a sanitizer's) overruns the deadline.
    var isWarm = false
    for _ in 0..<10 where !isWarm {
      isWarm = (try? batch.results(forLines: [lines[0]])[0].outcome.get()) != nil
    }
    #expect(isWarm)
    let answers = batch.results(forLines: lines)
    #expect(answers.map(\.line) == [1, 2, 3, 4, 5])
    #expect(answers.map(\.id) == (0..<5).map { .number(Double($0)) })
    let texts = answers.map { try? $0.outcome.get().string(.text) }
    #expect(texts == ["one\n", "two\n", nil, "three\n", "four\n"])
    guard case .failure(let failure) = answers[2].outcome else {
      Issue.record("the deep record is over its deadline")
      return
    }
    #expect(failure.kind == .deadline)
  }

  @Test func anAnswerLineKeepsItsKeysInTheDocumentedOrder() throws {
    let answer = BatchResult(
      id: .number(7), line: 3,
      outcome: .success(
        BatchResult.Outputs(
          engine: "cmark-gfm", engineVersion: "1",
          values: [.title: Data(#""T""#.utf8), .fragment: Data(#""<p>\n</p>""#.utf8)])))
    let line = String(decoding: answer.jsonLine, as: UTF8.self)
    #expect(
      line
        == #"{"id":7,"line":3,"ok":true,"engine":"cmark-gfm","engineVersion":"1","fragment":"<p>\n</p>","title":"T"}"#
        + "\n")
    let failed = BatchResult(
      id: .string("a\u{2028}\"b"), outcome: .failure(BatchFailure(.deadline, "too slow")))
    #expect(
      String(decoding: failed.jsonLine, as: UTF8.self)
        == #"{"id":"a\u2028\"b","ok":false,"error":{"kind":"deadline","message":"too slow"}}"#
        + "\n")
  }
}
