/// The `list-item` counter of one list: the number the next item gets, and the step
/// (-1 for `<ol reversed>`).
struct ListCounter {
  var next = 1
  var step = 1

  /// The number of the next item, which may set its own (`<li value>`); advances the counter.
  mutating func number(explicitValue: Int?) -> Int {
    let number = explicitValue ?? next
    next = number &+ step
    return number
  }

  /// HTML's rules for parsing integers: leading white space, a sign, digits; the rest ignored.
  static func integer(_ text: String) -> Int? {
    var bytes = text.utf8.drop {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D
    }
    var sign = 1
    if let first = bytes.first, first == 0x2D || first == 0x2B {
      sign = first == 0x2D ? -1 : 1
      bytes = bytes.dropFirst()
    }
    var value = 0
    var digits = 0
    for byte in bytes {
      guard byte >= 0x30 && byte <= 0x39 else { break }
      let (product, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow, product <= Int.max - Int(byte - 0x30) else { return nil }
      value = product + Int(byte - 0x30)
      digits += 1
    }
    return digits > 0 ? sign * value : nil
  }
}
