/// An HTTP request as the preview's routes see it, copied out of the server library.
struct HTTPRequest: Sendable, Hashable {
  /// `GET`, `HEAD`, …
  var method: String
  /// The path as sent, percent escapes and all (without the query).
  var path: String
  /// The header fields, names lower-cased.
  var headers: [String: String] = [:]
  /// The query's arguments, as sent (not unescaped).
  var query: [String: String] = [:]
}
