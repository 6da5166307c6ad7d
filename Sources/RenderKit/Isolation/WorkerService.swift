internal import CWorkerFork
import Foundation
import RenderCore
import Synchronization

/// The worker's side of isolation: answers render requests on its socket until the host
/// closes it.
///
/// An app that ships only its own executable calls ``runIfRequested(prestartingWorker:)`` first thing in `main`:
/// isolated engines then start that same executable as their worker, and nothing else has to
/// be installed. `render-worker` is this and nothing else.
///
/// ```swift
/// import RenderKit
///
/// WorkerService.runIfRequested()  // first line of main.swift: serves, then exits, in a worker
/// let renderer = try Renderer(configuration: .resolve())
/// ```
///
/// An engine that crashes or hangs here takes only this process with it; the host sees the
/// socket close or the deadline pass.
public enum WorkerService {
  /// The argument a worker is started with, followed by its socket's descriptor number and,
  /// for a worker spawned by a pool of one engine, that engine's identifier.
  static let workerArgument = "--render-worker-socket"

  /// Set once the host has called ``runIfRequested(prestartingWorker:)`` without being a worker: its own
  /// executable can then serve as the worker.
  static let hostServesAsWorker = Atomic<Bool>(false)

  /// Serves render requests and exits when this process was started as a worker; otherwise
  /// returns at once and lets isolated engines start this executable as their worker.
  ///
  /// Call it before anything else in `main` (before parsing arguments, before any thread), so
  /// that a worker never runs the app's own code. With `prestartingWorker`, the host forks
  /// its first worker here, while it is still single-threaded: the first isolated call then
  /// finds a worker that started without exec, sparing the CPU that mapping and relocating
  /// the static `render` binary again costs (the worker still warms its engines). A short-lived
  /// tool that renders once gains most; a process that may never render keeps an idle child
  /// until it exits, so the default is off.
  ///
  /// ```swift
  /// WorkerService.runIfRequested(prestartingWorker: true)  // first line of main.swift
  /// ```
  public static func runIfRequested(prestartingWorker: Bool = false) {
    let arguments = CommandLine.arguments
    if (3...4).contains(arguments.count), arguments[1] == workerArgument {
      exit(main(arguments: arguments))
    }
    hostServesAsWorker.store(true, ordering: .relaxed)
    if prestartingWorker { PrestartedWorker.start() }
  }

  /// Serves requests as `arguments` say (`--render-worker-socket N [ENGINE]`); returns the
  /// exit status.
  package static func main(arguments: [String]) -> Int32 {
    guard (3...4).contains(arguments.count), arguments[1] == workerArgument,
      let descriptor = Int32(arguments[2]), descriptor > 2
    else {
      let usage =
        "usage: render-worker \(workerArgument) N [ENGINE]\n"
        + "Started by IsolatedEngine (RenderKit), not by hand: it renders Markdown for its host.\n"
      FileHandle.standardError.write(Data(usage.utf8))
      return 64
    }
    closeInheritedDescriptors(keeping: descriptor)
    // Each render's large buffers then go back to the system when freed, instead of staying
    // resident beside the next ones.
    Allocator.fixThreshold()
    // A spawned worker warms its pool's engine while it waits for its first request, so that
    // request does not pay for it; a forked one (its host had not read its configuration
    // yet) warms on its first request.
    let engineID = arguments.count == 4 ? arguments[3] : nil
    if let engineID { warm(engineID: engineID) }
    serve(WorkerChannel(descriptor: descriptor), warmedEngines: Set([engineID].compactMap { $0 }))
    return 0
  }

  /// Answers requests until the host closes the socket: each exchange is a caps message (with
  /// the descriptors the request passes), the request's head, then its input, read only once
  /// the caps apply.
  static func serve(_ channel: WorkerChannel, warmedEngines: Set<String> = []) {
    var warmedEngines = warmedEngines
    var lastRenderer: (settings: RendererSettings, renderer: Renderer)?
    while true {
      var passed: [Int32] = []
      let message = try? channel.receive(before: nil, passing: &passed)
      let reply = message.flatMap(WorkerCaps.init(decoding:)).flatMap { caps in
        respond(
          on: channel, caps: caps, passed: passed, warmedEngines: &warmedEngines,
          lastRenderer: &lastRenderer)
      }
      // Closed before the answer, so that the host finds them closed once it has it.
      for descriptor in passed { close(descriptor) }
      guard let reply, send(reply.answer, on: channel), reply.servesOn else { return }
    }
  }

  /// The answer to the request whose caps came with the descriptors `passed`, read from
  /// `channel`: its head, then its input; `servesOn` false when the worker must stop after
  /// answering. Nil when the host is gone.
  private static func respond(
    on channel: WorkerChannel, caps: WorkerCaps, passed: [Int32],
    warmedEngines: inout Set<String>,
    lastRenderer: inout (settings: RendererSettings, renderer: Renderer)?
  ) -> (answer: WorkerResponse, servesOn: Bool)? {
    guard let headMessage = try? channel.receive(before: nil) else { return nil }
    guard let head = WorkerRequest.Head(decoding: headMessage) else {
      // Answered before any input is read: a host of another build may frame it otherwise.
      let failure =
        "the worker could not read the request; host and worker come from different builds"
      return (.failure(failure), false)
    }
    guard passed.count == (head.inputFileMaximumBytes == nil ? 0 : 1) + (head.writesOutput ? 1 : 0)
    else {
      let failure =
        "the worker did not receive the files the request passed (\(passed.count) arrived); "
        + "it may have run out of descriptors: raise the open-file limit (ulimit -n)"
      return (.failure(failure), false)
    }
    if head.language == .markdown, warmedEngines.insert(head.engineID).inserted {
      warm(engineID: head.engineID)
    }
    // Before the caps: the stylesheet is the host's, not the input.
    let settings = RendererSettings(head)
    let renderer: Result<Renderer, RenderError>
    if let last = lastRenderer, last.settings == settings {
      renderer = .success(last.renderer)
    } else {
      renderer = Result { () throws(RenderError) in try Self.renderer(for: head) }
      lastRenderer = (try? renderer.get()).map { (settings, $0) }
    }
    caps.applyMemoryCap()
    // An engine that takes bytes (``UTF8MarkdownEngine``) has its Markdown read as bytes, so
    // no `String` is built from them, here or there.
    let takesBytes =
      head.language == .markdown && (try? renderer.get().engine) is any UTF8MarkdownEngine
    let source: RenderJob.Source
    if let maximum = head.inputFileMaximumBytes {
      // The input message is still sent, empty: every request is framed alike.
      guard (try? channel.receive(before: nil, maximumBytes: 0)) != nil else { return nil }
      do throws(RenderError) {
        source = head.language.source(bytes: try readFile(passed[0], maximumBytes: maximum))
      } catch {
        return (WorkerResponse(error), true)
      }
    } else if head.inputIsText, !takesBytes {
      guard let text = try? channel.receiveText(before: nil) else { return nil }
      source = head.language.source(text: text)
    } else {
      guard let buffer = try? channel.receiveBuffer(before: nil) else { return nil }
      // The bytes stay where they were read; the data frees them with the request.
      source = head.language.source(
        bytes: Data(
          bytesNoCopy: buffer.baseAddress!, count: buffer.count,
          deallocator: .custom { bytes, _ in bytes.deallocate() }))
    }
    var job = RenderJob(source, to: head.output.jobOutput)
    job.maximumOutputBytes = caps.outputBytes
    let response = caps.checked(answer(job, renderer: renderer))
    guard head.writesOutput, let output = passed.last else { return (response, true) }
    return (write(response, to: output), true)
  }

  /// The input file passed as `descriptor`, read from its start, wherever the offset it shares
  /// with the host stands.
  private static func readFile(_ descriptor: Int32, maximumBytes: Int) throws(RenderError) -> Data {
    lseek(descriptor, 0, SEEK_SET)
    var status = stat()
    let expected = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    return try LimitedInput.read(
      descriptor: descriptor, maximumBytes: maximumBytes, expectedBytes: expected,
      name: "the input file")
  }

  /// `response`'s fragment or terminal output written to `descriptor`, answered by its length;
  /// any other answer as it is. The output was checked and held to the output cap before
  /// this, so what is written is what the host would have written.
  private static func write(_ response: WorkerResponse, to descriptor: Int32) -> WorkerResponse {
    let failure: Int32?
    switch response {
    case .html(let fragment):
      failure = fragment.withUTF8 { OutputFile.write(UnsafeRawBufferPointer($0), to: descriptor) }
    case .bytes(let bytes):
      failure = bytes.withUnsafeBytes { OutputFile.write($0, to: descriptor) }
    default:
      return response
    }
    if let failure { return .writeFailed(errno: failure) }
    return .written(response.payloadBytes)
  }

  /// Sends `response`, its payload from where it lies; false when the host is gone.
  private static func send(_ response: WorkerResponse, on channel: WorkerChannel) -> Bool {
    response.withEncoded { head, tail in
      (try? channel.send(after: [], head: head, tail: tail, before: nil)) != nil
    }
  }

  /// Renders nothing once with the engine (at start for a spawned worker's engine, else the
  /// first time a request names it), before the caps apply: Discount reserves its 1 GiB
  /// stack here (reserved under a cap, it would leave the render no room), the library sets
  /// up its tables (cmark-gfm loads into its own namespace), and a render's cap then counts
  /// only what that render adds. Only the engine asked for: warming every engine would slow
  /// the start of every worker for engines it may never run.
  ///
  /// It renders by the path its requests take: the bytes path when the engine has it, so
  /// that the first request does not pay for the runtime's first lookup of that conformance.
  private static func warm(engineID: String) {
    guard let engine = try? EngineRegistry.builtIn.engine(id: engineID) else { return }
    guard let bytesEngine = engine as? any UTF8MarkdownEngine else {
      _ = try? engine.render("", options: RenderOptions())
      return
    }
    _ = try? bytesEngine.render(utf8: Data(" ".utf8), options: RenderOptions())
  }

  /// What ``renderer(for:)`` reads of a head: requests that agree on it share a renderer, so
  /// that a worker serving many small records (a batch) parses the host's stylesheet once.
  struct RendererSettings: Equatable {
    let language: WorkerRequest.Language
    let engineID: String
    let importerID: String
    let options: RenderOptions
    let passIDs: [String]
    let styles: WorkerRequest.Styles?

    init(_ head: WorkerRequest.Head) {
      language = head.language
      engineID = head.engineID
      importerID = head.importerID
      options = head.options
      passIDs = head.passIDs
      styles = head.output.styles
    }
  }

  /// The renderer that runs the request's job: the host's settings as the head carries them,
  /// every engine in-process, and of the built-in passes only those the head names (the host
  /// runs the others). The host has applied the front matter and the contents marker to the
  /// Markdown already, so the worker takes the text as it comes.
  static func renderer(for head: WorkerRequest.Head) throws(RenderError) -> Renderer {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    configuration.profile = .commonMark
    if head.language == .markdown { configuration.engine = head.engineID }
    configuration.options = head.options
    configuration.options.frontMatter = .text
    configuration.options.tableOfContents = false
    if let styles = head.output.styles {
      configuration.stylesheetCSS = styles.stylesheet
      configuration.colorScheme = styles.colorScheme
    }
    var renderer = try Renderer(
      configuration: configuration, registry: .builtIn,
      importer: ImporterRegistry.builtIn.importer(id: head.importerID), sanitizer: HTMLSanitizer())
    let passes = renderer.passes.filter { head.passIDs.contains($0.id) }
    if let missing = head.passIDs.first(where: { id in !passes.contains { $0.id == id } }) {
      throw .invalidConfiguration(
        source: "passes", key: missing, problem: "the worker has no built-in pass of this name")
    }
    renderer.passes = passes
    return renderer
  }

  /// What `renderer` (``renderer(for:)``, or why there is none) makes of `job`: the one path
  /// every request takes, the pipeline the host runs.
  static func answer(_ job: RenderJob, renderer: Result<Renderer, RenderError>) -> WorkerResponse {
    do throws(RenderError) {
      switch try renderer.get().run(job) {
      case .fragment(let fragment): return .html(fragment)
      case .document(let document): return .document(DocumentEncoding.encode(document))
      case .bytes(let bytes): return .bytes(bytes)
      case .page, .styledText, .written:
        return .failure("the worker was asked for an output it does not send")
      }
    } catch {
      return WorkerResponse(error)
    }
  }

  /// Closes every descriptor above 2 except the socket: descriptors the host left open
  /// without close-on-exec must not be held open (say, the write end of a pipe) by a worker.
  private static func closeInheritedDescriptors(keeping socket: Int32) {
    if render_close_descriptors_except(socket) == 0 { return }
    for descriptor in LinuxSystem.openDescriptors() where descriptor > 2 && descriptor != socket {
      close(descriptor)
    }
  }
}
