/// The colour schemes a rule applies in, from the `@media` blocks around it.
struct SchemeMask: OptionSet, Sendable, Hashable {
  let rawValue: UInt8

  static let light = SchemeMask(rawValue: 1)
  static let dark = SchemeMask(rawValue: 2)
  static let all: SchemeMask = [.light, .dark]

  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  init(_ scheme: ColorScheme) {
    self = scheme == .dark ? .dark : .light
  }
}
