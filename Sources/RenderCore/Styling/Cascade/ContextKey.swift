/// Identifies a cascade context: the parent's context and the element's signature.
struct ContextKey: Hashable {
  var parent: Int32
  var signature: ElementSignature
}
