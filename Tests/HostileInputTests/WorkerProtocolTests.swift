import Foundation
import RenderCore
import Testing

@testable import RenderKit

/// The worker's side of the exchange: caps, the request's head, then the input, each a message
/// of its own; anything else gets a clear answer at once, never a wait for the deadline.
@Suite struct WorkerProtocolTests {
  private func worker() throws -> WorkerProcess {
    try WorkerProcess.spawn(executable: WorkerExecutable.locate(configured: nil))
  }

  @Test("a head from another build is answered at once, before any input is read")
  func headFromAnotherBuild() throws {
    let worker = try worker()
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    let caps = WorkerCaps(limits: RenderLimits(), inputBytes: 1)
    // Version 2's single message: the head and the input together.
    var stale = WorkerRequest(engineID: "cmark", options: RenderOptions(), input: .text("x"))
      .encoded().head
    stale[0] = WorkerRequest.protocolVersion - 1
    try worker.channel.send(
      after: [caps.encoded()], head: stale, tail: UnsafeRawBufferPointer(start: nil, count: 0),
      before: deadline)
    let answer = try worker.channel.receiveBuffer(before: deadline)
    let response = try #require(WorkerResponse(taking: answer))
    #expect(
      response
        == .failure(
          "the worker could not read the request; host and worker come from different builds"))
  }

  @Test("the input arrives as its own message, read straight into text (invalid UTF-8 repaired)")
  func inputAsItsOwnMessage() throws {
    let worker = try worker()
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    let markdown: [UInt8] = Array("*caf".utf8) + [0xC3] + Array("*".utf8)
    let request = WorkerRequest(
      engineID: "cmark", options: RenderOptions(), input: .bytes(Data(markdown)))
    let answer = try worker.exchange(
      request.encoded(), caps: WorkerCaps(limits: RenderLimits(), inputBytes: markdown.count),
      before: deadline)
    let response = try #require(WorkerResponse(taking: answer))
    guard case .html(let fragment) = response else {
      Issue.record("expected HTML, got \(response)")
      return
    }
    #expect(fragment.html == "<p><em>caf\u{FFFD}</em></p>\n")
  }

  @Test("each switch reaches the worker on its own bit")
  func switchesInTheHead() {
    let extensions: Set<RenderFeature> = [.tables, .footnotes]
    for entry in RenderSwitch.all {
      var options = RenderOptions(extensions: extensions)
      options[keyPath: entry.option] = true
      let head = WorkerRequest.Head(engineID: "cmark", options: options)
      var expected = RenderOptions(extensions: extensions)
      expected[keyPath: entry.option] = true
      #expect(WorkerRequest.Head(decoding: head.encoded())?.options == expected, "\(entry.key)")
    }
  }

  @Test("the importer reaches the worker by name, and one it lacks is refused there")
  func importerInTheHead() throws {
    for id in ImporterRegistry.builtIn.importerIDs {
      let head = WorkerRequest.Head(
        language: .html, output: .document, engineID: "", importerID: id,
        options: RenderOptions())
      #expect(WorkerRequest.Head(decoding: head.encoded())?.importerID == id)
    }
    // Sent as it is, past the host's check: the worker answers from its own registry.
    let worker = try worker()
    let html = Data("<p>x".utf8)
    let request = WorkerRequest(
      .html, to: .document, engineID: "", importerID: "lexbor", options: RenderOptions(),
      input: .bytes(html))
    let answer = try worker.exchange(
      request.encoded(), caps: WorkerCaps(limits: RenderLimits(), inputBytes: html.count),
      before: ContinuousClock.now.advanced(by: .seconds(10)))
    let response = try #require(WorkerResponse(taking: answer))
    guard case .failure(let message) = response else {
      Issue.record("expected a failure, got \(response)")
      return
    }
    #expect(message.contains("unknown importer \"lexbor\""))
  }

  @Test("the passes the worker runs are named in the head, and one it lacks is refused there")
  func passesInTheHead() throws {
    var head = WorkerRequest.Head(engineID: "cmark", options: RenderOptions())
    head.passIDs = ["heading-anchors", "alerts"]
    #expect(WorkerRequest.Head(decoding: head.encoded())?.passIDs == head.passIDs)
    let worker = try worker()
    let request = WorkerRequest(
      .markdown, to: .document, engineID: "cmark", options: RenderOptions(),
      passIDs: ["heading-anchors", "no-such-pass"], input: .text("# x\n"))
    let answer = try worker.exchange(
      request.encoded(), caps: WorkerCaps(limits: RenderLimits(), inputBytes: 4),
      before: ContinuousClock.now.advanced(by: .seconds(10)))
    let response = try #require(WorkerResponse(taking: answer))
    guard case .failure(let message) = response else {
      Issue.record("expected a failure, got \(response)")
      return
    }
    #expect(message.contains("no-such-pass"))
  }

  @Test("requests on one worker are each styled by their own stylesheet")
  func stylesheetPerRequest() throws {
    let worker = try worker()
    let html = Data("<p>shown</p><aside>aside</aside>".utf8)
    func text(hiding selector: String) throws -> String {
      let styles = WorkerRequest.Styles(
        stylesheet: "\(selector) { display: none }", colorScheme: .light)
      let request = WorkerRequest(
        .html, to: .plainText(styles), engineID: "", importerID: "html5",
        options: RenderOptions(), input: .bytes(html))
      let answer = try worker.exchange(
        request.encoded(), caps: WorkerCaps(limits: RenderLimits(), inputBytes: html.count),
        before: ContinuousClock.now.advanced(by: .seconds(10)))
      let response = try #require(WorkerResponse(taking: answer))
      guard case .bytes(let bytes) = response else {
        Issue.record("expected text, got \(response)")
        return ""
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    // The worker keeps the renderer of its last request: a stylesheet that changes between
    // requests must not be answered with the one before.
    let first = try text(hiding: "aside")
    let second = try text(hiding: "aside")
    let third = try text(hiding: "p")
    #expect(first.contains("shown") && !first.contains("aside"))
    #expect(second == first)
    #expect(third.contains("aside") && !third.contains("shown"))
  }
}
