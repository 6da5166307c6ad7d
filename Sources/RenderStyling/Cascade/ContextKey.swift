/// Identifies a cascade context: the parent's context, the element's signature and, when
/// selectors use `+` or `~`, what its earlier siblings matched.
struct ContextKey: Hashable {
  var parent: Int32
  var signature: ElementSignature
  /// Interned set of the previous element sibling's ``CascadeContext/previousSiblingParts``.
  var previousSibling: Int32 = 0
  /// Interned union of the earlier element siblings' ``CascadeContext/earlierSiblingParts``.
  var earlierSiblings: Int32 = 0

  /// Two words instead of seven fields: the per-element lookup hashes this.
  func hash(into hasher: inout Hasher) {
    let first = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: signature.tag))
    let second =
      UInt64(UInt32(bitPattern: signature.id)) << 32
      | UInt64(UInt32(bitPattern: signature.classSet))
    let third =
      UInt64(UInt32(bitPattern: signature.attributeSet)) << 32
      | UInt64(UInt32(bitPattern: signature.inlineStyle)) << 8 | UInt64(signature.position)
    hasher.combine(first ^ (second &* 0x9E37_79B9_7F4A_7C15) ^ (third &* 0xC2B2_AE3D_27D4_EB4F))
    hasher.combine(signature.hints)
    hasher.combine(
      UInt64(UInt32(bitPattern: signature.positionSet)) << 32
        ^ UInt64(UInt32(bitPattern: previousSibling)) << 16
        ^ UInt64(UInt32(bitPattern: earlierSiblings)))
  }
}
