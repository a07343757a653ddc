import Testing

@testable import TranscriptJSON

/// The outline of a document in one walk: members, and the members or elements of those it is asked to go into.
@Suite struct JSONScannerOutlineTests {
    func outline(_ text: String, descending: Set<String>) -> (JSONScanner.Outline?, [UInt8]) {
        let bytes = Array(text.utf8)
        let outline = bytes.withUnsafeBufferPointer { JSONScanner(bytes: $0).outline(ofObjectAt: 0, descending: descending) }
        return (outline, bytes)
    }

    func text(_ range: Range<Int>, _ bytes: [UInt8]) -> String { String(decoding: bytes[range], as: UTF8.self) }

    @Test func anAccountExportsChatsInOneWalk() throws {
        let document = #"""
        {"about": "x", "contacts": {"list": [1, 2]},
         "chats": {"about": "y", "list": [ {"id": 1, "messages": [{"id": 1}]} , {"id": 2} ] },
         "left_chats": {"list": []}}
        """#
        let (found, bytes) = outline(document, descending: ["chats", "left_chats", "list", "messages"])
        let root = try #require(found)
        #expect(root.members?.map(\.key) == ["about", "contacts", "chats", "left_chats"])
        #expect(root.range == 0..<bytes.count)
        // Not gone into: a member whose name is not asked for, and a value that is no object or list.
        #expect(root.member("contacts")?.members == nil && root.member("about")?.members == nil)
        #expect(text(try #require(root.member("contacts")).range, bytes) == #"{"list": [1, 2]}"#)
        let chats = try #require(root.member("chats")?.member("list"))
        #expect(chats.elements?.map { text($0, bytes) } == [#"{"id": 1, "messages": [{"id": 1}]}"#, #"{"id": 2}"#])
        #expect(text(chats.range, bytes) == #"[ {"id": 1, "messages": [{"id": 1}]} , {"id": 2} ]"#)
        #expect(root.member("left_chats")?.member("list")?.elements == [])
        // The elements of a list are not gone into.
        #expect(document.contains("messages") && chats.members == nil)
    }

    /// The keys the walk reads that hold bytes that are not UTF-8 or escapes of lone surrogates are noted as the
    /// parser notes strings, placed in the bytes (the walk decodes them anyway); well-formed keys are no note.
    @Test func keysThatAreNotUnicodeAreNoted() throws {
        var bytes = Array(#"{"ok": 1, "caf?": {"list": [{"n?": 2}]}, "\uD800x": {"k?": 3}}"#.utf8)
        for index in bytes.indices where bytes[index] == 0x3F { bytes[index] = 0xE9 }
        var invalid: InvalidUTF8?
        let found = bytes.withUnsafeBufferPointer {
            JSONScanner(bytes: $0).outline(ofObjectAt: 0, descending: ["caf\u{FFFD}", "list", "\u{FFFD}x"], invalidUTF8: &invalid)
        }
        #expect(found?.members?.map(\.key) == ["ok", "caf\u{FFFD}", "\u{FFFD}x"])
        // The key inside the list's element is not read by the walk; the one in the last member's object is.
        #expect(invalid == InvalidUTF8(
            bytes: InvalidUTF8.Note(offset: 10, document: 0..<bytes.count, strings: 2, places: 2),
            loneSurrogates: InvalidUTF8.Note(offset: 41, document: 0..<bytes.count, strings: 1, places: 1)))
        var none: InvalidUTF8?
        _ = Array(#"{"é": {"ü": 1}}"#.utf8).withUnsafeBufferPointer {
            JSONScanner(bytes: $0).outline(ofObjectAt: 0, descending: ["é"], invalidUTF8: &none)
        }
        #expect(none == nil)
    }

    @Test func aSingleChatsMessages() throws {
        let (found, bytes) = outline(#"{"name": "Chat", "messages": [{"id": 1}, {"id": 2, "text": "a \"quoted\" ] }"}]}"#, descending: ["messages"])
        let messages = try #require(found?.member("messages")?.elements)
        #expect(messages.map { text($0, bytes) } == [#"{"id": 1}"#, #"{"id": 2, "text": "a \"quoted\" ] }"}"#])
    }

    @Test func notAnObjectOrMalformedIsNil() {
        #expect(outline("[1, 2]", descending: []).0 == nil)
        #expect(outline(#"{"chats": {"list": [1, 2}}"#, descending: ["chats", "list"]).0 == nil)
        #expect(outline(#"{"a": 1,}"#, descending: []).0 == nil)
        #expect(outline(#"{"a": 1"#, descending: []).0 == nil)
        #expect(outline("{}", descending: []).0?.members?.isEmpty == true)
    }
}
