/// A style rule as the cascade stores it: its declarations, its layer, and its place.
struct CascadeRule: Sendable {
  /// The cascade layer a rule comes from, in increasing precedence for normal declarations.
  enum Origin: Int, Sendable, Comparable {
    case userAgent
    case author

    static func < (lhs: Origin, rhs: Origin) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  var declarations: [Declaration]
  var origin: Origin
  var schemes: SchemeMask
}
