import EngineCMark
import EngineDiscount
import Foundation
import RenderCore
import Testing

@testable import RenderKit

/// The document a worker sends: decoded, it is the document the engine built in-process;
/// a damaged message is refused, never half-read.
@Suite struct DocumentEncodingTests {
  static let documents =
    IsolatedEngineTests.ordinaryDocuments + [
      "> quote\n> > nested <span title=\"a&quot;b\">x</span>\n\n```swift\nlet x = 1\n```\n",
      "", "just text", "# é ü 日本 🎉\n\n<div class=\"a b\" id=x>raw</div>\n",
    ]

  @Test("encoding then decoding gives the same document, for both engines and raw HTML")
  func roundTrip() throws {
    let options = RenderOptions(unsafe: true)
    for document in Self.documents {
      for engine in [CMarkEngine() as any MarkdownEngine, DiscountEngine()] {
        let built = try engine.document(document, options: options, importer: HTMLImporter())
        #expect(DocumentEncoding.decode(DocumentEncoding.encode(built)) == built)
      }
    }
  }

  @Test("the isolated engine's document is the in-process engine's document")
  func isolatedDocument() throws {
    for id in ["cmark", "discount"] {
      let isolated = try IsolatedEngine(engineID: id)
      let local = try EngineRegistry.builtIn.engine(id: id)
      for document in Self.documents {
        for options in IsolatedEngineTests.optionSets
        where (try? local.checkSupport(of: options)) != nil {
          let expected = try local.document(document, options: options, importer: HTMLImporter())
          let received = try isolated.document(document, options: options, importer: HTMLImporter())
          #expect(received == expected, "\(id): \(document)")
        }
      }
    }
  }

  @Test("every truncation and a flipped version byte are refused")
  func damagedMessages() throws {
    let document = try CMarkEngine().document(
      Self.documents[0], options: RenderOptions(), importer: HTMLImporter())
    let bytes = DocumentEncoding.encode(document)
    for length in 0..<bytes.count {
      #expect(DocumentEncoding.decode(Array(bytes.prefix(length))) == nil, "prefix \(length)")
    }
    var wrongVersion = bytes
    wrongVersion[0] &+= 1
    #expect(DocumentEncoding.decode(wrongVersion) == nil)
    // A node whose parent comes after it cannot be part of a document.
    var forward = Document()
    forward.appendElement("p", to: forward.root)
    var encoded = DocumentEncoding.encode(forward)
    encoded[encoded.count - 12] = 5
    #expect(DocumentEncoding.decode(encoded) == nil)
  }

  @Test("a node count beyond what the bytes can hold is refused without allocating for it")
  func liedNodeCount() {
    var bytes: [UInt8] = [DocumentEncoding.version, 0, 0, 0, 0]
    bytes += [0xFF, 0xFF, 0xFF, 0x7F]
    #expect(DocumentEncoding.decode(bytes) == nil)
  }
}
