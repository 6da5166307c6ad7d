import RenderStyling

/// Interns text styles while styled text is built: each distinct ``TextStyle`` is stored once
/// and named by index, so runs stay two integers and equal styles merge.
struct TextStyleTable {
  /// The distinct styles, by index.
  private(set) var styles: [TextStyle] = []
  private var indexByStyle: [TextStyle: Int32] = [:]
  private var indexByKey: [TextStyleKey: Int32] = [:]
  private var links: [String] = []
  private var linkIndices: [String: Int32] = [:]
  /// For each computed style (shifted by one, so the initial style's -1 has a slot), the last
  /// key looked up with it and that key's index. An element's key is its computed style's
  /// with what its ancestors add, which stays the same from one element to the next (a
  /// paragraph after a paragraph), so most lookups end here, by one comparison and no hash.
  private var lastLookUps: [(key: TextStyleKey, index: Int32)?] = []

  /// The index of `style`, adding it if new.
  mutating func index(of style: TextStyle) -> Int32 {
    if let index = indexByStyle[style] { return index }
    let index = Int32(styles.count)
    styles.append(style)
    indexByStyle[style] = index
    return index
  }

  /// The index of the style that `key` describes; `computed` is the style `key` points to.
  mutating func index(for key: TextStyleKey, computed: ComputedStyle) -> Int32 {
    let slot = Int(key.computedStyle) + 1
    if slot < lastLookUps.count, let last = lastLookUps[slot], last.key == key {
      return last.index
    }
    let index = lookUp(key, computed: computed)
    if slot >= lastLookUps.count {
      lastLookUps.append(contentsOf: repeatElement(nil, count: slot + 1 - lastLookUps.count))
    }
    lastLookUps[slot] = (key, index)
    return index
  }

  /// ``index(for:computed:)`` by the table of every key seen.
  private mutating func lookUp(_ key: TextStyleKey, computed: ComputedStyle) -> Int32 {
    if let index = indexByKey[key] { return index }
    var style = TextStyle()
    style.fontFamily = computed.fontFamily.first
    style.fontSize = computed.fontSize
    style.fontWeight = computed.fontWeight
    style.italic = computed.italic
    style.monospace = computed.monospace
    style.foregroundColor = computed.color
    style.backgroundColor = key.backgroundColor
    style.underline = computed.underline
    style.strikethrough = computed.strikethrough
    style.link = key.link >= 0 ? links[Int(key.link)] : nil
    style.baselineOffset = key.baselineOffset
    style.headingLevel = key.headingLevel > 0 ? Int(key.headingLevel) : nil
    style.taskState = key.taskState
    let index = index(of: style)
    indexByKey[key] = index
    return index
  }

  /// The index of a link target, for ``TextStyleKey/link``.
  mutating func linkIndex(_ target: String) -> Int32 {
    if let index = linkIndices[target] { return index }
    let index = Int32(links.count)
    links.append(target)
    linkIndices[target] = index
    return index
  }
}
