/// Why a selector list was rejected, and the byte offset of the offending part.
struct SelectorProblem: Error {
  var offset: Int
  var message: String
}
