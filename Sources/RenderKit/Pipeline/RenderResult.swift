import Foundation
import RenderCore
import RenderText

/// What a ``RenderJob`` made, one case per ``RenderJob/Output``.
public enum RenderResult: Sendable {
  /// An HTML fragment.
  case fragment(HTMLFragment)
  /// A standalone page.
  case page(HTMLPage)
  /// The document after the passes.
  case document(Document)
  /// Styled text.
  case styledText(StyledText)
  /// Plain text, JSON or terminal output, as UTF-8.
  case bytes(Data)
  /// Written by a worker to the job's destination.
  case written

  /// The fragment, for a job that asked for one.
  public var fragment: HTMLFragment? {
    if case .fragment(let fragment) = self { fragment } else { nil }
  }
  /// The page, for a job that asked for one.
  public var page: HTMLPage? {
    if case .page(let page) = self { page } else { nil }
  }
  /// The document, for a job that asked for one.
  public var document: Document? {
    if case .document(let document) = self { document } else { nil }
  }
  /// The styled text, for a job that asked for it.
  public var styledText: StyledText? {
    if case .styledText(let styled) = self { styled } else { nil }
  }
  /// The UTF-8 of plain text, JSON or terminal output; a fragment's or page's HTML.
  public var utf8: Data? {
    switch self {
    case .bytes(let bytes): bytes
    case .fragment(let fragment): fragment.utf8Data
    case .page(let page): page.utf8Data
    case .document, .styledText, .written: nil
    }
  }
}
