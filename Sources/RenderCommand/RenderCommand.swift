import Foundation
import RenderKit

/// The `render` command: Markdown in, HTML out. The executable only calls ``run(_:context:)``.
package enum RenderCommand {
  /// Runs `render` with `arguments` (without the program name) and returns its exit status.
  package static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
    if arguments.first == "batch" {
      return BatchCommand.run(Array(arguments.dropFirst()), context: context)
    }
    let parsed: RenderArguments
    do {
      parsed = try RenderArguments(parsing: arguments)
    } catch {
      context.writeError("render: \(error.message)\nTry 'render --help' for usage.\n")
      return .usage
    }
    if parsed.help || parsed.manual || parsed.listEngines || parsed.listLanguages
      || parsed.version
    {
      let text =
        parsed.help
        ? RenderHelp.text
        : parsed.manual
          ? RenderHelp.manual
          : parsed.version
            ? versions(EngineRegistry.builtIn, ImporterRegistry.builtIn)
            : parsed.listLanguages ? languageList() : engineList(EngineRegistry.builtIn)
      do throws(RenderError) {
        try context.writeOutput(Data(text.utf8))
        return .success
      } catch {
        context.writeError("render: \(error.description)\n")
        return .failure
      }
    }
    if let engine = parsed.value(of: RenderSetting.engine),
      !EngineRegistry.builtIn.engineIDs.contains(engine)
    {
      let valid = EngineRegistry.builtIn.engineIDs.joined(separator: ", ")
      context.writeError(
        "render: unknown engine \"\(engine)\" for --engine; valid engines: \(valid)\n"
          + "Try 'render --list-engines'.\n")
      return .usage
    }
    if parsed.preview { return preview(parsed, context: context) }
    if parsed.watch { return watch(parsed, context: context) }
    if parsed.stream { return stream(parsed, context: context) }
    return renderOnce(parsed, context: context)
  }

  /// Reads, renders and writes once, as the arguments say; errors go to standard error.
  static func renderOnce(_ parsed: RenderArguments, context: CommandContext) -> ExitStatus {
    do throws(RenderError) {
      var configuration = try configuration(for: parsed, context: context)
      if let scheme = terminalColorScheme(for: parsed, context: context) {
        configuration.colorScheme = scheme
      }
      let renderer = try Renderer(configuration: configuration)
      // A fragment is the engine's HTML alone: no CSS is used, so nothing to warn about (and
      // the default theme is never parsed).
      if parsed.to != .fragment {
        for diagnostic in renderer.stylesheet.diagnostics {
          let file = renderer.configuration.stylesheet ?? "stylesheet"
          context.writeError("render: warning: \(file):\(diagnostic)\n")
        }
      }
      if let output = parsed.output, parsed.input != "-",
        isSameFile(parsed.input, output, in: context.currentDirectory)
      {
        throw RenderError.fileUnreadable(
          path: output,
          reason: "is the input file, which the output would replace; choose another output file")
      }
      if let output = parsed.output { try checkWritable(output, context: context) }
      let file =
        parsed.input == "-"
        ? nil
        : try openInput(
          parsed.input, as: parsed.inputFormat, limits: renderer.configuration.limits,
          context: context)
      var job = RenderJob(
        try source(
          file, arguments: parsed, limits: renderer.configuration.limits, context: context),
        to: output(for: parsed, context: context),
        linkedStylesheetFolder: linkedStylesheetFolder(for: parsed, context: context))
      // The worker writes a fragment or terminal output itself when it can: the host never
      // holds them.
      if parsed.output == nil { job.destination = context.outputFile }
      let result = try renderer.run(job)
      if case .written = result { return .success }
      try writeOutput(bytes(of: result, arguments: parsed), to: parsed.output, context: context)
      return .success
    } catch {
      context.writeError("render: \(error.description)\n")
      return .failure
    }
  }

  /// The job's source: a regular file as the file (a worker may read it itself), anything
  /// else read here, HTML as bytes so that a byte-order mark or `<meta charset>` decides how
  /// it decodes.
  private static func source(
    _ file: InputFile?, arguments: RenderArguments, limits: RenderLimits, context: CommandContext
  ) throws(RenderError) -> RenderJob.Source {
    if let file, file.regularFileBytes != nil {
      switch arguments.inputFormat {
      case .markdown: return .markdown(file: file)
      case .html: return .html(file: file)
      }
    }
    let input = try readInput(file, as: arguments.inputFormat, limits: limits, context: context)
    switch arguments.inputFormat {
    case .markdown: return .markdown(utf8: input)
    case .html: return .html(data: input)
    }
  }

  /// What `--to` asks the job to make.
  private static func output(for arguments: RenderArguments, context: CommandContext)
    -> RenderJob.Output
  {
    switch arguments.to {
    case .fragment: .fragment
    case .page:
      .page(
        fileName: arguments.input == "-"
          ? nil : URL(fileURLWithPath: arguments.input).lastPathComponent)
    case .text: .plainText
    case .json: .json
    case .terminal: .terminal(terminalRenderer(for: arguments, context: context))
    }
  }

  /// With `--linked-stylesheets`, the folder of the HTML file.
  private static func linkedStylesheetFolder(
    for arguments: RenderArguments, context: CommandContext
  ) -> URL? {
    guard arguments.linkedStylesheets, arguments.input != "-" else { return nil }
    return URL(
      fileURLWithPath: arguments.input,
      relativeTo: URL(fileURLWithPath: context.currentDirectory + "/")
    ).deletingLastPathComponent()
  }

  /// The bytes to write for `result`, in parts: text and JSON end with a line break, a part
  /// of its own, as appending it to a worker's answer of megabytes would copy the answer.
  private static func bytes(of result: RenderResult, arguments: RenderArguments) -> [Data] {
    guard let bytes = result.utf8 else { return [Data()] }
    let lineBreak = Data([UInt8(ascii: "\n")])
    switch arguments.to {
    case .json: return [bytes, lineBreak]
    case .text where !bytes.isEmpty && bytes.last != UInt8(ascii: "\n"): return [bytes, lineBreak]
    default: return [bytes]
    }
  }

  /// The terminal output's width (`--width`, else `COLUMNS`, else the terminal's, else 80),
  /// colours and line drawing, as the arguments and the environment say.
  static func terminalRenderer(
    for arguments: RenderArguments, context: CommandContext
  ) -> TerminalRenderer {
    let width =
      arguments.width ?? context.environment["COLUMNS"].flatMap { Int($0) } ?? context
      .terminalColumns ?? 80
    return TerminalRenderer(
      width: max(10, width), colorMode: terminalColorMode(for: arguments, context: context),
      lineDrawing: TerminalLineDrawing(environment: context.environment))
  }

  /// For colour terminal output without `--color-scheme`, the terminal's own scheme:
  /// from `COLORFGBG`, else from an OSC 11 query when writing to the terminal itself.
  static func terminalColorScheme(
    for arguments: RenderArguments, context: CommandContext
  ) -> ColorScheme? {
    guard arguments.to == .terminal, arguments.value(of: RenderSetting.colorScheme) == nil,
      terminalColorMode(for: arguments, context: context) != .none
    else { return nil }
    if let value = context.environment["COLORFGBG"],
      let scheme = TerminalBackground.colorScheme(colorFGBG: value)
    {
      return scheme
    }
    guard arguments.output == nil, context.outputIsTerminal,
      let reply = context.queryTerminalBackground()
    else { return nil }
    return TerminalBackground.colorScheme(reply: reply)
  }

  private static func terminalColorMode(
    for arguments: RenderArguments, context: CommandContext
  ) -> TerminalColorMode {
    TerminalColorMode.detect(
      environment: context.environment,
      isTerminal: context.outputIsTerminal && arguments.output == nil, choice: arguments.color)
  }

  /// One line per engine: identifier, library version, features, safety, then the `gfm`
  /// profile's extensions it lacks (which `gfm` then goes without), when there are any.
  static func engineList(_ registry: EngineRegistry) -> String {
    registry.engines.map { engine in
      let descriptor = engine.descriptor
      let features = RenderFeature.ordered(descriptor.features).map(\.rawValue).joined(
        separator: ",")
      let safety =
        descriptor.isSafeOnHostileInput ? "safe on hostile input" : "isolated on hostile input"
      let lacking = RenderFeature.ordered(
        MarkdownProfile.gfm.extensions.subtracting(descriptor.features)
          .subtracting(RenderFeature.documentExtensions))
      let gfm =
        lacking.isEmpty ? "" : "\tgfm without: " + lacking.map(\.rawValue).joined(separator: ",")
      return
        "\(descriptor.id)\t\(descriptor.libraryVersion)\tfeatures: \(features)\t(\(safety))\(gfm)\n"
    }.joined()
  }

  /// The package's version, then one line per engine and importer: its kind, identifier,
  /// the version its C library reports, and the library's name.
  static func versions(_ engines: EngineRegistry, _ importers: ImporterRegistry) -> String {
    var rows = engines.engines.map {
      ("engine", $0.descriptor.id, $0.descriptor.libraryVersion, $0.descriptor.displayName)
    }
    for descriptor in importers.descriptors {
      let loaded = try? importers.importer(id: descriptor.id).loadedLibraryVersion
      rows.append(
        ("importer", descriptor.id, loaded ?? descriptor.libraryVersion, descriptor.displayName))
    }
    let idWidth = rows.map(\.1.count).max() ?? 0
    let versionWidth = rows.map(\.2.count).max() ?? 0
    func padded(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: width - text.count)
    }
    return "render \(PackageVersion.current)\n"
      + rows.map { kind, id, version, name in
        "\(padded(kind, 8))  \(padded(id, idWidth))  \(padded(version, versionWidth))  \(name)\n"
      }.joined()
  }

  /// One line per language code blocks are highlighted in: its name, then its aliases.
  static func languageList() -> String {
    CodeHighlighter.supportedLanguages.map { name in
      let aliases = CodeHighlighter.aliases(of: name)
      return aliases.isEmpty ? "\(name)\n" : "\(name)\t\(aliases.joined(separator: ","))\n"
    }.joined()
  }

  /// The configuration file (or ./render.json, or defaults), `RENDER_ENGINE`, then the flags.
  static func configuration(
    for arguments: RenderArguments, context: CommandContext
  ) throws(RenderError) -> RenderConfiguration {
    var configuration = try RenderConfiguration.resolve(
      path: arguments.configuration, environment: context.environment,
      currentDirectory: context.currentDirectory)
    // Paths on the command line are relative to the working directory.
    arguments.commandLine.apply(to: &configuration, folder: context.currentDirectory)
    return configuration
  }

  /// `path` opened, refused when it looks binary for `format` (from its head).
  private static func openInput(
    _ path: String, as format: InputFormat, limits: RenderLimits, context: CommandContext
  ) throws(RenderError) -> InputFile {
    let url = URL(
      fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/"))
    let file = try InputFile(path: url.path, maximumBytes: limits.maximumInputBytes, name: path)
    if BinaryInput.isBinary(file.head, readAs: format) { throw binaryFile(path) }
    return file
  }

  /// All of `file`, or of standard input when it is nil.
  private static func readInput(
    _ file: InputFile?, as format: InputFormat, limits: RenderLimits, context: CommandContext
  ) throws(RenderError) -> Data {
    guard let file else {
      if context.inputIsTerminal {
        // Otherwise a user who forgot the file name sees a command that seems to hang.
        context.writeError(
          "render: reading Markdown from the terminal; type it, then Ctrl-D (or give a FILE; render --help)\n"
        )
      }
      // The rule a file is held to (BinaryInput), so the same bytes get the same answer.
      let bytes = try context.readStandardInput(limits.maximumInputBytes)
      if BinaryInput.isBinary(bytes.prefix(InputFile.headBytes), readAs: format) {
        throw binaryFile(standardInputName)
      }
      return bytes
    }
    let bytes = try file.read()
    // A file that is not regular (a pipe) has no head: it is looked at once read.
    if file.regularFileBytes == nil,
      BinaryInput.isBinary(bytes.prefix(InputFile.headBytes), readAs: format)
    {
      throw binaryFile(file.name)
    }
    return bytes
  }

  /// How messages name standard input.
  private static let standardInputName = "standard input"

  /// The error for input that ``BinaryInput`` finds binary.
  static func binaryFile(_ path: String) -> RenderError {
    .fileUnreadable(
      path: path, reason: "looks like a binary file, not Markdown or HTML text; give a text file")
  }

  /// Fails before any work when the output's folder is missing or not writable, rather than
  /// after the whole render.
  private static func checkWritable(_ path: String, context: CommandContext) throws(RenderError) {
    let url = URL(
      fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/"))
    let folder = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw .fileUnreadable(
        path: path,
        reason:
          "cannot be written: the folder \(folder) does not exist; create it or choose another -o")
    }
    guard access(folder, W_OK) == 0 else {
      throw .fileUnreadable(
        path: path,
        reason: "cannot be written: the folder \(folder) is not writable; choose another -o")
    }
  }

  private static func writeOutput(_ parts: [Data], to path: String?, context: CommandContext)
    throws(RenderError)
  {
    guard let path else {
      for part in parts { try context.writeOutput(part) }
      return
    }
    let url = URL(
      fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/"))
    // A file named by its path is written whole, in one call that creates or replaces it.
    let data = parts.count == 1 ? parts[0] : parts.reduce(into: Data()) { $0.append($1) }
    do {
      try data.write(to: url)
    } catch {
      throw .fileUnreadable(
        path: path,
        reason: "cannot be written (\(reason(error))); check the folder exists and is writable")
    }
  }

  /// Whether two paths name one file: the same path once symbolic links are resolved, or
  /// the same device and inode (a hard link).
  private static func isSameFile(_ first: String, _ second: String, in directory: String) -> Bool {
    let base = URL(fileURLWithPath: directory + "/")
    let paths = [first, second].map {
      URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.resolvingSymlinksInPath().path
    }
    if paths[0] == paths[1] { return true }
    var firstStatus = stat()
    var secondStatus = stat()
    guard stat(paths[0], &firstStatus) == 0, stat(paths[1], &secondStatus) == 0 else {
      return false
    }
    return firstStatus.st_dev == secondStatus.st_dev && firstStatus.st_ino == secondStatus.st_ino
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return nsError.localizedDescription
  }
}
