/// Why a declaration's value was rejected.
struct ValueProblem: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
