import Foundation
import RenderCore

/// What the host asks a worker: one render job, which the worker runs through the same
/// ``RenderPipeline`` the host runs, in-process (``WorkerService``).
///
/// A job is a source (Markdown or HTML, as text, as bytes or as a file passed as a
/// descriptor), the settings the worker's renderer needs (engine, importer, options, the
/// passes it runs, the stylesheet that styles text, JSON and terminal output) and the output
/// wanted: the fragment, the document, plain text, JSON or terminal output. Sent as two
/// messages: the head (everything but the input), then the input itself (nothing when the
/// input is a file passed as a descriptor). The worker reads the head first, so it can
/// prepare the engine before the caps apply, and then reads the input straight into the form
/// its engine takes.
struct WorkerRequest: Equatable {
  /// Bumped whenever the encoding changes, so a stale worker binary fails clearly.
  static let protocolVersion: UInt8 = 8

  /// What the source is written in.
  enum Language: UInt8 {
    case markdown = 0
    /// HTML, imported by the importer the head names, or sanitized.
    case html = 1

    /// The job's source of `text` in this language.
    func source(text: String) -> RenderJob.Source {
      self == .markdown ? .markdown(text) : .html(text)
    }

    /// The job's source of `bytes` in this language, decoded as the job decodes them.
    func source(bytes: Data) -> RenderJob.Source {
      self == .markdown ? .markdown(utf8: bytes) : .html(data: bytes)
    }
  }

  /// What the worker makes of the source: a ``RenderJob/Output`` a worker can send back.
  enum Output: Equatable {
    /// An HTML fragment: for Markdown with no pass, the engine's own HTML; for HTML, the HTML
    /// through ``HTMLSanitizer``'s default policy.
    case fragment
    /// The ``RenderCore/Document`` after the passes, sent in ``DocumentEncoding``.
    case document
    /// The document styled and laid out for a terminal, as the settings say: the bytes the
    /// host writes.
    case terminal(Terminal)
    /// The document's plain text, styled as the host's stylesheet says (the cascade decides
    /// what is hidden): the bytes the host writes.
    case plainText(Styles)
    /// The document's styled text as JSON, styled as the host's stylesheet says.
    case json(Styles)

    /// The job's output.
    var jobOutput: RenderJob.Output {
      switch self {
      case .fragment: .fragment
      case .document: .document
      case .terminal(let terminal): .terminal(terminal.renderer)
      case .plainText: .plainText
      case .json: .json
      }
    }

    /// The stylesheet and colour scheme the worker's cascade uses; nil when it styles nothing.
    var styles: Styles? {
      switch self {
      case .fragment, .document: nil
      case .terminal(let terminal):
        Styles(stylesheet: terminal.stylesheet, colorScheme: terminal.colorScheme)
      case .plainText(let styles), .json(let styles): styles
      }
    }
  }

  /// What the worker reads first, before its caps apply.
  var head: Head
  /// The input: Markdown or HTML.
  var input: Input
  /// Where the worker writes the fragment or terminal output itself, when not nil.
  var destination: Int32?

  /// Everything but the input, so the worker can prepare the engine before it reads the
  /// input under the caps.
  struct Head: Equatable {
    var language: Language
    var output: Output
    /// The engine that parses Markdown; empty for HTML.
    var engineID: String
    /// The built-in importer (``ImporterRegistry/builtIn``) that turns HTML into a document:
    /// the input's, or an engine's HTML for an engine's document.
    var importerID: String
    /// The options; the host has applied the front matter and the contents marker already.
    var options: RenderOptions
    /// The identifiers of the renderer's built-in passes the worker runs (when active);
    /// the host runs every other pass.
    var passIDs: [String] = []
    /// Set when the input is a file passed as the request's first descriptor: the worker reads
    /// it, refusing more than this many bytes.
    var inputFileMaximumBytes: Int?
    /// Whether the input message is text; else bytes (as read from a file), whose charset
    /// the engine or the importer reads. An engine that takes bytes gets either as bytes.
    var inputIsText = true
    /// Whether the worker writes the fragment or terminal output to the request's last
    /// descriptor and answers with its length (``WorkerResponse/written(_:)``).
    var writesOutput = false

    init(
      language: Language = .markdown, output: Output = .fragment, engineID: String,
      importerID: String = ImporterRegistry.builtIn.defaultID, options: RenderOptions
    ) {
      self.language = language
      self.output = output
      self.engineID = engineID
      self.importerID = importerID
      self.options = options
    }

    /// The head message: protocol version, language, engine and importer identifiers, option
    /// bits, extension names, pass identifiers, then where the input and output travel (a
    /// byte of flags, and the input file's maximum as two 4-byte halves when there is one),
    /// then the output (a byte, and for terminal output ``Terminal/encode(to:)``, for plain
    /// text and JSON ``Styles/encode(to:)``).
    func encoded() -> [UInt8] {
      var bytes: [UInt8] = [WorkerRequest.protocolVersion, language.rawValue]
      WireReader.appendString(engineID, to: &bytes)
      WireReader.appendString(importerID, to: &bytes)
      var bits: UInt8 = 0
      for (bit, entry) in RenderSwitch.all.enumerated() where options[keyPath: entry.option] {
        bits |= 1 << bit
      }
      bytes.append(bits)
      let extensions = RenderFeature.ordered(
        options.extensions.intersection(RenderFeature.extensions)
      )
      .map(\.rawValue)
      bytes.append(UInt8(extensions.count))
      for name in extensions { WireReader.appendString(name, to: &bytes) }
      bytes.append(UInt8(passIDs.count))
      for id in passIDs { WireReader.appendString(id, to: &bytes) }
      bytes.append(
        (inputFileMaximumBytes == nil ? 0 : 1) | (writesOutput ? 2 : 0) | (inputIsText ? 4 : 0))
      if let maximum = inputFileMaximumBytes {
        WireReader.appendLength(maximum & 0xFFFF_FFFF, to: &bytes)
        WireReader.appendLength(maximum >> 32, to: &bytes)
      }
      switch output {
      case .fragment: bytes.append(0)
      case .document: bytes.append(1)
      case .terminal(let terminal):
        bytes.append(2)
        terminal.encode(to: &bytes)
      case .plainText(let styles):
        bytes.append(3)
        styles.encode(to: &bytes)
      case .json(let styles):
        bytes.append(4)
        styles.encode(to: &bytes)
      }
      return bytes
    }

    /// Decodes a head message; nil when the message is not one this version wrote.
    init?(decoding bytes: [UInt8]) {
      var reader = WireReader(bytes)
      guard reader.readByte() == WorkerRequest.protocolVersion,
        let language = reader.readByte().flatMap(Language.init(rawValue:)),
        let engineID = reader.readString(), let importerID = reader.readString(),
        let bits = reader.readByte(), let count = reader.readByte()
      else { return nil }
      var extensions: Set<RenderFeature> = []
      for _ in 0..<count {
        guard let name = reader.readString(), let known = RenderFeature(extensionName: name)
        else { return nil }
        extensions.insert(known)
      }
      guard let passCount = reader.readByte() else { return nil }
      for _ in 0..<passCount {
        guard let id = reader.readString() else { return nil }
        passIDs.append(id)
      }
      guard let transfer = reader.readByte(), transfer & ~7 == 0 else { return nil }
      if transfer & 1 != 0 {
        guard let low = reader.readLength(), let high = reader.readLength() else { return nil }
        inputFileMaximumBytes = low | high << 32
      }
      writesOutput = transfer & 2 != 0
      inputIsText = transfer & 4 != 0
      switch reader.readByte() {
      case 0: output = .fragment
      case 1: output = .document
      case 2:
        guard let terminal = Terminal(reading: &reader) else { return nil }
        output = .terminal(terminal)
      case 3:
        guard let styles = Styles(reading: &reader) else { return nil }
        output = .plainText(styles)
      case 4:
        guard let styles = Styles(reading: &reader) else { return nil }
        output = .json(styles)
      default: return nil
      }
      guard reader.isAtEnd else { return nil }
      self.language = language
      self.engineID = engineID
      self.importerID = importerID
      options = RenderOptions(extensions: extensions)
      for (bit, entry) in RenderSwitch.all.enumerated() {
        options[keyPath: entry.option] = bits & (1 << bit) != 0
      }
    }
  }

  /// The input as the host has it: text is encoded as UTF-8 straight into the message, bytes
  /// (as read from a file) go as they are, for the worker to decode, and an open file goes as
  /// its descriptor, for the worker to read itself: megabytes are then neither read nor sent
  /// by the host.
  enum Input: Equatable {
    case text(String)
    case bytes(Data)
    /// A regular file open for reading, of `byteCount` bytes when it was checked; the worker
    /// reads it from its start, up to ``Head/inputFileMaximumBytes``.
    case file(descriptor: Int32, byteCount: Int)

    var isText: Bool {
      if case .text = self { true } else { false }
    }

    var count: Int {
      switch self {
      case .text(let text): text.utf8.count
      case .bytes(let bytes): bytes.count
      case .file(_, let byteCount): byteCount
      }
    }
  }

  /// The request as sent: the head message, the input, which is sent from where it lies
  /// (megabytes of Markdown are not copied into a message), and the descriptors passed with
  /// the head: the input file's, then the destination's.
  struct Encoded {
    var head: [UInt8]
    var input: Input
    var descriptors: [Int32]

    /// Calls `body` with the input's bytes; none for a file, which travels as a descriptor.
    func withInput<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
      switch input {
      case .text(var text): text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
      case .bytes(let bytes): bytes.withUnsafeBytes(body)
      case .file: body(UnsafeRawBufferPointer(start: nil, count: 0))
      }
    }
  }

  func encoded() -> Encoded {
    var descriptors: [Int32] = []
    if case .file(let descriptor, _) = input { descriptors.append(descriptor) }
    if let destination { descriptors.append(destination) }
    return Encoded(head: head.encoded(), input: input, descriptors: descriptors)
  }

  /// A request for `output` of `input`, written in `language`, any HTML imported by the
  /// built-in importer `importerID` and the built-in passes `passIDs` run in the worker; with
  /// `destination` (a regular file or `/dev/null`, open for writing), the worker writes the
  /// fragment or terminal output there itself and answers with its length.
  /// `maximumInputBytes` bounds what the worker reads of an input file.
  init(
    _ language: Language = .markdown, to output: Output = .fragment, engineID: String,
    importerID: String = ImporterRegistry.builtIn.defaultID, options: RenderOptions,
    passIDs: [String] = [], input: Input, destination: Int32? = nil,
    maximumInputBytes: Int = RenderLimits.defaultMaximumInputBytes
  ) {
    head = Head(
      language: language, output: output, engineID: engineID, importerID: importerID,
      options: options)
    head.passIDs = passIDs
    if case .file = input { head.inputFileMaximumBytes = maximumInputBytes }
    head.inputIsText = input.isText
    head.writesOutput = destination != nil
    self.input = input
    self.destination = destination
  }
}
