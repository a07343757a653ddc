import Testing

@testable import TranscriptImport

@Suite struct CodePage437Tests {
    @Test func everyByteHasItsCharacter() {
        #expect(CodePage437.upperHalf.count == 128)
        #expect(CodePage437.decode([0x47, 0x72, 0x81, 0xE1, 0x65]) == "Grüße")
        #expect(CodePage437.decode([0x80, 0x84, 0x94, 0x9A, 0xA4, 0xE0, 0xFF]) == "ÇäöÜñα\u{A0}")
    }
}
