/// Why a linked stylesheet was not loaded, in words for a diagnostic.
struct LinkProblem: Error {
  var reason: String

  init(_ reason: String) { self.reason = reason }
}
