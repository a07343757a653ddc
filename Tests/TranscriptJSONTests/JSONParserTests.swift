import Foundation
import Testing

@testable import TranscriptJSON
@testable import TranscriptSupport

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
        var value = #"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00", "\ud800x"]"#
        var noted: InvalidUTF8?
        let parsed = try value.withUTF8 { try JSONParser.parse($0, invalidUTF8: &noted) }
        #expect(parsed == .array([.string("a\"b\\c/d\n\té😀"), .string("\u{FFFD}x")]))
        // The pair is one character; the lone one is U+FFFD, and noted.
        #expect(noted == InvalidUTF8(loneSurrogates: InvalidUTF8.Note(offset: 37, document: 0..<47, strings: 1, places: 1)))
    }

    /// Each escape of a surrogate without its pair is one U+FFFD, and each string with some is noted (at its
    /// opening quote); a high surrogate followed by another escape leaves that escape to be read on its own, so
    /// that a second high one still pairs with the low one after it.
    @Test func notesEscapesOfLoneSurrogates() throws {
        var document = #"{"a": "\uD800", "b": ["\uDC00 x \uDFFF", "ok \uD83D\uDE00"], "c": "\uD800\uD83D\uDE00\u00e9\uDBFF\n", "d": "\uD800\uD800"}"#
        var noted: InvalidUTF8?
        let value = try document.withUTF8 { try JSONParser.parse($0, invalidUTF8: &noted) }
        #expect(value == .object([
            "a": .string("\u{FFFD}"), "b": .array([.string("\u{FFFD} x \u{FFFD}"), .string("ok 😀")]),
            "c": .string("\u{FFFD}😀é\u{FFFD}\n"), "d": .string("\u{FFFD}\u{FFFD}"),
        ]))
        #expect(noted == InvalidUTF8(loneSurrogates: InvalidUTF8.Note(offset: 6, document: 0..<document.utf8.count, strings: 4, places: 7)))
        // A key, and a string with both kinds: each kind is noted apart.
        let both = Array(#"{"k\uDC00": "caf"#.utf8) + [0xE9] + Array(#" \uD800"}"#.utf8)
        var notedBoth: InvalidUTF8?
        let parsedBoth = try both.withUnsafeBufferPointer { try JSONParser.parse($0, invalidUTF8: &notedBoth) }
        #expect(parsedBoth == .object(["k\u{FFFD}": .string("caf\u{FFFD} \u{FFFD}")]))
        #expect(notedBoth == InvalidUTF8(
            bytes: InvalidUTF8.Note(offset: 12, document: 0..<both.count, strings: 1, places: 1),
            loneSurrogates: InvalidUTF8.Note(offset: 1, document: 0..<both.count, strings: 2, places: 2)))
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

/// Resource bounds (issue 15): 100,000-deep nesting is an error, not a crash (`DeepNestingBuildTests`: a build
/// names its file and line).
@Suite struct DeepNestingTests {
    static let depth = 100_000

    @Test func theParserRefusesNestingBeyondItsBound() {
        let json = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(json) }
    }
}
