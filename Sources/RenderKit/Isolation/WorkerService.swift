import Foundation
import RenderCore

/// The worker's side of isolation: answers render requests on its socket until the host
/// closes it. `render-worker` is this and nothing else.
///
/// An engine that crashes or hangs here takes only this process with it; the host sees the
/// socket close or the deadline pass.
package enum WorkerService {
  /// Serves requests as `arguments` say (`--socket-descriptor N`); returns the exit status.
  package static func main(arguments: [String]) -> Int32 {
    guard arguments.count == 3, arguments[1] == "--socket-descriptor",
      let descriptor = Int32(arguments[2]), descriptor > 2
    else {
      let usage =
        "usage: render-worker --socket-descriptor N\n"
        + "Started by IsolatedEngine (RenderKit), not by hand: it renders Markdown for its host.\n"
      FileHandle.standardError.write(Data(usage.utf8))
      return 64
    }
    closeInheritedDescriptors(keeping: descriptor)
    serve(WorkerChannel(descriptor: descriptor))
    return 0
  }

  /// Answers requests until the host closes the socket.
  static func serve(_ channel: WorkerChannel) {
    while let message = try? channel.receive(before: nil) {
      let response = answer(message)
      guard (try? channel.send(response.encoded(), before: nil)) != nil else { return }
    }
  }

  static func answer(_ message: [UInt8]) -> WorkerResponse {
    guard let request = WorkerRequest(decoding: message) else {
      return .failure(
        "the worker could not read the request; host and render-worker come from different builds")
    }
    do {
      let engine = try EngineRegistry.builtIn.engine(id: request.engineID)
      return .html(try engine.render(request.markdown, options: request.options).html)
    } catch {
      return .failure(error.description)
    }
  }

  /// Closes every descriptor above 2 except the socket: descriptors the host left open
  /// without close-on-exec must not be held open (say, the write end of a pipe) by a worker.
  private static func closeInheritedDescriptors(keeping socket: Int32) {
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for name in open {
      guard let descriptor = Int32(name), descriptor > 2, descriptor != socket else { continue }
      close(descriptor)
    }
  }
}
