import Testing

@testable import TranscriptRender

@Suite struct HTMLEscapingTests {
    static func escapedBytes(_ text: String) -> String {
        var output: [UInt8] = []
        var text = text
        text.withUTF8 { HTMLEscaping.append($0, to: &output) }
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
}
