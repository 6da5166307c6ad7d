import Foundation
import RenderCore
import TestSupport
import Testing

/// The project's one lock for shared values, and the rule that nothing uses Synchronization's
/// `Mutex`, whose contended hand-off ThreadSanitizer cannot see on Linux.
@Suite struct LockedTests {
  @Test func concurrentChangesAreNotLost() async {
    let count = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.withLock { $0 } == 80_000)
  }

  @Test("no source or test uses Synchronization's Mutex")
  func noMutex() throws {
    let root = SharedFixtures.packageRoot
    let this = URL(fileURLWithPath: #filePath).standardizedFileURL.path
    var users: [String] = []
    for folder in ["Sources", "Tests", "Fuzz", "Examples"] {
      let url = root.appendingPathComponent(folder)
      guard let walk = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let path as String in walk where path.hasSuffix(".swift") {
        let file = url.appendingPathComponent(path)
        guard file.standardizedFileURL.path != this else { continue }
        let text = try String(contentsOf: file, encoding: .utf8)
        if text.contains("Mutex(") || text.contains("Mutex<") { users.append(path) }
      }
    }
    #expect(users.isEmpty, "use Locked instead of Mutex in \(users)")
  }
}
