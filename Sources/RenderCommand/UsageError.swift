/// A command line that cannot be run as written; reported with exit status 2.
struct UsageError: Error, Equatable {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
