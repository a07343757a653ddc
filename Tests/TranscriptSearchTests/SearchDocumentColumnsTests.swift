import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct SearchDocumentColumnsTests {
    typealias Entry = SearchDocumentColumns.Entry

    static func entry(_ part: Int, _ anchor: String, seconds: Int64 = 1_700_000_000, text: String = "hi") -> Entry {
        Entry(part: part, person: part - 1, seconds: seconds, page: "2024-05", anchor: anchor, kinds: 0, text: text, isCut: false)
    }

    static func columns(_ entries: [Entry]) -> SearchDocumentColumns {
        var columns = SearchDocumentColumns()
        for entry in entries { columns.append(entry) }
        return columns
    }

    @Test func anchorsThatFollowTheirConversationsLastAreSteps() {
        let entries = [
            Self.entry(0, "m-10"), Self.entry(1, "m-7"), Self.entry(0, "m-11"), Self.entry(1, "m-5"), Self.entry(0, "m-14"),
            // Not a message number: written as it is, and the next one of its conversation too.
            Self.entry(0, "m-007"), Self.entry(0, "m-8"), Self.entry(0, "m-0"), Self.entry(0, "m-1"),
            Self.entry(1, "m-1234567890123456"), Self.entry(1, "m-999999999999999"), Self.entry(1, "x-1"), Self.entry(1, "m-2"),
            Self.entry(1, "m-2a"), Self.entry(1, "m-"), Self.entry(1, "m-3"),
        ]
        let json = String(decoding: Self.columns(entries).json, as: UTF8.self)
        #expect(json.contains(#"["m-10","m-7",1,-2,3,"m-007","m-8",-8,1,"m-1234567890123456","m-999999999999999","x-1","m-2","m-2a","m-","m-3"]"#))
        #expect(SearchDocumentColumns.entries(ofJSON: Self.columns(entries).json) == entries)
    }

    @Test func readsBackWhatItWrote() {
        var generator = SeededGenerator(seed: 52)
        let texts = ["", "plain", "quote \" and \\ back", "<b>&amp;</b>", "line\nbreak\u{2028}", "東京 👍🏽", "e\u{301}"]
        var entries: [Entry] = []
        var seconds: Int64 = 1_600_000_000
        for _ in 0..<300 {
            seconds += Int64.random(in: -10...4000, using: &generator)
            let part = Int.random(in: 0..<5, using: &generator)
            let anchor = ["m-\(Int.random(in: 0..<60, using: &generator))", "m-abc", "", "m-0\(part)"].randomElement(using: &generator)!
            entries.append(
                Entry(
                    part: part, person: Int.random(in: -1..<4, using: &generator), seconds: seconds,
                    page: "2024-0\(part + 1)", anchor: anchor, kinds: UInt16.random(in: 0..<1024, using: &generator),
                    text: texts.randomElement(using: &generator)!, isCut: Bool.random(using: &generator)))
        }
        let json = Self.columns(entries).json
        #expect(SearchDocumentColumns.entries(ofJSON: json) == entries)
        // Packed and unpacked again.
        let packed = SearchIndexFormat.packedDocuments(json)
        #expect(SearchIndexFormat.unpackedDocuments(packed[...]) == json)
        #expect(SearchDocumentColumns.entries(ofJSON: Self.columns([]).json) == [])
    }

    @Test func refusesWhatItDoesNotWrite() {
        for json in [
            "[]", "[[],[],[],[],[],[],[]]", "[[0],[0],[0],[\"p\"],[\"a\"],[0],[0],[]]", "[[0],[0],[0],[\"p\"],[1],[0],[0],[\"t\"]]",
            "[[0],[0],[0],[\"p\"],[\"a\"],[0],[2],[\"t\"]]", "[[0],[0],[0.5],[\"p\"],[\"a\"],[0],[0],[\"t\"]]",
            "[[0,0],[0,0],[0,0],[\"p\",\"p\"],[\"m-3\",-4],[0,0],[0,0],[\"t\",\"t\"]]",
        ] {
            #expect(SearchDocumentColumns.entries(ofJSON: Array(json.utf8)) == nil, "\(json)")
        }
        #expect(SearchDocumentColumns.entries(ofJSON: Array("[[0],[0],[0],[\"p\"],[\"a\"],[0],[0],[\"t\"]]".utf8))?.count == 1)
    }

    @Test func z85IsZeroMQs() {
        // The example of the specification (rfc.zeromq.org/spec/32).
        var text: [UInt8] = []
        Z85.encode([0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B], to: &text)
        #expect(String(decoding: text, as: UTF8.self) == "HelloWorld")
        #expect(Z85.decode(Array("HelloWorld".utf8)) == [0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B])
        #expect(!Z85.alphabet.contains(UInt8(ascii: "\"")) && !Z85.alphabet.contains(UInt8(ascii: "\\")))
    }

    @Test func z85EndsInAShorterGroup() {
        var generator = SeededGenerator(seed: 85)
        for count in 0..<40 {
            for _ in 0..<20 {
                let bytes = (0..<count).map { _ in [0, 0xFF, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)! }
                var text: [UInt8] = []
                Z85.encode(bytes, to: &text)
                #expect(text.count == count / 4 * 5 + (count % 4 == 0 ? 0 : count % 4 + 1))
                #expect(Z85.decode(text) == bytes, "\(bytes)")
            }
        }
        #expect(Z85.decode(Array("Hello1".utf8)) == nil)
        #expect(Z85.decode(Array("Hell\"".utf8)) == nil)
        // Past 2³² − 1.
        #expect(Z85.decode(Array("#####".utf8)) == nil)
    }
}
