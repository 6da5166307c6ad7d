import Foundation
import RenderCore

/// What the host asks a worker: render this Markdown with this engine and these options, to
/// HTML, to a document or to terminal output; or import or sanitize this HTML.
///
/// Sent as two messages: the head (protocol version, product, engine and importer identifiers,
/// option bits, extension names, where input and output travel, what terminal output needs), then the
/// input itself (Markdown, or HTML bytes as given; nothing when the input is a file passed as
/// a descriptor). The worker reads the head first, so it can prepare the engine before the
/// caps apply, and then reads the input straight into the form the product needs.
struct WorkerRequest: Equatable {
  /// Bumped whenever the encoding changes, so a stale worker binary fails clearly.
  static let protocolVersion: UInt8 = 6

  /// What the worker sends back.
  enum Product: UInt8 {
    /// The engine's HTML.
    case html = 0
    /// The engine's ``RenderCore/Document``, in ``DocumentEncoding``.
    case document = 1
    /// The input, HTML bytes, imported into a document by the importer the head names.
    case importedDocument = 2
    /// The input, HTML, through ``HTMLSanitizer``'s default policy.
    case sanitizedHTML = 3
    /// The engine's document styled and laid out for a terminal, as ``Head/terminal`` says:
    /// the bytes the host writes.
    case terminal = 4
  }

  /// What the worker reads first, before its caps apply.
  var head: Head
  /// The input: Markdown, or HTML for import and sanitizing.
  var input: Input
  /// Where the worker writes the HTML itself, when not nil.
  var output: Int32?

  /// The product, the engine, the importer and the options: everything but the input, so the
  /// worker can prepare the engine before it reads the input under the caps.
  struct Head: Equatable {
    var product: Product
    var engineID: String
    /// The built-in importer (``ImporterRegistry/builtIn``) that turns HTML into a document:
    /// the input for an imported document, an engine's HTML for an engine's document.
    var importerID: String
    var options: RenderOptions
    /// Set when the input is a file passed as the request's first descriptor: the worker reads
    /// it, refusing more than this many bytes.
    var inputFileMaximumBytes: Int?
    /// Whether the worker writes the HTML (or terminal output) to the request's last
    /// descriptor and answers with its length (``WorkerResponse/written(_:)``).
    var writesOutput = false
    /// How terminal output is styled and laid out: set exactly when the product is
    /// ``Product/terminal``.
    var terminal: Terminal?

    /// Whether the input is text: Markdown, or HTML to sanitize. HTML for import stays bytes,
    /// as its charset is the importer's to detect (and Markdown does too when its engine
    /// takes bytes).
    var inputIsText: Bool { product != .importedDocument }

    init(
      product: Product = .html, engineID: String,
      importerID: String = ImporterRegistry.builtIn.defaultID, options: RenderOptions
    ) {
      self.product = product
      self.engineID = engineID
      self.importerID = importerID
      self.options = options
    }

    /// The head message: protocol version, product, engine and importer identifiers, option bits,
    /// extension names, then where the input and output travel (a byte of flags, and the
    /// input file's maximum as two 4-byte halves when there is one), then for terminal
    /// output how it is styled and laid out (``Terminal/encode(to:)``).
    func encoded() -> [UInt8] {
      var bytes: [UInt8] = [WorkerRequest.protocolVersion, product.rawValue]
      WireReader.appendString(engineID, to: &bytes)
      WireReader.appendString(importerID, to: &bytes)
      var bits: UInt8 = 0
      for (bit, entry) in RenderSwitch.engineSwitches.enumerated()
      where options[keyPath: entry.option] {
        bits |= 1 << bit
      }
      bytes.append(bits)
      let extensions = RenderFeature.ordered(
        options.extensions.intersection(RenderFeature.extensions)
      )
      .map(\.rawValue)
      bytes.append(UInt8(extensions.count))
      for name in extensions { WireReader.appendString(name, to: &bytes) }
      bytes.append((inputFileMaximumBytes == nil ? 0 : 1) | (writesOutput ? 2 : 0))
      if let maximum = inputFileMaximumBytes {
        WireReader.appendLength(maximum & 0xFFFF_FFFF, to: &bytes)
        WireReader.appendLength(maximum >> 32, to: &bytes)
      }
      terminal?.encode(to: &bytes)
      return bytes
    }

    /// Decodes a head message; nil when the message is not one this version wrote.
    init?(decoding bytes: [UInt8]) {
      var reader = WireReader(bytes)
      guard reader.readByte() == WorkerRequest.protocolVersion,
        let product = reader.readByte().flatMap(Product.init(rawValue:)),
        let engineID = reader.readString(), let importerID = reader.readString(),
        let bits = reader.readByte(), let count = reader.readByte()
      else { return nil }
      var extensions: Set<RenderFeature> = []
      for _ in 0..<count {
        guard let name = reader.readString(), let known = RenderFeature(extensionName: name)
        else { return nil }
        extensions.insert(known)
      }
      guard let transfer = reader.readByte(), transfer & ~3 == 0 else { return nil }
      if transfer & 1 != 0 {
        guard let low = reader.readLength(), let high = reader.readLength() else { return nil }
        inputFileMaximumBytes = low | high << 32
      }
      writesOutput = transfer & 2 != 0
      if product == .terminal {
        guard let terminal = Terminal(reading: &reader) else { return nil }
        self.terminal = terminal
      }
      guard reader.isAtEnd else { return nil }
      self.product = product
      self.engineID = engineID
      self.importerID = importerID
      options = RenderOptions(extensions: extensions)
      for (bit, entry) in RenderSwitch.engineSwitches.enumerated() {
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
  /// the head: the input file's, then the output's.
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
    if let output { descriptors.append(output) }
    return Encoded(head: head.encoded(), input: input, descriptors: descriptors)
  }

  /// A request for `product` of `input`, any HTML imported by the built-in importer
  /// `importerID`; with `output` (a regular file or `/dev/null`, open for writing), the worker
  /// writes the HTML or terminal output there itself and answers with its length.
  /// `maximumInputBytes` bounds what the worker reads of an input file; `terminal` is what the
  /// ``Product/terminal`` product needs.
  init(
    product: Product = .html, engineID: String,
    importerID: String = ImporterRegistry.builtIn.defaultID, options: RenderOptions,
    input: Input, output: Int32? = nil,
    maximumInputBytes: Int = RenderLimits.defaultMaximumInputBytes, terminal: Terminal? = nil
  ) {
    head = Head(product: product, engineID: engineID, importerID: importerID, options: options)
    head.terminal = product == .terminal ? terminal : nil
    if case .file = input { head.inputFileMaximumBytes = maximumInputBytes }
    head.writesOutput = output != nil
    self.input = input
    self.output = output
  }
}
