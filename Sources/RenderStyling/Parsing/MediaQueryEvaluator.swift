/// Decides which colour schemes a `@media` query list applies in.
///
/// Styled text has a colour scheme but no viewport: `all` and `screen` match, other media types
/// (`print`, `speech`…) do not, `prefers-color-scheme` matches its scheme, and every other
/// feature (`min-width`, `hover`…) counts as not matching. `not` and `only` work as in CSS;
/// a list matches when one of its queries does.
enum MediaQueryEvaluator {
  /// The schemes `query` matches in, or a problem when it is not a media query.
  static func schemes(for query: String) -> Result<SchemeMask, ValueProblem> {
    let tokens: [ValueToken]
    do {
      tokens = try ValueTokenizer.tokenize(query)
    } catch {
      return .failure(ValueProblem(error.message))
    }
    guard !tokens.isEmpty else { return .success(.all) }
    var result: SchemeMask = []
    for part in tokens.split(separator: .comma, omittingEmptySubsequences: false) {
      switch evaluate(Array(part)) {
      case .success(let mask): result.formUnion(mask)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(result)
  }

  /// One query: `[not|only]? type? (and (feature))*`, or features alone.
  private static func evaluate(_ tokens: [ValueToken]) -> Result<SchemeMask, ValueProblem> {
    guard !tokens.isEmpty else { return .failure(ValueProblem("empty media query")) }
    var index = 0
    var negated = false
    if let keyword = tokens[0].keyword, keyword == "not" || keyword == "only" {
      negated = keyword == "not"
      index = 1
    }
    var mask = SchemeMask.all
    var expectsCondition = true
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if !expectsCondition {
        guard token.keyword == "and" else {
          return .failure(ValueProblem("expected \"and\" in media query, found \"\(token)\""))
        }
        expectsCondition = true
        continue
      }
      expectsCondition = false
      switch token {
      case .identifier(let name):
        if !["all", "screen"].contains(name.lowercased()) { mask = [] }
      case .function(let name, _) where name.isEmpty:
        break
      default:
        return .failure(ValueProblem("\"\(token)\" is not a media type or feature"))
      }
      if case .function(_, let feature) = token {
        mask.formIntersection(featureMask(feature))
      }
    }
    guard !expectsCondition else {
      return .failure(ValueProblem("media query ends after \"and\""))
    }
    return .success(negated ? SchemeMask.all.subtracting(mask) : mask)
  }

  private static func featureMask(_ feature: String) -> SchemeMask {
    let parts = feature.split(separator: ":", maxSplits: 1).map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
    guard parts.first == "prefers-color-scheme" else { return [] }
    switch parts.count == 2 ? parts[1] : "" {
    case "dark": return .dark
    case "light": return .light
    default: return []
    }
  }
}
