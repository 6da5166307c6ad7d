import Foundation
import RenderCore
import TestSupport
import Testing

/// `LinuxSystem`, the one Swift file that calls what only Linux offers, and the rule that no
/// other Swift file does (docs/design.md, "Platforms").
@Suite struct LinuxSystemTests {
  /// Calls and paths only the seam may use, matched in code (comments are left out).
  static let linuxOnly: [(name: String, pattern: String)] = [
    ("/proc/", #"/proc/"#), ("dlopen", #"\bdlopen\b"#), ("dlsym", #"\bdlsym\b"#),
    ("dlmopen", #"\bdlmopen\b"#), ("dlclose", #"\bdlclose\b"#), ("madvise", #"\bmadvise\b"#),
    ("inotify_", #"\binotify_"#), ("setrlimit", #"\bsetrlimit\b"#),
    ("getrlimit", #"\bgetrlimit\b"#), ("fork", #"\bfork\s*\("#),
  ]

  /// The code of a Swift file's line: without a comment line, or a comment after the code.
  static func code(of line: Substring) -> Substring {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("//") { return "" }
    if let comment = line.range(of: " // ") { return line[..<comment.lowerBound] }
    return line
  }

  /// The Linux-only uses in `text`, as `name` at line number.
  static func uses(in text: String) throws -> [String] {
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let code = String(code(of: line))
      for (name, pattern) in linuxOnly
      where try Regex(pattern).firstMatch(in: code) != nil {
        found.append("\(name) at line \(number + 1)")
      }
    }
    return found
  }

  @Test("no Swift source but the seam calls Linux-only functions or reads /proc")
  func oneSeam() throws {
    let sources = SharedFixtures.packageRoot.appendingPathComponent("Sources")
    let seam = "RenderCore/Platform/LinuxSystem.swift"
    var users: [String] = []
    var seamUses: [String] = []
    let walk = try #require(FileManager.default.enumerator(atPath: sources.path))
    for case let path as String in walk where path.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      let found = try Self.uses(in: text)
      if path == seam {
        seamUses = found
      } else if !found.isEmpty {
        users.append("\(path): \(found.joined(separator: ", "))")
      }
    }
    #expect(users.isEmpty, "call LinuxSystem (\(seam)) instead: \(users)")
    // The check sees the seam's own calls: it would see them anywhere else.
    #expect(seamUses.count >= 8, "the check no longer finds the seam's calls: \(seamUses)")
  }

  @Test("the check finds a call in code and not in a comment")
  func checkSeesCode() throws {
    #expect(try Self.uses(in: "let h = dlopen(path, 0)").count == 1)
    #expect(try Self.uses(in: #"let f = open("/proc/self/fd", 0)"#).count == 1)
    #expect(try Self.uses(in: "let child = fork()").count == 1)
    #expect(try Self.uses(in: "  // dlopen and /proc/self/exe, fork()").isEmpty)
    #expect(try Self.uses(in: "/// GitHub's fork of cmark").isEmpty)
  }

  @Test func executablePathIsThisProgram() throws {
    let path = try #require(LinuxSystem.executablePath())
    #expect(path.hasPrefix("/"))
    #expect(FileManager.default.isExecutableFile(atPath: path))
  }

  @Test func openDescriptorsListsOneJustOpened() throws {
    let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(LinuxSystem.openDescriptors().contains(descriptor))
  }

  @Test func residentPagesAreCounted() {
    let own = LinuxSystem.ownStatmBytes(field: 1)
    #expect(own > 0)
    #expect(own % Int(sysconf(Int32(_SC_PAGESIZE))) == 0)
    #expect(LinuxSystem.statmBytes(field: 1, of: "self") > 0)
    #expect(LinuxSystem.statmBytes(field: 1, of: "no-such-process") == 0)
    #expect(LinuxSystem.statmBytes(field: 99, of: "self") == 0)
  }

  @Test func childProcessesListsAStartedChild() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["10"]
    try child.run()
    defer {
      child.terminate()
      child.waitUntilExit()
    }
    #expect(LinuxSystem.childProcesses().contains(child.processIdentifier))
  }

  @Test func sharedObjectsAndSymbols() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    #expect(LinuxSystem.function("malloc_trim", in: nil, as: MallocTrim.self) != nil)
    #expect(LinuxSystem.function("no_such_function_here", in: nil, as: MallocTrim.self) == nil)
    let missing = "/nonexistent/libnothing.so"
    guard case .failure(let failure) = LinuxSystem.loadSharedObject(missing) else {
      Issue.record("loaded \(missing)")
      return
    }
    #expect(failure.reason.contains(missing))
  }

  @Test func fileEventsNameTheChangedFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("linux-system-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let queue = LinuxSystem.fileEventQueue()
    try #require(queue >= 0)
    defer { close(queue) }
    let watch = LinuxSystem.watchFolder(folder.path, on: queue)
    try #require(watch >= 0)
    #expect(LinuxSystem.watchFolder(folder.appendingPathComponent("gone").path, on: queue) < 0)
    try Data("x".utf8).write(to: folder.appendingPathComponent("page.md"))
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { read(queue, $0.baseAddress, $0.count) }
    try #require(count > 0)
    let events = LinuxSystem.fileEvents(in: buffer, count: count)
    #expect(events.contains { $0.watch == watch && $0.name == "page.md" && !$0.overflowed })
  }
}
