import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct JavaScriptTextTests {
    @Test func escapesWhatCouldEndTheStringOrTheScript() {
        #expect(JavaScriptText.string(#"say "hi" \ now"#) == #""say \"hi\" \\ now""#)
        #expect(JavaScriptText.string("</script><!-- & more") == #""\u003c/script\u003e\u003c!-- \u0026 more""#)
        #expect(JavaScriptText.string("a\nb\rc\td\u{0}e\u{7F}") == #""a\nb\rc\td\u0000e\u007f""#)
        #expect(JavaScriptText.string("line\u{2028}para\u{2029}end") == #""line\u2028para\u2029end""#)
    }

    @Test func keepsEverythingElseAsItIs() {
        #expect(JavaScriptText.string("Café 東京 👍🏽 ‘quotes’ — ok") == "\"Café 東京 👍🏽 ‘quotes’ — ok\"")
        #expect(JavaScriptText.string("") == "\"\"")
    }

    /// The literal written byte by byte, as before escapes were looked for eight bytes at a time.
    private func literalByteByByte(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [0x22]
        var index = 0
        func escape(_ code: Int) {
            result += Array("\\u".utf8) + Array(String(format: "%04x", code).utf8)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22, 0x5C: result += [0x5C, byte]
            case 0x0A: result += Array("\\n".utf8)
            case 0x0D: result += Array("\\r".utf8)
            case 0x09: result += Array("\\t".utf8)
            case 0..<0x20, 0x7F, 0x3C, 0x3E, 0x26: escape(Int(byte))
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 3
                continue
            default: result.append(byte)
            }
            index += 1
        }
        return result + [0x22]
    }

    /// Random bytes, mostly letters, with every byte that needs an escape, the neighbours of those a word test
    /// looks for (`=`, `?`, `!`, `#`, `[`, 0xE3, 0xA2, 0xFF) and pieces of U+2028: the same literal as writing
    /// byte by byte, wherever they fall in the words.
    @Test func escapesAsWritingByteByByteDoes() {
        var generator = SeededGenerator(seed: 2028)
        let special: [[UInt8]] = [[0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x00], [0x1F], [0x20], [0x7F], [0x3C], [0x3E], [0x26],
            [0x3D], [0x3F], [0x21], [0x23], [0x5B], [0xE3], [0xA2], [0xFF], [0xE2], [0xE2, 0x80], [0xE2, 0x80, 0xA8],
            [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0xAA], [0x80, 0xA8]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<60, using: &generator) {
                bytes += Int.random(in: 0..<5, using: &generator) == 0
                    ? special.randomElement(using: &generator)! : [UInt8.random(in: 0x61...0x7A, using: &generator)]
            }
            var written: [UInt8] = []
            bytes.withUnsafeBufferPointer { JavaScriptText.append(utf8: $0, to: &written) }
            #expect(written == literalByteByByte(bytes), "\(bytes)")
        }
    }
}
