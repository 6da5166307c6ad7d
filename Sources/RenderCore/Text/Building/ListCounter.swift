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
}
