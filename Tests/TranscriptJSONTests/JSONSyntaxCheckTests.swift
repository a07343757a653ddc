import Foundation
import Testing

@testable import TranscriptJSON
@testable import TranscriptSupport

/// The walk that says where a JSON document breaks (issue 15, class 3): the same place as the parser, the line
/// and column, and the JSON path being read there.
@Suite struct JSONSyntaxCheckTests {
    func problem(_ text: String, stoppingAt stop: Int? = nil, reason: String = "invalid JSON", unit: JSONSyntaxCheck.Unit = .file)
        -> JSONSyntaxCheck.Problem?
    {
        var text = text
        return text.withUTF8 { JSONSyntaxCheck.problem(in: $0, stoppingAt: stop, reason: reason, unit: unit) }
    }

    @Test(arguments: [
        #"{"a": [1, 2, {"b": "c"}], "d": null, "e": -1.5e3, "f": true, "g": "\u00e9\n"}"#, "[]", "{}", " \"x\" ", "\u{FEFF}[1]",
    ])
    func wellFormedDocumentsHaveNoProblem(text: String) {
        #expect(problem(text) == nil)
    }

    /// Wherever the parser stops, the walk stops at the same byte, for the same reason (but at the end of the
    /// input, which it words as the end of the file).
    @Test(arguments: [
        "{\"a\": 1,}", "[1,\n 2,\n x]", "\"tab\there\"", "[1] 2", "[01]", "{\"a\" 1}", "{\"a\": tru}", "[\"\\x\"]",
        "[\"\\u12G4\"]", "[-]", "[1.]", "[1e+]", "{1: 2}", "[1 2]", "{\"a\": 1 \"b\": 2}", "[\"ok\", nul]",
    ])
    func theWalkStopsWhereTheParserDoes(text: String) throws {
        let parserError = try #require(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
        let found = try #require(problem(text))
        #expect(found.offset == parserError.offset)
        #expect(found.line == parserError.line)
        #expect(found.column == parserError.column)
        #expect(found.reason == parserError.reason)
    }

    @Test(arguments: [
        // (document, offset, line, column, path, reason)
        (#"{"messages": [{"id": 1}, {"id": 2, "text": "hel"#, 47, 1, 48, "messages[1].text", "the file ends inside a string (it may be cut short)"),
        ("{\"messages\": [{\"id\": 1}, {\"id\": 2, \"text\": \"hel\n", 47, 1, 48, "messages[1].text", "the file ends inside a string (it may be cut short)"),
        (#"{"messages": [{"id": 1}, {"id": 2"#, 33, 1, 34, "messages[1].id", "the file ends inside an object (it may be cut short)"),
        (#"{"messages": [{"id": 1}, "#, 25, 1, 26, "messages[1]", "the file ends where a value should be (it may be cut short)"),
        (#"{"messages": [{"id": 1}"#, 23, 1, 24, "messages[0]", "the file ends inside a list (it may be cut short)"),
        (#"{"name": "x", "#, 14, 1, 15, "", "the file ends inside an object (it may be cut short)"),
        ("{\"name\": \"é\",\n \"type\": @}", 24, 2, 10, "type", "expected a value"),
        (#"{"a": {"b c": [0, 1, {"d": [true, fals]}]}}"#, 34, 1, 35, "a.b c[2].d[1]", "expected a value"),
        ("   ", 3, 1, 4, "", "the file holds no JSON value"),
    ])
    func problemsSayWhereTheyAre(text: String, offset: Int, line: Int, column: Int, path: String, reason: String) throws {
        let found = try #require(problem(text))
        #expect(found == JSONSyntaxCheck.Problem(offset: offset, line: line, column: column, path: path, reason: reason))
    }

    @Test func aLineOfJSONLinesEndsAsALine() throws {
        let found = try #require(problem(#"{"id": "1", "text": "cut"#, unit: .line))
        #expect(found.reason == "the line ends inside a string")
        #expect(found.path == "text")
    }

    /// A key that appears twice is the parser's to find: the walk says where the parser stopped.
    @Test func aRepeatedKeyIsLocatedAtTheParsersPlace() throws {
        let text = "{\"messages\": [\n {\"id\": 1, \"id\": 2}\n]}"
        let parserError = try #require(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
        let found = try #require(problem(text, stoppingAt: parserError.offset, reason: parserError.reason))
        #expect(found == JSONSyntaxCheck.Problem(
            offset: 32, line: 2, column: 18, path: "messages[0].id", reason: "the key \"id\" appears twice in one object"))
    }

    @Test func aVeryDeepPathIsShortened() throws {
        let found = try #require(problem(#"{"a": "# + String(repeating: "[", count: 600)))
        #expect(found.path == "a[0][0][0][0][0][0][0][0][0]… (502 levels deeper)")
        #expect(found.reason == "nested too deeply")
        #expect(found.offset == 517)
    }

    /// The error a reader throws: the file, line and column, the path, the byte offset and the reason.
    @Test func theErrorOfAPartNamesItsPlaceInTheFile() throws {
        var text = "{\"chats\": {\"list\": [\n{\"name\": \"A\", \"messages\": [}\n]}}"
        try text.withUTF8 { bytes in
            let part = 21..<(bytes.count - 3)  // the first chat, read on its own
            let error = try #require(throws: TranscriptsError.self) {
                var invalidUTF8: InvalidUTF8?
                return try JSONSyntaxCheck.parse(part, in: bytes, file: "result.json", invalidUTF8: &invalidUTF8)
            }
            #expect(error.description == "result.json:2:28: at chats.list[0].messages[0]: invalid JSON at byte offset 48: expected a value")
        }
    }
}

/// A mapping error's JSON path placed in its file: the line and column of the value (issue 15, class 2).
@Suite struct JSONPathOffsetTests {
    @Test(arguments: [
        ("messages[1].text", 3, 20), ("messages[1]", 3, 2), ("messages[0].id", 2, 9), ("title", 1, 11),
        // Not there: the deepest part that is (the list, the message).
        ("messages[7]", 1, 28), ("messages[1].missing", 3, 2), ("", 1, 1),
    ])
    func aPathIsFoundInTheBytes(path: String, line: Int, column: Int) throws {
        var text = "{\"title\": \"é\", \"messages\": [\n {\"id\": 1, \"text\": \"a\"},\n {\"id\": 2, \"text\": \"b\"}\n]}"
        let keys: JSONPath = path.split(separator: ".").flatMap { part -> [AnyCodingKey] in
            let pieces = part.split(separator: "[")
            return [AnyCodingKey(stringValue: String(pieces[0]))]
                + pieces.dropFirst().compactMap { Int($0.dropLast()).map(AnyCodingKey.init(intValue:)) }
        }
        let position = text.withUTF8 { bytes in
            TextPosition.of(JSONScanner(bytes: bytes).offset(of: keys, inDocumentAt: 0), in: bytes)
        }
        #expect(position == TextPosition(line: line, column: column))
    }
}
