import RenderStyling

/// Everything the text style of an element's text depends on: its computed style, plus what
/// it inherits from ancestors that ``ComputedStyle`` does not carry. Cheap to hash (no
/// strings), so each element finds its interned ``TextStyle`` with one lookup.
struct TextStyleKey: Hashable {
  /// Index into ``CascadedStyles/uniqueStyles``; -1 for the initial style.
  var computedStyle: Int32 = -1
  /// Index into the interned link targets; -1 outside links.
  var link: Int32 = -1
  /// 1–6 inside a heading, else 0.
  var headingLevel: Int8 = 0
  /// Accumulated `sub`/`super` shift in CSS pixels.
  var baselineOffset = 0.0
  /// The nearest inline ancestor's background (block backgrounds belong to the block).
  var backgroundColor: CSSColor?
  /// Inside Discount's task box (its `github_checkbox` element).
  var taskState: TaskState?
}
