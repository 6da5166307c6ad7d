import Foundation

/// Polls `condition` every 10 ms until it holds or `seconds` pass; whether it held. The bound
/// is generous: it only stops a broken test from hanging, it asserts no speed.
func eventually(within seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
