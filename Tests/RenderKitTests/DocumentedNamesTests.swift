import Foundation
import RenderKit
import TestSupport
import Testing

/// Every type, member, module and path the documentation names in code (`` `Renderer` ``,
/// `` `Renderer.html(_:)` ``, DocC's ``` ``Renderer/init(configuration:)`` ```,
/// `` `Sources/RenderKit` ``) exists, so the docs cannot drift from the code.
///
/// Names are read from the package's sources rather than from the compiler's symbol graphs:
/// the graphs need a build and an extraction pass (minutes), the sources a scan (a fraction of
/// a second), and `make docs` checks the DocC links against the graphs anyway. What the
/// user's documents (the README, docs/API.md and the DocC articles) name must be public or
/// package API; the design and development notes may also name internal types and tests.
@Suite(
  .enabled(
    if: APIIndex.ofThisPackage != nil,
    "SKIPPED: no Sources folder beside the tests, so no names to check the docs against"))
struct DocumentedNamesTests {
  static let root = SharedFixtures.packageRoot

  /// The documents whose names are checked, and whether they may name internal API.
  static let documents: [(path: String, mayNameInternals: Bool)] = {
    let manager = FileManager.default
    let docs =
      ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path))
      ?? []).filter { $0.hasSuffix(".md") }.sorted()
    let catalog = "Sources/RenderKit/RenderKit.docc"
    let articles =
      ((try? manager.contentsOfDirectory(
        atPath: root.appendingPathComponent(catalog).path)) ?? []).filter { $0.hasSuffix(".md") }
      .sorted()
    return [("README.md", false)]
      + docs.map { ("docs/" + $0, $0 != "API.md") }
      + articles.map { (catalog + "/" + $0, false) }
  }()

  static let index = APIIndex.ofThisPackage

  @Test(arguments: documents.map(\.path))
  func everyNamedSymbolExists(_ document: String) throws {
    let index = try #require(Self.index)
    let text = try String(
      contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
    let mayNameInternals = Self.documents.first { $0.path == document }?.mayNameInternals ?? false
    let missing = index.unknownNames(in: text, mayNameInternals: mayNameInternals)
    #expect(missing.isEmpty, "\(document) names what does not exist: \(missing)")
  }

  /// Counts and lists the docs give of the code, checked against it: the README's count of
  /// `Renderer`'s render methods, docs/API.md's list of what `import RenderKit` brings, and
  /// the engines `Renderer.init`'s comment lists.
  @Test func countsAndListsMatchTheCode() throws {
    func read(_ path: String) throws -> String {
      try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }
    let renderer = try read("Sources/RenderKit/Rendering/Renderer.swift")
    let methods = renderer.components(separatedBy: "\n  public func ").count - 1
    let readme = try read("README.md")
    #expect(readme.contains("`Renderer` has \(methods) render methods"), "\(methods) methods")
    let exported = try read("Sources/RenderKit/Exports.swift").split(separator: "\n")
      .compactMap { $0.hasPrefix("@_exported import ") ? $0.split(separator: " ").last : nil }
    let api = try read("docs/API.md")
    let paragraph = try #require(
      api.components(separatedBy: "\n\n").first { $0.hasPrefix("`RenderKit` re-exports") })
    #expect(!exported.isEmpty)
    for module in exported {
      #expect(paragraph.contains("`\(module)`"), "docs/API.md does not list \(module)")
    }
    let initializer = try read("Sources/RenderKit/Renderer+BuiltIn.swift")
    let comment = try #require(initializer.components(separatedBy: "public init(").first)
      .lowercased()
    for engine in EngineRegistry.builtIn.engineIDs {
      #expect(comment.contains(engine), "Renderer.init's comment does not name \(engine)")
    }
  }

  /// The check itself fails on a name that does not exist, in each form it reads.
  @Test func aWrongNameIsFound() throws {
    let index = try #require(Self.index)
    let text = """
      `Renderer` and ``Renderer/html(_:)`` exist; `MarkdownPipeline`, `Renderer.htmll(_:)`,
      ``Renderer/init(nothing:)``, ``RenderPreview/NoSuchType``, `Sources/RenderNothing` and
      `WorkerPool` (internal) do not, for a user's document.
      """
    let missing = index.unknownNames(in: text, mayNameInternals: false)
    #expect(
      Set(missing) == [
        "MarkdownPipeline", "Renderer.htmll(_:)", "Renderer/init(nothing:)",
        "RenderPreview/NoSuchType", "Sources/RenderNothing", "WorkerPool",
      ], "\(missing)")
    #expect(!index.unknownNames(in: "`WorkerPool`", mayNameInternals: true).contains("WorkerPool"))
  }
}

/// The package's declarations, read from its Swift sources: types by module, the members of
/// each type (from its declaration and every extension), each with its access level.
struct APIIndex {
  /// This package's index; nil when its Sources folder is not beside the tests.
  static let ofThisPackage: APIIndex? = {
    let root = SharedFixtures.packageRoot
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources").path)
    else { return nil }
    return APIIndex(packageRoot: root)
  }()

  /// Types, modules and members the documents may name that this package does not declare:
  /// the standard library's, Foundation's and the platform's.
  static let external: Set<String> = [
    "AsyncSequence", "AttributedString", "BigString", "Character", "Codable", "Data",
    "Dictionary", "FileHandle", "FileManager", "FoundationEssentials", "Mutex", "NSLock",
    "NSAttributedString", "Process", "ProcessInfo", "RangeSet", "Result", "Sendable", "Slice",
    "String", "SystemRandomNumberGenerator", "URL", "Foundation", "Synchronization", "Testing",
    "RDD", "XCTest", "Array", "Set", "Int", "Double", "Bool", "Duration", "Task",
    "AttributeScopes",
  ]

  /// Words in code that look like type names and are not: LaTeX environments, /proc fields,
  /// JSON literals, Pygments' token classes, placeholders of the checklists.
  static let notNames: Set<String> = [
    "Bmatrix", "Vmatrix", "VmHWM", "HugePages", "True", "Comment", "Keyword", "EngineName",
    "Name",
  ]

  private(set) var types: [String: Bool] = [:]  // name → public or package
  private(set) var members: [String: [String: Bool]] = [:]  // type → member → public or package
  private(set) var modules: [String: Set<String>] = [:]  // module → its types
  private(set) var testSuites: Set<String> = []
  /// The names of every file in Sources, Tests and Fuzz, with and without the extension.
  private(set) var files: Set<String> = ["Package.swift"]
  /// Paths inside the modules' folders: `Engines`, `Resources/default.css`.
  private(set) var sourceEntries: Set<String> = []
  let packageRoot: URL

  init(packageRoot: URL) {
    self.packageRoot = packageRoot
    let manager = FileManager.default
    // Every folder of Sources is a module (the C ones too), and every product is named.
    for module
      in (try? manager.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent("Sources").path)) ?? []
    {
      modules[module] = []
    }
    if let manifest = try? String(
      contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    {
      for piece in manifest.components(separatedBy: "name: \"").dropFirst() {
        let name = String(piece.prefix { $0 != "\"" })
        if modules[name] == nil { modules[name] = [] }
      }
    }
    for folder in ["Sources", "Tests", "Fuzz"] {
      let base = packageRoot.appendingPathComponent(folder)
      guard let walker = manager.enumerator(atPath: base.path) else { continue }
      for case let path as String in walker {
        let name = String(path.split(separator: "/").last ?? "")
        files.insert(name)
        if let dot = name.firstIndex(of: ".") { files.insert(String(name[..<dot])) }
        if folder == "Sources" {
          // The path below the module's folder.
          sourceEntries.insert(path.split(separator: "/").dropFirst().joined(separator: "/"))
        }
      }
      guard let walker = manager.enumerator(atPath: base.path), folder != "Fuzz" else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        guard
          let text = try? String(
            contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        else { continue }
        let module = String(path.split(separator: "/").first ?? "")
        if folder == "Sources" {
          scan(text, module: module)
        } else {
          for line in text.split(separator: "\n") {
            if let name = Self.declaredName(in: line, after: "struct ") { testSuites.insert(name) }
          }
        }
      }
    }
  }

  /// The name after `keyword` on a declaration line, e.g. `struct` → `TerminalTableTests`.
  private static func declaredName(in line: Substring, after keyword: String) -> String? {
    guard let range = line.range(of: keyword) else { return nil }
    let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return name.isEmpty ? nil : String(name)
  }

  private static let modifiers: Set<String> = [
    "public", "package", "open", "internal", "private", "fileprivate", "static", "final",
    "override", "mutating", "nonmutating", "nonisolated", "indirect", "convenience", "required",
    "lazy", "weak", "unowned", "dynamic", "private(set)", "fileprivate(set)",
    "internal(set)", "package(set)", "consuming", "borrowing", "distributed",
  ]
  private static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor"]
  private static let memberKeywords: Set<String> = [
    "func", "var", "let", "case", "init", "subscript", "typealias", "associatedtype",
  ]

  /// A scope: a type's body or an extension's, with what its members inherit.
  private struct Scope {
    var type: String
    var depth: Int
    /// The access a member without a modifier has here: a protocol's requirements take the
    /// type's; `public extension` gives public.
    var inherited: Bool
    /// The access of an enum's cases: the enum's.
    var caseAccess: Bool
  }

  private mutating func scan(_ source: String, module: String) {
    var depth = 0
    var scopes: [Scope] = []
    var pending: Scope?
    var inMultilineString = false
    var inBlockComment = false
    var signature: Signature?
    for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(rawLine)
      if inMultilineString {
        if line.contains("\"\"\"") { inMultilineString = false }
        continue
      }
      if inBlockComment {
        guard let end = line.range(of: "*/") else { continue }
        line = String(line[end.upperBound...])
        inBlockComment = false
      }
      line = Self.strippingLiteralsAndComments(line)
      if line.contains("\"\"\"") {
        inMultilineString = true
        line = String(line[..<line.range(of: "\"\"\"")!.lowerBound])
      }
      if let start = line.range(of: "/*") {
        if line[start.upperBound...].range(of: "*/") == nil { inBlockComment = true }
        line = String(line[..<start.lowerBound])
      }
      // A parameter list that goes on past its declaration's line.
      if var open = signature {
        open.text += " " + line
        signature = open
        if let labels = open.labels {
          recordSignature(open, labels)
          signature = nil
        } else if open.text.count > 5_000 {
          signature = nil  // a list this long is a misreading, not a declaration
        }
        for character in line { depth += character == "{" ? 1 : character == "}" ? -1 : 0 }
        continue
      }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      var index = 0
      var explicit: Bool?
      while index < words.count,
        Self.modifiers.contains(words[index]) || words[index].hasPrefix("@")
      {
        switch words[index] {
        case "public", "package", "open": explicit = true
        case "internal", "private", "fileprivate": explicit = false
        default: break
        }
        index += 1
      }
      let enclosing = scopes.last
      // `class func`, `class var`: "class" is a modifier there.
      if index + 1 < words.count, words[index] == "class",
        ["func", "var"].contains(words[index + 1])
      {
        index += 1
      }
      if index < words.count {
        let keyword = words[index]
        let rest = (index + 1 < words.count ? words[index + 1] : "").filter { $0 != "`" }
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        if Self.typeKeywords.contains(keyword) && !name.isEmpty {
          let access = explicit ?? (enclosing?.inherited ?? false)
          types[name] = (types[name] ?? false) || access
          modules[module, default: []].insert(name)
          if let enclosing { record(name, in: enclosing.type, access: access) }
          pending = Scope(
            type: name, depth: depth + 1, inherited: keyword == "protocol" ? access : false,
            caseAccess: access)
        } else if keyword == "extension" && !name.isEmpty {
          let extended = String(rest.split(separator: ":")[0].split(separator: ".").last ?? "")
          pending = Scope(
            type: extended.filter { $0.isLetter || $0.isNumber || $0 == "_" },
            depth: depth + 1, inherited: explicit ?? false, caseAccess: false)
        } else if Self.memberKeywords.contains(keyword) || keyword.hasPrefix("init"),
          let enclosing, enclosing.depth == depth
        {
          // Only what the type's body declares: a `case` or `let` inside a method is not one.
          let access = explicit ?? (keyword == "case" ? enclosing.caseAccess : enclosing.inherited)
          if keyword.hasPrefix("init") {
            record("init", in: enclosing.type, access: access)
            let after = line[line.range(of: "init")!.upperBound...]
            signature = Signature(
              type: enclosing.type, name: "init", access: access,
              text: String(after.drop { $0 == "?" || $0 == "!" }))
          } else if keyword == "case" {
            let names = Self.caseNames(in: words[(index + 1)...].joined(separator: " "))
            for name in names { record(name, in: enclosing.type, access: access) }
            if names.count == 1, let open = line.range(of: names[0] + "(") {
              signature = Signature(
                type: enclosing.type, name: names[0], access: access,
                text: String(line[line.index(before: open.upperBound)...]))
            }
          } else if !name.isEmpty {
            record(name, in: enclosing.type, access: access)
            if keyword == "func", let named = line.range(of: "func " + name) {
              signature = Signature(
                type: enclosing.type, name: name, access: access,
                text: String(line[named.upperBound...]))
            }
          }
        }
      }
      if let open = signature {
        if let labels = open.labels {
          recordSignature(open, labels)
          signature = nil
        } else if !open.text.contains("(") {
          signature = nil  // not a parameter list: `init` of a name, `case` without values
        }
      }
      for character in line {
        if character == "{" {
          depth += 1
          if let opened = pending, opened.depth == depth {
            scopes.append(opened)
            pending = nil
          }
        } else if character == "}" {
          depth -= 1
          while let last = scopes.last, last.depth > depth { scopes.removeLast() }
        }
      }
    }
  }

  /// A function's, initializer's or case's declaration from its name on, read until its
  /// parameter list closes (it may span lines).
  private struct Signature {
    var type: String
    var name: String
    var access: Bool
    var text: String

    /// `["_", "options"]` once the parameter list is closed; nil before.
    var labels: [String]? {
      var rest = Substring(text)
      // A generic clause before the parameters: `results<Records: AsyncSequence>(`.
      if rest.first == "<" {
        var angles = 0
        while let character = rest.first {
          rest = rest.dropFirst()
          if character == "<" { angles += 1 }
          if character == ">" {
            angles -= 1
            if angles == 0 { break }
          }
        }
      }
      guard rest.first == "(" else { return nil }
      var parentheses = 0
      var parameters: [String] = [""]
      var previous: Character = " "
      for character in rest {
        defer { previous = character }
        switch character {
        case ">" where previous == "-": break  // a function type's arrow
        case "(", "[", "<":
          parentheses += 1
          if parentheses == 1 && character == "(" { continue }
        case ")", "]", ">":
          parentheses -= 1
          if parentheses == 0 && character == ")" {
            return parameters.map { $0.trimmingCharacters(in: .whitespaces) }
              .filter { !$0.isEmpty }
              .map { parameter in
                // `label name: Type`, `name: Type`; a case's value may have no label.
                guard parameter.contains(":") else { return "_" }
                let head = parameter.split(separator: ":", maxSplits: 1)[0]
                return String(head.split(separator: " ").first ?? "_")
              }
          }
        case "," where parentheses == 1:
          parameters.append("")
          continue
        default: break
        }
        if parentheses >= 1 { parameters[parameters.count - 1].append(character) }
      }
      return nil
    }
  }

  private mutating func recordSignature(_ signature: Signature, _ labels: [String]) {
    let name = signature.name + "(" + labels.map { $0 + ":" }.joined() + ")"
    record(name, in: signature.type, access: signature.access)
  }

  private mutating func record(_ member: String, in type: String, access: Bool) {
    members[type, default: [:]][member] = (members[type]?[member] ?? false) || access
  }

  /// `case a, b(Int), c = 2` → a, b, c.
  private static func caseNames(in text: String) -> [String] {
    var names: [String] = []
    var parentheses = 0
    var current = ""
    var takingName = true
    for character in text {
      switch character {
      case "(":
        parentheses += 1
        takingName = false
      case ")": parentheses -= 1
      case "," where parentheses == 0:
        if !current.isEmpty { names.append(current) }
        current = ""
        takingName = true
      case _ where takingName && (character.isLetter || character.isNumber || character == "_"):
        current.append(character)
      case " " where current.isEmpty: break
      default: if !current.isEmpty { takingName = false }
      }
    }
    if !current.isEmpty { names.append(current) }
    return names
  }

  /// The line without its string literals and its `//` comment.
  private static func strippingLiteralsAndComments(_ line: String) -> String {
    var result = ""
    var inString = false
    var previous: Character = " "
    var characters = line.makeIterator()
    while let character = characters.next() {
      if inString {
        if character == "\\" {
          _ = characters.next()
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      if character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      if character == "\"" {
        if line.contains("\"\"\"") { result.append(character) } else { inString = true }
        previous = character
        continue
      }
      result.append(character)
      previous = character
    }
    return result
  }

  // MARK: Checking documents

  /// The names in `text`'s code spans that are neither declared here (public or package
  /// unless `mayNameInternals`), nor external, nor an existing path.
  func unknownNames(in text: String, mayNameInternals: Bool) -> [String] {
    var prose = ""
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if !inFence { prose += line + "\n" }
    }
    var unknown: [String] = []
    for span in Self.codeSpans(in: prose) where !exists(span, mayNameInternals: mayNameInternals) {
      if !unknown.contains(span) { unknown.append(span) }
    }
    return unknown
  }

  /// The contents of `` `…` `` and ``` ``…`` ``` spans that look like a name: a type or
  /// module (`UpperCamel`), a member of one (`Type.member`, `Type/member(label:)`), or a path
  /// in the package (`Sources/…`, `Tests/…`, `Examples/…`, `Plugins/…`, `scripts/…`,
  /// `docs/…`).
  static func codeSpans(in text: String) -> [String] {
    var spans: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "`") {
      let ticks = rest[open...].prefix { $0 == "`" }.count
      let contentStart = rest.index(open, offsetBy: ticks)
      let closing = String(repeating: "`", count: ticks)
      guard let close = rest[contentStart...].range(of: closing) else { break }
      let content = rest[contentStart..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      rest = rest[close.upperBound...]
      if looksLikeAName(content) { spans.append(content) }
    }
    return spans
  }

  private static func looksLikeAName(_ span: String) -> Bool {
    guard !span.isEmpty, !span.contains(" ") || span.contains("("), !span.contains("\n") else {
      return false
    }
    if span.hasSuffix(".swift") { return !span.contains("*") }
    if span.hasSuffix(".md") { return false }
    for root in ["Sources/", "Tests/", "Examples/", "Plugins/", "scripts/"]
    where span.hasPrefix(root) {
      return !span.contains("*") && !span.contains(" ")
    }
    guard let first = span.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
    // `UpperCamel`: a capital then a lowercase letter (not NO_COLOR, not HTML).
    let head = span.prefix { $0.isLetter || $0.isNumber }
    guard head.count >= 2, head.dropFirst().contains(where: \.isLowercase) else { return false }
    let after = span.dropFirst(head.count)
    if after.isEmpty { return true }
    // `Type.member`, `Type.member(...)`, `Type/member/member(label:)`.
    guard let separator = after.first, separator == "." || separator == "/" else { return false }
    let tail = after.dropFirst()
    guard let next = tail.first, next.isLetter else { return false }
    return true
  }

  private func exists(_ span: String, mayNameInternals: Bool) -> Bool {
    let path = span.split(separator: "(")[0].trimmingCharacters(in: .punctuationCharacters)
    if ["Sources/", "Tests/", "Examples/", "Plugins/", "scripts/"].contains(where: {
      span.hasPrefix($0)
    }) {
      // A test named by its file's path without `.swift` is the test.
      return fileExists(path) || fileExists(path + ".swift")
        || Self.notNames.contains(where: { path.contains($0) })
    }
    if span.hasSuffix(".swift") {
      return files.contains(String(span.split(separator: "/").last ?? ""))
    }
    let separator: Character = span.contains("/") ? "/" : "."
    let parts = path.split(separator: separator).map(String.init)
    guard let first = parts.first else { return true }
    if Self.external.contains(first) || Self.notNames.contains(first) { return true }
    // Tests are named as tests, in any document: they must exist.
    if parts.count == 1 && testSuites.contains(first) { return true }
    var owner: String
    var rest = parts.dropFirst()
    if let moduleTypes = modules[first] {
      guard let type = rest.first else { return true }
      // `CHTMLParser/LibXML2Loader.c`, `BenchKit/Floors`: a file or folder of the module.
      if separator == "/" && fileExists("Sources/" + path) { return true }
      guard moduleTypes.contains(type), isVisible(types[type], mayNameInternals) else {
        return false
      }
      owner = type
      rest = rest.dropFirst()
    } else if let access = types[first] {
      guard isVisible(access, mayNameInternals) else { return false }
      owner = first
    } else {
      // The design names folders inside modules (`Engines`, `Resources/default.css`) and C
      // files by their names (`LibXML2Loader`).
      guard mayNameInternals else { return false }
      return sourceEntries.contains(path) || files.contains(first)
    }
    for member in rest {
      guard let access = members[owner]?[member] else { return false }
      guard isVisible(access, mayNameInternals) else { return false }
      if types[member] != nil && member != rest.last { owner = member }
    }
    // DocC's form of a function, `init(configuration:passes:)`: its labels, all of them.
    if let open = span.firstIndex(of: "("), span.hasSuffix(")") {
      let labels = span[span.index(after: open)..<span.index(before: span.endIndex)]
      let isDocCForm =
        labels.hasSuffix(":")
        && labels.split(separator: ":").allSatisfy { label in
          label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
      if isDocCForm, let name = rest.last {
        return members[owner]?[name + "(" + labels + ")"] != nil
      }
    }
    return true
  }

  private func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path)
  }

  private func isVisible(_ access: Bool?, _ mayNameInternals: Bool) -> Bool {
    guard let access else { return false }
    return access || mayNameInternals
  }
}
