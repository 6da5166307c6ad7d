import Foundation

/// A greeting, said once.
struct Greeter: Sendable {
  let name: String
  /* block /* nested */ comment */
  func greet(times: Int = 42) -> String {
    guard times > 0 else { return "none" }
    return "Hello, \(name)!" + String(repeating: "!", count: times)
  }
}
