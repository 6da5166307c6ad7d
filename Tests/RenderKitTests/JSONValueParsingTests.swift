import Foundation
import Testing

@testable import RenderKit

@Suite struct JSONValueParsingTests {
  private func parsed(_ text: String) throws -> JSONValue {
    try JSONValue(parsing: Data(text.utf8))
  }

  @Test("every kind of value, nested, with blanks around")
  func values() throws {
    let value = try parsed(
      #" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": []} "#)
    #expect(
      value
        == .object([
          "a": .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]),
          "b": .object(["c": .string("d")]),
          "e": .array([]),
        ]))
  }

  @Test("escapes: the short ones, \\u, a surrogate pair, and raw UTF-8 beside them")
  func escapes() throws {
    #expect(
      try parsed(#""q\"b\\s\/n\nt\tr\rb\bf\f""#) == .string("q\"b\\s/n\nt\tr\rb\u{8}f\u{C}"))
    #expect(try parsed(#""\u0627\u0644 é \ud83d\ude00""#) == .string("ال é 😀"))
  }

  @Test(
    "not one JSON value",
    arguments: [
      "", "{", "{\"a\" 1}", "[1,]", "01", "1.", "-", "tru", "\"open", "\"\\x\"", "\"\\ud83d\"",
      "\"\\ude00\"", "\"\u{1}\"", "{} {}", "{'a': 1}",
    ])
  func refused(text: String) {
    #expect(throws: JSONValue.SyntaxError.self) { try parsed(text) }
  }

  @Test("bytes that are not UTF-8 in a string are refused")
  func invalidUTF8() {
    #expect(throws: JSONValue.SyntaxError.self) {
      try JSONValue(parsing: Data([0x22, 0xFF, 0x22]))
    }
  }

  @Test("nesting deeper than 512 is refused, not a stack overflow")
  func depth() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONValue.SyntaxError.self) { try parsed(deep) }
    let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    _ = try parsed(allowed)
  }

  @Test("escapes of every UTF-8 length between runs of text read as JSONDecoder reads them")
  func escapesAmongRuns() throws {
    let text = #""a\u0041\u007f\u0080\u00e9 \u07ff\u0800\u4e2d\ud800\udc00 \ud83d\ude00\"\\z\/""#
    let data = Data(text.utf8)
    #expect(try JSONValue(parsing: data) == JSONDecoder().decode(JSONValue.self, from: data))
  }

  @Test(
    "a duplicated key is found past strings that end in escaped quotes and backslashes",
    arguments: [
      (#"{"a": "x\"", "a": 1}"#, "a"), (#"{"a": "\\", "b": "\"a\": 1"}"#, nil),
      (#"{"s": {"k": "\\\"}\"", "k": 2, "k": 3}}"#, "s.k"), (#"{"a": "\\\\", "a": 0}"#, "a"),
    ] as [(String, String?)])
  func duplicateKeys(json: String, duplicate: String?) {
    #expect(JSONDuplicateKeys.first(in: Data(json.utf8)) == duplicate)
  }

  @Test("records read as JSONDecoder reads them")
  func agreesWithJSONDecoder() throws {
    let lines = [
      ##"{"id": 7, "markdown": "# Hi \u00e9\n", "outputs": ["fragment", "title"]}"##,
      #"{"id": "x", "html": "<p>a</p>", "settings": {"engine": "md4c", "deadline": 1.5}}"#,
    ]
    for line in lines {
      let data = Data(line.utf8)
      #expect(try JSONValue(parsing: data) == JSONDecoder().decode(JSONValue.self, from: data))
    }
  }
}
