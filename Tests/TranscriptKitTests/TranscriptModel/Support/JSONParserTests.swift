import Testing

@testable import TranscriptModel
@testable import TranscriptSite

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]),
                    "b": .object(["c": .string("d")]), "e": .string(""),
                ]))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00", "\ud800x"]"#)
        #expect(value == .array([.string("a\"b\\c/d\n\té😀"), .string("\u{FFFD}x")]))
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse("\u{FEFF}[1]") == .array([.number(1)]))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a key in quotes"),
        ("[1,\n 2,\n x]", 3, 2, "expected a value"),
        ("{\"a\": 1, \"a\": 2}", 1, 15, "the key \"a\" appears twice in one object"),
        ("\"tab\there\"", 1, 5, "a control character in a string must be escaped"),
        ("[1] 2", 1, 5, "unexpected text after the JSON value"),
        ("[01]", 1, 3, "expected ',' or ']'"),
        ("", 1, 1, "unexpected end of input"),
    ])
    func reportsTheLineAndColumnOfErrors(input: String, line: Int, column: Int, reason: String) {
        do {
            _ = try JSONParser.parse(input)
            Issue.record("expected an error for \(input)")
        } catch let error as JSONParser.SyntaxError {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.reason == reason)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func refusesDeepNesting() {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(String(repeating: "[", count: 600)) }
    }
}
