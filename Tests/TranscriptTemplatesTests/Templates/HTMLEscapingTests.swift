import Testing

@testable import TranscriptTemplates

@Suite struct HTMLEscapingTests {
    static func escapedBytes(_ text: String) -> String {
        var bytes = RenderedBytes(capacity: 0)
        var text = text
        text.withUTF8 { HTMLEscaping.append($0, to: &bytes) }
        var output: [UInt8] = []
        bytes.append(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func escapesTheFiveCharacters() {
        #expect(Self.escapedBytes(#"<a href="x" title='y'>&</a>"#) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect(Self.escapedBytes("") == "")
        #expect(Self.escapedBytes("plain") == "plain")
    }

    /// Byte by byte gives what scalar by scalar gives, with combining marks, emoji and letters of other scripts
    /// next to the escaped characters.
    @Test(arguments: ["<e\u{301}>", "&\u{1F469}\u{200D}\u{1F4BB}&", "\"Привет\" & 'שלום'", "a<b>c", "\u{301}<", ">\u{FFFD}"])
    func bytesAndScalarsAgree(text: String) {
        var scalars = ""
        HTMLEscaping.append(text, to: &scalars)
        #expect(Self.escapedBytes(text) == scalars)
    }

    /// Eight bytes at a time finds each of the five at every place of texts of every length up to three words,
    /// and leaves alone the bytes next to them in the table (`%`, `(`, `=`, `?`, `#`, `!`, `.`).
    @Test func everyPlaceOfShortTexts() {
        let specials: [UInt8] = Array("&'<>\"".utf8)
        let neighbours: [UInt8] = Array("%(=?#!.".utf8)
        func byteByByte(_ bytes: [UInt8]) -> String {
            var output = ""
            for byte in bytes {
                switch byte {
                case 0x26: output += "&amp;"
                case 0x3C: output += "&lt;"
                case 0x3E: output += "&gt;"
                case 0x22: output += "&quot;"
                case 0x27: output += "&#39;"
                default: output.unicodeScalars.append(Unicode.Scalar(byte))
                }
            }
            return output
        }
        for length in 0...24 {
            for place in 0..<max(length, 1) {
                for special in specials + neighbours where length > 0 {
                    var bytes = (0..<length).map { neighbours[$0 % neighbours.count] }
                    bytes[place] = special
                    // A second one further on, so a run after a replacement is looked at too.
                    if place + 3 < length { bytes[place + 3] = specials[(place + 1) % specials.count] }
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(Self.escapedBytes(text) == byteByByte(bytes), "\(bytes)")
                }
            }
        }
    }
}
