import Foundation
import RenderCore

/// Reads one JSON object of a configuration, checking every key's type and reporting
/// unknown keys with the valid ones, so every message names the source, the key and the choices.
struct ConfigurationReader {
  let source: String
  let path: String
  private let object: [String: JSONValue]
  private let validKeys: [String]

  init(_ value: JSONValue, source: String, path: String = "", validKeys: [String])
    throws(RenderError)
  {
    self.source = source
    self.path = path
    self.validKeys = validKeys
    guard case .object(let object) = value else {
      throw .invalidConfiguration(
        source: source, key: path.isEmpty ? nil : path,
        problem: "expected a JSON object, found \(value.typeDescription)")
    }
    self.object = object
    if let unknown = object.keys.sorted().first(where: { !validKeys.contains($0) }) {
      throw .invalidConfiguration(
        source: source, key: qualified(unknown),
        problem: "unknown key; valid keys here: \(validKeys.joined(separator: ", "))")
    }
  }

  func qualified(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func value(_ key: String) -> JSONValue? { object[key] }

  func string(_ key: String) throws(RenderError) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let string) = value else { throw typeError(key, "a string", value) }
    return string
  }

  func bool(_ key: String) throws(RenderError) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let bool) = value else { throw typeError(key, "true or false", value) }
    return bool
  }

  func number(_ key: String) throws(RenderError) -> Double? {
    guard let value = object[key] else { return nil }
    guard case .number(let number) = value else { throw typeError(key, "a number", value) }
    return number
  }

  func strings(_ key: String) throws(RenderError) -> [String]? {
    guard let value = object[key] else { return nil }
    guard case .array(let items) = value else { throw typeError(key, "an array of strings", value) }
    var strings: [String] = []
    for item in items {
      guard case .string(let string) = item else {
        throw typeError(key, "an array of strings", item)
      }
      strings.append(string)
    }
    return strings
  }

  /// Reads `setting`'s value, if the object has it, as its kind says, checks it with the
  /// setting's parser and applies it: every value of an array in turn.
  func apply(
    _ setting: RenderSetting, to configuration: inout RenderConfiguration,
    from origin: RenderSetting.Origin
  ) throws(RenderError) {
    let key = setting.name
    let values: [String]
    switch setting.kind {
    case .string: values = try string(key).map { [$0] } ?? []
    case .number: values = try number(key).map { ["\($0)"] } ?? []
    case .boolean: values = try bool(key).map { ["\($0)"] } ?? []
    case .strings: values = try strings(key) ?? []
    }
    for raw in values {
      do throws(RenderSetting.Problem) {
        try setting.parse(raw).apply(to: &configuration, from: origin)
      } catch {
        switch error {
        case .notOneOf(let valid): throw unknownChoice(key, raw, valid: valid)
        case .expected(let expected):
          // Numbers and booleans are shown as JSON writes them, strings quoted.
          let found = setting.kind == .number || setting.kind == .boolean ? raw : "\"\(raw)\""
          throw .invalidConfiguration(
            source: source, key: qualified(key), problem: "expected \(expected), found \(found)")
        }
      }
    }
  }

  func unknownChoice(_ key: String, _ raw: String, valid: [String]) -> RenderError {
    .invalidConfiguration(
      source: source, key: qualified(key),
      problem: "unknown value \"\(raw)\"; valid values: \(valid.joined(separator: ", "))")
  }

  private func typeError(_ key: String, _ expected: String, _ found: JSONValue) -> RenderError {
    .invalidConfiguration(
      source: source, key: qualified(key),
      problem: "expected \(expected), found \(found.typeDescription)")
  }
}
