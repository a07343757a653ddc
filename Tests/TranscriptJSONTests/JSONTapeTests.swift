import Testing

@testable import TranscriptJSON

/// A document read in place gives, value for value, what `JSONParser` gives; one it does not read the plain way
/// is left to the parser.
@Suite struct JSONTapeTests {
    /// The value the tape read from `text`, built through `JSONView` alone (members looked up by key, elements
    /// walked, strings and numbers made one by one); nil when the tape did not read it.
    private func readInPlace(_ text: String) -> JSONValue? {
        var tape = JSONTape()
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            guard tape.read(bytes) else { return nil }
            return tape.withRoot(in: bytes) { rebuilt($0, keys: Self.keys(in: text)) }
        }
    }

    /// Every key a document may hold, so that an object's members can be asked for one by one.
    private static func keys(in text: String) -> [String] {
        guard let value = try? JSONParser.parse(text) else { return [] }
        var keys: Set<String> = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members): for (key, member) in members { keys.insert(key); walk(member) }
            case .array(let elements): elements.forEach(walk)
            default: break
            }
        }
        walk(value)
        return keys.sorted()
    }

    private func rebuilt(_ value: JSONTape.Value, keys: [String]) -> JSONValue {
        if value.isNull { return .null }
        if let flag = value.boolValue { return .bool(flag) }
        if let number = value.numberValue { return .number(number) }
        if let text = value.stringValue { return .string(text) }
        if let elements = value.elements { return .array(elements.map { rebuilt($0, keys: keys) }) }
        #expect(value.isObject)
        var members: [String: JSONValue] = [:]
        for key in keys { if let member = value[key] { members[key] = rebuilt(member, keys: keys) } }
        // Built whole, the value is the parser's too.
        #expect(value.json == .object(members))
        return .object(members)
    }

    private func parsedPlainly(_ text: String) -> JSONValue? {
        var noted: InvalidUTF8?
        var text = text
        guard let value = try? text.withUTF8({ try JSONParser.parse($0, invalidUTF8: &noted) }), noted == nil else { return nil }
        return value
    }

    @Test func readsEveryKindOfValueAsTheParserDoes() throws {
        let documents = [
            #" {"a": [1, -2.5, 3e2, 0, -0, 1E-3, 12345678901234567890, true, false, null], "b": {"c": "d"}, "e": "", "": 1} "#,
            #"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00", "caf\u00e9", "é😀 plain", "\b\f\r"]"#,
            "\t\n\r 42 ", #""just a string""#, "[]", "{}", "[[[[]]], {}]", "null",
            #"{"text": "Be definitely, made like message", "text_entities": [{"type": "plain", "text": "x"}], "tex": 1}"#,
        ]
        for document in documents {
            let value = try #require(readInPlace(document), "not read: \(document)")
            #expect(value == (try JSONParser.parse(document)), "\(document)")
        }
    }

    @Test func leavesToTheParserWhatItWouldReportOrNote() {
        let documents = [
            #"{"a": 1, "a": 2}"#,  // a repeated key: an error
            #"{"\u0061": 1}"#, #"{"é": 1}"#,  // keys not plain ASCII
            #"["\ud800"]"#, #"["\udc00 x"]"#, #"["\ud800\u0041"]"#,  // lone surrogates: noted
            #"[01]"#, #"[1.]"#, #"[.5]"#, #"[1e]"#, #"[-]"#, #"[+1]"#, #"[1,]"#, #"{"a" 1}"#, #"{"a":1,}"#,
            #"["a\x"]"#, #"["a"#, "[\"tab\there\"]", "[1] 2", "", "  ", "tru", "nul", "[true false]",
            String(repeating: "[", count: JSONTape.maximumDepth + 1) + String(repeating: "]", count: JSONTape.maximumDepth + 1),
        ]
        for document in documents {
            #expect(readInPlace(document) == nil, "read: \(document)")
        }
        // Bytes that are not UTF-8, in a value: the parser notes them.
        var tape = JSONTape()
        let invalid: [UInt8] = Array(#"{"a": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        #expect(!invalid.withUnsafeBufferPointer { tape.read($0) })
        // An object of more members than the tape compares keys for goes to the parser; one of as many is read.
        let many = (0...JSONTape.maximumMembers).map { "\"k\($0)\": \($0)" }
        #expect(readInPlace("{" + many.joined(separator: ", ") + "}") == nil)
        #expect(readInPlace("{" + many.dropLast().joined(separator: ", ") + "}") != nil)
        // Nested as deep as it may be, it is read.
        let deep = String(repeating: "[", count: JSONTape.maximumDepth) + String(repeating: "]", count: JSONTape.maximumDepth)
        #expect(readInPlace(deep) != nil)
    }

    /// A member asked for by a key written in the code is the one asked for by the same key as a `String`, on the
    /// tape and in a parsed value: present, absent, empty, of a length another key has, nested.
    @Test func membersByKeysInTheCode() throws {
        let document = #"{"id": 1, "text": "x", "": 2, "date_unixtime": "5", "from": {"date": null}}"#
        var tape = JSONTape()
        let bytes = Array(document.utf8)
        let parsed = try JSONParser.parse(document)
        let found: [String] = bytes.withUnsafeBufferPointer { buffer in
            guard tape.read(buffer) else { return [] }
            return tape.withRoot(in: buffer) { root in
                let pairs: [(JSONTape.Value?, JSONTape.Value?)] = [
                    (root[member: "id"], root["id"]), (root[member: "text"], root["text"]), (root[member: ""], root[""]),
                    (root[member: "date_unixtime"], root["date_unixtime"]), (root[member: "type"], root["type"]),
                    (root[member: "from"]?[member: "date"], root["from"]?["date"]), (root[member: "missing_key"], root["missing_key"]),
                ]
                return pairs.map { "\($0.0?.json.compactJSON ?? "-") \($0.1?.json.compactJSON ?? "-")" }
            }
        }
        #expect(found == ["1 1", #""x" "x""#, "2 2", #""5" "5""#, "- -", "null null", "- -"])
        #expect(parsed[member: "text"] == parsed["text"])
        #expect(parsed[member: "missing_key"] == nil)
    }

    /// Strings are passed over eight bytes at a time: a quote or backslash escape, a control byte, a byte beyond
    /// ASCII (valid or not) at every place of strings up to three words long is found there, in values and in keys.
    @Test func everyPlaceOfLongerStrings() throws {
        let inserts: [[UInt8]] = [
            Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u00e9"#.utf8), Array("é".utf8), Array("😀".utf8), [0x7F],
            [0x01], [0x1F], [0x09], [0xE9], [0xC3],
        ]
        for length in 0...24 {
            for place in 0...length {
                for insert in inserts {
                    let body = Array(repeating: UInt8(ascii: "a"), count: place) + insert
                        + Array(repeating: UInt8(ascii: "b"), count: length - place)
                    let plain = insert.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x5C }
                    // A control byte, or a lone byte of a longer UTF-8 sequence.
                    let valid = insert.allSatisfy { $0 >= 0x20 } && insert != [0xE9] && insert != [0xC3]

                    let value = Array(#"[""#.utf8) + body + Array(#"", 1]"#.utf8)
                    var tape = JSONTape()
                    let text: String?? = value.withUnsafeBufferPointer { bytes in
                        guard tape.read(bytes) else { return .none }
                        return tape.withRoot(in: bytes) { root in .some(root.elements.flatMap { Array($0).first?.stringValue }) }
                    }
                    if valid {
                        let parsed = try value.withUnsafeBufferPointer { try JSONParser.parse($0) }
                        guard case .array(let elements) = parsed, case .string(let expected)? = elements.first else {
                            Issue.record("not a list of a string: \(body)")
                            continue
                        }
                        #expect(text == .some(.some(expected)), "\(body)")
                    } else {
                        #expect(text == .none, "\(body)")
                    }

                    let object = Array(#"{""#.utf8) + body + Array(#"": 1}"#.utf8)
                    let key = String(decoding: body, as: UTF8.self)
                    let found: Bool? = object.withUnsafeBufferPointer { bytes in
                        guard tape.read(bytes) else { return nil }
                        return tape.withRoot(in: bytes) { $0[key]?.numberValue == 1 }
                    }
                    #expect(found == (plain ? true : nil), "\(body)")
                }
            }
        }
    }

    /// An object notes a bit of each of its keys (`Entry.keyBits`, by length and first and last bytes): keys whose
    /// bits are the same are still told apart, a key whose bit no key has is absent, and a key repeated is still
    /// found.
    @Test func keysOfLengthsInOneClassAreToldApart() throws {
        let long = String(repeating: "k", count: 17), longer = String(repeating: "k", count: 33)
        let document = #"{"a": 1, "\#(long)": 2, "bc": 3, "\#(longer)": 4}"#
        var tape = JSONTape()
        let found = Array(document.utf8).withUnsafeBufferPointer { bytes -> [Double?]? in
            guard tape.read(bytes) else { return nil }
            return tape.withRoot(in: bytes) { root in
                ["a", long, "bc", longer, "b", "c", String(repeating: "k", count: 16), "kk", "abc", "", long + "k"].map {
                    root[$0]?.numberValue
                }
            }
        }
        #expect(found == [1, 2, 3, 4, nil, nil, nil, nil, nil, nil, nil])
        // Repeated keys are found whatever lengths come between; keys of one class that differ are not repeats.
        #expect(readInPlace(#"{"a": 1, "\#(long)": 2, "a": 3}"#) == nil)
        #expect(readInPlace(#"{"\#(long)": 1, "b": 2, "\#(long)": 3}"#) == nil)
        #expect(readInPlace(#"{"a": 1, "\#(long)": 2, "b": 3}"#) == (try JSONParser.parse(#"{"a": 1, "\#(long)": 2, "b": 3}"#)))
        // "a", "bz" and "yy" have one bit, "bc", "ab" and "aaa" another: told apart, and not taken for repeats.
        let sharing = #"{"a": 1, "bz": 2, "yy": 3, "bc": 4, "ab": 5, "aaa": 6}"#
        let shared = Array(sharing.utf8).withUnsafeBufferPointer { bytes -> [Double?]? in
            guard tape.read(bytes) else { return nil }
            return tape.withRoot(in: bytes) { root in ["a", "bz", "yy", "bc", "ab", "aaa", "aax", "aba"].map { root[$0]?.numberValue } }
        }
        #expect(shared == [1, 2, 3, 4, 5, 6, nil, nil])
        #expect(readInPlace(#"{"bz": 1, "yy": 2, "bz": 3}"#) == nil)
    }

    /// Random documents, with strings that hold escapes, text beyond ASCII and bytes that are not UTF-8: the tape
    /// reads exactly those the parser reads without a note (keys aside), and gives the same values.
    @Test func randomDocumentsReadAsTheParserReadsThem() {
        var generator = SeededGenerator(seed: 11)
        let strings = [
            "x", "", "é😀", #"\n"#, #"\""#, #"\\"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\ud800"#, #"\udfff"#, "a\u{7F}b", "\u{1}", "tab\t",
        ]
        var read = 0
        for _ in 0..<2000 {
            var text = value(depth: 0, strings: strings, using: &generator)
            if Int.random(in: 0..<10, using: &generator) == 0, !text.isEmpty {
                // Cut short, or a byte changed.
                let utf8 = Array(text.utf8)
                let at = Int.random(in: 0..<utf8.count, using: &generator)
                text = Int.random(in: 0..<2, using: &generator) == 0
                    ? String(decoding: utf8[..<at], as: UTF8.self)
                    : String(decoding: utf8[..<at] + [UInt8.random(in: 0x20...0x7E, using: &generator)] + utf8[(at + 1)...], as: UTF8.self)
            }
            let inPlace = readInPlace(text)
            let parsed = parsedPlainly(text)
            if let inPlace {
                read += 1
                #expect(inPlace == parsed, "\(text)")
            } else if let parsed {
                // Left to the parser only for its keys: one written with an escape, or beyond ASCII.
                #expect(text.contains("\\") || Self.hasKeyNotPlain(parsed), "\(text)")
            }
        }
        #expect(read > 1000)
    }

    private static func hasKeyNotPlain(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            return members.keys.contains { !$0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C } }
                || members.values.contains(where: hasKeyNotPlain)
        case .array(let elements): return elements.contains(where: hasKeyNotPlain)
        default: return false
        }
    }

    private func value(depth: Int, strings: [String], using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &generator) {
        case 0: return ["0", "-1", "2.5", "1e3", "-0.25E-2", "123456789012345678"].randomElement(using: &generator)!
        case 1: return "\"" + strings.randomElement(using: &generator)! + "\""
        case 2: return ["true", "false"].randomElement(using: &generator)!
        case 3: return "null"
        case 4, 5:
            let count = Int.random(in: 0..<4, using: &generator)
            return "[" + (0..<count).map { _ in value(depth: depth + 1, strings: strings, using: &generator) }.joined(separator: ", ") + "]"
        default:
            let count = Int.random(in: 0..<4, using: &generator)
            let keys = ["a", "b", "text", "", "a", #"\u0062"#, "é"]
            return "{" + (0..<count).map { _ in
                "\"" + keys.randomElement(using: &generator)! + "\": " + value(depth: depth + 1, strings: strings, using: &generator)
            }.joined(separator: ", ") + "}"
        }
    }
}
