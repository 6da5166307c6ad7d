import Foundation
import RenderCore

/// What the host asks a worker: render this Markdown with this engine and these options, to
/// HTML or to a document; or import or sanitize this HTML.
///
/// Sent as two messages: the head (protocol version, product, engine identifier, option bits,
/// extension names), then the input itself (Markdown, or HTML bytes as given). The worker
/// reads the head first, so it can prepare the engine before the caps apply, and then reads
/// the input straight into the form the product needs.
struct WorkerRequest: Equatable {
  /// Bumped whenever the encoding changes, so a stale worker binary fails clearly.
  static let protocolVersion: UInt8 = 3

  /// What the worker sends back.
  enum Product: UInt8 {
    /// The engine's HTML.
    case html = 0
    /// The engine's ``RenderCore/Document``, in ``DocumentEncoding``.
    case document = 1
    /// The input, HTML bytes, imported by ``HTMLImporter`` into a document.
    case importedDocument = 2
    /// The input, HTML, through ``HTMLSanitizer``'s default policy.
    case sanitizedHTML = 3
  }

  /// What the worker reads first, before its caps apply.
  var head: Head
  /// The input: Markdown, or HTML for import and sanitizing.
  var input: Input

  /// The product, the engine and the options: everything but the input, so the worker can
  /// prepare the engine before it reads the input under the caps.
  struct Head: Equatable {
    var product: Product
    var engineID: String
    var options: RenderOptions

    /// Whether the input is text: Markdown, or HTML to sanitize. HTML for import stays bytes,
    /// as its charset is the importer's to detect (and Markdown does too when its engine
    /// takes bytes).
    var inputIsText: Bool { product != .importedDocument }

    init(product: Product = .html, engineID: String, options: RenderOptions) {
      self.product = product
      self.engineID = engineID
      self.options = options
    }

    /// The head message: protocol version, product, engine identifier, option bits,
    /// extension names.
    func encoded() -> [UInt8] {
      var bytes: [UInt8] = [WorkerRequest.protocolVersion, product.rawValue]
      WireReader.appendString(engineID, to: &bytes)
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
      return bytes
    }

    /// Decodes a head message; nil when the message is not one this version wrote.
    init?(decoding bytes: [UInt8]) {
      var reader = WireReader(bytes)
      guard reader.readByte() == WorkerRequest.protocolVersion,
        let product = reader.readByte().flatMap(Product.init(rawValue:)),
        let engineID = reader.readString(),
        let bits = reader.readByte(), let count = reader.readByte()
      else { return nil }
      var extensions: Set<RenderFeature> = []
      for _ in 0..<count {
        guard let name = reader.readString(), let known = RenderFeature(extensionName: name)
        else { return nil }
        extensions.insert(known)
      }
      guard reader.isAtEnd else { return nil }
      self.product = product
      self.engineID = engineID
      options = RenderOptions(extensions: extensions)
      for (bit, entry) in RenderSwitch.engineSwitches.enumerated() {
        options[keyPath: entry.option] = bits & (1 << bit) != 0
      }
    }
  }

  /// The input as the host has it: text is encoded as UTF-8 straight into the message, and
  /// bytes (as read from a file) go as they are, for the worker to decode.
  enum Input: Equatable {
    case text(String)
    case bytes(Data)

    var count: Int {
      switch self {
      case .text(let text): text.utf8.count
      case .bytes(let bytes): bytes.count
      }
    }

    /// The input as text (invalid UTF-8 becomes U+FFFD).
    var text: String {
      switch self {
      case .text(let text): text
      case .bytes(let bytes): MarkdownInput.decode(bytes)
      }
    }

    /// The input as bytes.
    var bytes: Data {
      switch self {
      case .text(let text): Data(text.utf8)
      case .bytes(let bytes): bytes
      }
    }
  }

  /// The request as sent: the head message, and the input, which is sent from where it lies
  /// (megabytes of Markdown are not copied into a message).
  struct Encoded {
    var head: [UInt8]
    var input: Input

    /// Calls `body` with the input's bytes.
    func withInput<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
      switch input {
      case .text(var text): text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
      case .bytes(let bytes): bytes.withUnsafeBytes(body)
      }
    }
  }

  func encoded() -> Encoded { Encoded(head: head.encoded(), input: input) }

  init(product: Product = .html, engineID: String, options: RenderOptions, input: Input) {
    head = Head(product: product, engineID: engineID, options: options)
    self.input = input
  }
}
