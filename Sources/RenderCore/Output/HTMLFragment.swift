import Foundation

/// HTML produced by an engine: the body content, without `<html>`, `<head>` or styles.
///
/// A fragment from an engine (or serialized from a ``Document``) keeps its UTF-8 output as it
/// came, without copying or validating it: write it with ``withUTF8(_:)`` (as `render` does)
/// and no `String` is ever built. ``html`` decodes it on each access; keep the value when you need it more than once.
///
/// ```swift
/// let fragment = try engine.render("*hi*", options: RenderOptions())
/// fragment.html                                    // "<p><em>hi</em></p>\n"
/// fragment.withUTF8 { FileHandle.standardOutput.write(Data($0)) }
/// ```
public struct HTMLFragment: Sendable, Hashable, CustomStringConvertible {
  private enum Storage: Sendable {
    case text(String)
    case bytes(HTMLBytes)
  }

  private var storage: Storage
  /// The identifier of the engine that produced it.
  public var engineID: String

  /// Wraps HTML produced by the engine `engineID`.
  public init(html: String, engineID: String) {
    storage = .text(html)
    self.engineID = engineID
  }

  /// Wraps an engine's or the serializer's output buffer without copying it.
  package init(bytes: HTMLBytes, engineID: String) {
    storage = .bytes(bytes)
    self.engineID = engineID
  }

  /// The HTML text (decoded from the engine's bytes on each access, invalid UTF-8 repaired).
  public var html: String {
    get {
      switch storage {
      case .text(let text): text
      case .bytes(let buffer): String(decoding: buffer.bytes, as: UTF8.self)
      }
    }
    set { storage = .text(newValue) }
  }

  /// The length of the HTML in UTF-8 bytes.
  package var utf8Count: Int {
    switch storage {
    case .text(let text): text.utf8.count
    case .bytes(let buffer): buffer.bytes.count
    }
  }

  /// Calls `body` with the HTML's UTF-8 bytes, without building a `String`.
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    switch storage {
    case .text(let text):
      var text = text
      return try text.withUTF8(body)
    case .bytes(let buffer):
      return try body(buffer.bytes)
    }
  }

  /// The HTML's UTF-8 bytes as `Data`: an engine's buffer is wrapped, not copied (the `Data`
  /// keeps it alive), so writing a large fragment costs no second buffer of its size.
  package var utf8Data: Data {
    switch storage {
    case .text(let text): return Data(text.utf8)
    case .bytes(let buffer):
      guard let base = buffer.bytes.baseAddress, !buffer.bytes.isEmpty else { return Data() }
      return Data(
        bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.bytes.count,
        deallocator: .custom { _, _ in withExtendedLifetime(buffer) {} })
    }
  }

  /// The HTML text.
  public var description: String { html }

  /// Fragments are equal when their engines and bytes are.
  public static func == (lhs: HTMLFragment, rhs: HTMLFragment) -> Bool {
    lhs.engineID == rhs.engineID && lhs.withUTF8 { left in rhs.withUTF8 { left.elementsEqual($0) } }
  }

  /// Hashes the engine and the bytes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(engineID)
    withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
