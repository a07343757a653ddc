import Testing
import TranscriptTestSupport

@testable import TranscriptModel

/// `MarkdownWriter.escape` copies the bytes between those it changes a run at a time: it must write what
/// changing them one byte at a time writes.
@Suite struct MarkdownEscapeTests {
    @Test func escapesPunctuationLineBreaksAndLeadingSpaces() {
        #expect(MarkdownWriter.escape("a*b_c") == "a\\*b\\_c")
        #expect(MarkdownWriter.escape("  x\r\n y\rz\n") == "&#32;&#32;x\n&#32;y\nz\n")
        #expect(MarkdownWriter.escape("  x", atLineStart: false) == "  x")
        #expect(MarkdownWriter.escape("é [ü](v) 🙂!") == "é \\[ü\\]\\(v\\) 🙂\\!")
        #expect(MarkdownWriter.escape("") == "")
    }

    @Test func writesWhatEscapingByteByByteWrites() {
        let alphabet: [String] = ["a", "Z", "0", " ", "\n", "\r", "\r\n", "*", "\\", "[", "`", "~", "{", "/", ":", "@", "é", "🙂", "\t"]
        var generator = SeededGenerator(seed: 29)
        for length in 0..<48 {
            for _ in 0..<200 {
                let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                for startsLine in [true, false] {
                    #expect(MarkdownWriter.escape(text, atLineStart: startsLine) == Self.reference(text, atLineStart: startsLine))
                }
            }
        }
    }

    /// Byte by byte, as the writer escaped before.
    static func reference(_ text: String, atLineStart startsLine: Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var atLineStart = startsLine
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                output.append(0x0A)
                atLineStart = true
                continue
            }
            if byte == 0x0A {
                output.append(0x0A)
                atLineStart = true
                continue
            }
            if MarkdownWriter.isPunctuation(byte) {
                output.append(0x5C)
            } else if atLineStart, byte == 0x20 {
                output.append(contentsOf: Array("&#32;".utf8))
                continue
            }
            atLineStart = false
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
