import Foundation
import RenderKit

// The worker process of IsolatedEngine: all its logic lives in RenderKit. Apps that ship only
// their own executable call WorkerService.runIfRequested() instead and need no render-worker.
WorkerService.runIfRequested()
FileHandle.standardError.write(
  Data("usage: render-worker --render-worker-socket N (started by IsolatedEngine)\n".utf8))
exit(64)
