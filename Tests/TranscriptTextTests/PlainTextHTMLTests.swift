import Testing
import TranscriptTestSupport

@testable import TranscriptText

/// `PlainTextHTML` writes what cmark's HTML renderer writes for the tree of a plain text
/// (`CommonMarkRenderer.renderPlainThroughCmark`): each case is rendered both ways and compared byte for byte.
@Suite struct PlainTextHTMLTests {
    /// Both renderings of `source`, with and without its plain text, must have the same bytes (`String`'s `==` would
    /// take texts that are only canonically equivalent for equal).
    func expectSameAsCmark(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for wantsPlainText in [true, false] {
            let direct = PlainTextHTML.render(source, wantsPlainText: wantsPlainText)
            let cmark = CommonMarkRenderer.renderPlainThroughCmark(source, wantsPlainText: wantsPlainText)
            #expect(
                Array(direct.html.utf8) == Array(cmark.html.utf8), "source: \(source.debugDescription)",
                sourceLocation: sourceLocation)
            #expect(
                Array(direct.plainText.utf8) == Array(cmark.plainText.utf8), "source: \(source.debugDescription)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func aSimpleLineIsItsTextInAParagraph() {
        let rendered = PlainTextHTML.render("Hello there, 日本 🙂", wantsPlainText: true)
        #expect(rendered.html == "<p>Hello there, 日本 🙂</p>\n")
        #expect(rendered.plainText == "Hello there, 日本 🙂")
        #expect(PlainTextHTML.render("x", wantsPlainText: false) == RenderedText(html: "<p>x</p>\n", plainText: ""))
        expectSameAsCmark("Hello there, 日本 🙂")
    }

    @Test func nothingToShowIsNoHTML() {
        for source in ["", " ", "\t \n\r\n  ", "\n"] {
            #expect(PlainTextHTML.render(source, wantsPlainText: true) == RenderedText(html: "", plainText: ""))
            expectSameAsCmark(source)
        }
    }

    @Test(arguments: [
        ("a \"b\" & <c> 'd'", "<p>a &quot;b&quot; &amp; &lt;c&gt; 'd'</p>\n"),
        ("0123456789<abcdef>0123456789&", "<p>0123456789&lt;abcdef&gt;0123456789&amp;</p>\n"),
        ("see https://x.org/a?b=1&c='2'~[3]", "<p>see <a href=\"https://x.org/a?b=1&amp;c=&#x27;2&#x27;~%5B3%5D\">"
            + "https://x.org/a?b=1&amp;c='2'~[3]</a></p>\n"),
        ("WWW.x.org/é", "<p><a href=\"http://WWW.x.org/%C3%A9\">WWW.x.org/é</a></p>\n"),
        ("one\r\ntwo\rthree\n\n\tfour  ", "<p>one<br />\ntwo<br />\nthree</p>\n<p>\tfour  </p>\n"),
    ])
    func escapesLinksAndLines(source: String, html: String) {
        #expect(PlainTextHTML.render(source, wantsPlainText: true).html == html)
        expectSameAsCmark(source)
    }

    /// Every ASCII character and a few others, in text and in a URL's address, next to each escaped byte and line end.
    @Test func everyByteIsWrittenAsCmarkWritesIt() {
        var characters: [String] = (1..<128).map { String(UnicodeScalar(UInt8($0))) }
        characters += ["é", "日", "🙂", "\u{301}", "\u{85}", "\u{2028}", "\u{FEFF}"]
        for character in characters {
            expectSameAsCmark("a\(character)b")
            expectSameAsCmark("https://x.org/a\(character)b c")
            expectSameAsCmark("www.x.org\(character) \(character)www.y.org")
            expectSameAsCmark("\(character)")
            expectSameAsCmark("0123456\(character)89abcdef\(character)")
        }
    }

    /// The plain text of lines, blank lines, tabs and spaces, written out: a line's own spaces are kept, a tab, line
    /// end or blank line is a space only after something other than one.
    @Test(arguments: [
        ("a \tb\r\n\n c ", "<p>a \tb</p>\n<p> c </p>\n", "a b  c"),
        ("\t\tx\t\ty  \n\n\n  z\t", "<p>\t\tx\t\ty  </p>\n<p>  z\t</p>\n", "x y    z"),
        ("one\ntwo\rthree", "<p>one<br />\ntwo<br />\nthree</p>\n", "one two three"),
    ])
    func linesAndTheirPlainText(source: String, html: String, plainText: String) {
        let rendered = PlainTextHTML.render(source, wantsPlainText: true)
        #expect(rendered.html == html)
        #expect(rendered.plainText == plainText)
        expectSameAsCmark(source)
    }

    @Test func aZeroByteEndsItsLinesText() {
        #expect(PlainTextHTML.render("\u{0}", wantsPlainText: true) == RenderedText(html: "<p></p>\n", plainText: ""))
        expectSameAsCmark("\u{0}")
        expectSameAsCmark("x\u{0}y https://hidden.org\nz")
        expectSameAsCmark("\u{0}abc")
        expectSameAsCmark("abc\u{0}")
        expectSameAsCmark("https://a.org/x\u{0}y")
    }

    @Test func aMarkOnTheDotOfWWWKeepsTheAddressAsItIs() {
        expectSameAsCmark("www.\u{301}example.org")
        expectSameAsCmark("WwW.example.org")
        expectSameAsCmark("www.\u{200D}example.org www.\u{FE0F}x.org")
    }

    /// Thousands of texts made of the pieces plain texts are hard at: line ends of each kind, blank lines, tabs, zero
    /// bytes, escaped bytes, URLs (ending in punctuation, in brackets, in other scripts) and long runs.
    @Test func randomTextsAreWrittenAsCmarkWritesThem() {
        let pieces = [
            "a", "word", " ", "  ", "\t", "\n", "\r", "\r\n", "\n\n", " \t\n", "\u{0}", "\"", "&", "<", ">", "'",
            "é", "日本", "🙂", "\u{301}", "https://", "http://", "HTTPS://", "www.", "WWW.", "x.org", "/path", "?q=1&r=2",
            ".", ",", ")", "(", "]", "[", "_", "*", "~", "%", "#", "\u{0B}", "\u{0C}", "0123456789abcdef", ":", "//",
            "\u{7F}",
        ]
        var generator = SeededGenerator(seed: 20_261_128)
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...14, using: &generator)
            let source = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            expectSameAsCmark(source)
        }
    }

    @Test func aLongWordIsOneParagraph() {
        let word = String(repeating: "x", count: 100_000)
        #expect(PlainTextHTML.render(word, wantsPlainText: true).html == "<p>" + word + "</p>\n")
        expectSameAsCmark(word + "&" + word)
    }
}
