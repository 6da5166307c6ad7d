/// Everything about an element that selectors and inline styles can see, as numbers; with the
/// parent's context it determines the element's computed style, so it keys the style cache.
struct ElementSignature: Hashable {
  var tag: Int32 = -1
  var id: Int32 = -1
  /// Interned set of the element's classes that selectors mention (0: none).
  var classSet: Int32 = 0
  /// Interned list of the element's attributes that selectors mention (0: none).
  var attributeSet: Int32 = 0
  /// Interned `style` attribute text (0: none).
  var inlineStyle: Int32 = 0
  /// Interned presentational-hint declarations (0: none), in the same table as inline styles.
  var hints: Int32 = 0
  /// Bit 0: first element child; bit 1: last (only when selectors look at positions); bit 2:
  /// a link (only when selectors use `:link`); bit 3: the document's top element.
  var position: UInt8 = 0
  /// Interned set of the `:nth-*()` conditions the element's place satisfies (0: none).
  var positionSet: Int32 = 0
}
