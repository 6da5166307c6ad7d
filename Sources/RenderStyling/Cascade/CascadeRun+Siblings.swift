import RenderCore

extension CascadeRun {
  /// Each element's place among its element siblings, 1-based: from the start, from the end,
  /// among those of its type from the start, and from the end. One pass forward, one to read
  /// the totals: wide documents stay linear.
  static func places(in document: Document) -> [SIMD4<Int32>] {
    struct TypeKey: Hashable {
      var parent: Int
      var name: DocumentName
    }
    let count = document.nodeCount
    var places = [SIMD4<Int32>](repeating: .zero, count: count)
    var children = [Int32](repeating: 0, count: count)
    var ofType: [TypeKey: Int32] = [:]
    for index in 0..<count where document.kind(of: index) == .element {
      guard let parent = document.parent(of: index) else { continue }
      children[parent] += 1
      let key = TypeKey(parent: parent, name: document.nameID(of: index))
      let typeIndex = ofType[key, default: 0] + 1
      ofType[key] = typeIndex
      places[index] = SIMD4(children[parent], 0, typeIndex, 0)
    }
    for index in 0..<count where document.kind(of: index) == .element {
      guard let parent = document.parent(of: index) else { continue }
      let typeCount = ofType[TypeKey(parent: parent, name: document.nameID(of: index))] ?? 0
      places[index][1] = children[parent] - places[index][0] + 1
      places[index][3] = typeCount - places[index][2] + 1
    }
    return places
  }

  /// The interned set of `:nth-*()` conditions that hold at `place`; each condition tried
  /// counts as work.
  mutating func positionSet(for place: SIMD4<Int32>) -> Int32 {
    if let known = positionSetsByPlace[place] { return known }
    work += positionConditions.count
    var holding: [Int32] = []
    for (number, condition) in positionConditions.enumerated()
    where condition.holds(at: Int(place[condition.counting.rawValue])) {
      holding.append(Int32(number))
    }
    let number: Int32
    if let existing = positionSetTable[holding] {
      number = existing
    } else {
      number = Int32(positionSets.count)
      positionSets.append(holding)
      positionSetTable[holding] = number
    }
    positionSetsByPlace[place] = number
    return number
  }

  /// The interned number of a sorted part set.
  mutating func intern(parts: [Int32]) -> Int32 {
    if parts.isEmpty { return 0 }
    work += parts.count
    if let existing = partSetTable[parts] { return existing }
    let number = Int32(partSets.count)
    partSets.append(parts)
    partSetTable[parts] = number
    return number
  }

  /// The interned set `partSets[set]` with `parts` added (itself when nothing is new).
  mutating func union(_ set: Int32, _ parts: [Int32]) -> Int32 {
    guard !parts.isEmpty else { return set }
    let existing = partSets[Int(set)]
    work += existing.count + parts.count
    let fresh = parts.filter { !Self.contains(existing, $0) }
    guard !fresh.isEmpty else { return set }
    return intern(parts: (existing + fresh).sorted())
  }
}
