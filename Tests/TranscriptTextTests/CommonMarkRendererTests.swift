import Testing

@testable import TranscriptModel
@testable import TranscriptText

@Suite struct CommonMarkRendererTests {
    let renderer = CommonMarkRenderer()

    func html(_ source: String, _ format: TextFormat = .markdown) -> String {
        renderer.render(source, format: format).html
    }

    // MARK: Safety

    @Test func rawHTMLIsShownAsTextNeverAsMarkup() {
        #expect(html("<script>alert(1)</script>") == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n")
        #expect(html("hi <img src=x onerror=alert(1)> there") == "<p>hi &lt;img src=x onerror=alert(1)&gt; there</p>\n")
        #expect(html("<div onclick=\"x\">\nblock\n</div>") == "<p>&lt;div onclick=&quot;x&quot;&gt;<br />\nblock<br />\n&lt;/div&gt;</p>\n")
    }

    @Test(arguments: [
        "[a](javascript:alert(1))", "[a](JAVASCRIPT:alert(1))", "[a](jav&#x61;script:alert(1))", "[a](vbscript:x)",
        "[a](data:text/html;base64,PHNjcmlwdD4=)", "[a](file:///etc/passwd)",
    ])
    func unsafeLinksAreShownAsText(source: String) {
        #expect(html(source) == "<p>a</p>\n")
    }

    /// Only http, https, mailto and tel links and links without a scheme are written; any other scheme
    /// (Slack's `<scheme:...|text>` makes them easy to write) leaves just the link's text.
    @Test(arguments: [
        ("[click](livescript:alert(1))", "<p>click</p>\n"),
        ("<livescript:alert(1)>", "<p>livescript:alert(1)</p>\n"),
        ("[x](Intent://scan/#Intent;scheme=zxing;end)", "<p>x</p>\n"),
        ("![pic](ms-settings:privacy)", "<p>pic</p>\n"),
        ("[web](https://example.com/a:b)", "<p><a href=\"https://example.com/a:b\">web</a></p>\n"),
        ("[mail](MAILTO:ann@example.com)", "<p><a href=\"MAILTO:ann@example.com\">mail</a></p>\n"),
        ("[call](tel:+4917012345678)", "<p><a href=\"tel:+4917012345678\">call</a></p>\n"),
        ("[here](#m-42) [page](2024-05.html?x=a:b)", "<p><a href=\"#m-42\">here</a> <a href=\"2024-05.html?x=a:b\">page</a></p>\n"),
    ])
    func linksKeepOnlyTheSchemesWeWrite(source: String, expected: String) {
        #expect(html(source) == expected)
    }

    @Test func imagesBecomeLinksSoNothingRemoteLoads() {
        #expect(html("![cat](https://example.com/cat.png)") == "<p><a href=\"https://example.com/cat.png\">cat</a></p>\n")
        #expect(html("![](https://e.org/x.png \"T\")") == "<p><a href=\"https://e.org/x.png\" title=\"T\">https://e.org/x.png</a></p>\n")
        #expect(!html("![x](javascript:alert(1))").contains("javascript"))
    }

    @Test func plainTextInterpretsNothing() {
        #expect(html("**not bold** <b>x</b> [a](b) # no heading", .plain)
            == "<p>**not bold** &lt;b&gt;x&lt;/b&gt; [a](b) # no heading</p>\n")
    }

    // MARK: Links and line breaks

    @Test func bareURLsBecomeLinksWithTrailingPunctuationLeftOut() {
        #expect(html("see https://example.com/a?b=1&c=2, ok") == "<p>see <a href=\"https://example.com/a?b=1&amp;c=2\">https://example.com/a?b=1&amp;c=2</a>, ok</p>\n")
        #expect(html("(https://en.wikipedia.org/wiki/Swift_(programming_language))")
            == "<p>(<a href=\"https://en.wikipedia.org/wiki/Swift_(programming_language)\">https://en.wikipedia.org/wiki/Swift_(programming_language)</a>)</p>\n")
        #expect(html("www.example.org.", .plain) == "<p><a href=\"http://www.example.org\">www.example.org</a>.</p>\n")
    }

    @Test func urlsWithStarsAndUnderscoresStayWhole() {
        #expect(html("go https://a.example/c*d*e now") == "<p>go <a href=\"https://a.example/c*d*e\">https://a.example/c*d*e</a> now</p>\n")
        #expect(html("https://x.org/_private_/page and _emphasis_")
            == "<p><a href=\"https://x.org/_private_/page\">https://x.org/_private_/page</a> and <em>emphasis</em></p>\n")
        #expect(html("https://a.example/c*d*e", .plain) == "<p><a href=\"https://a.example/c*d*e\">https://a.example/c*d*e</a></p>\n")
    }

    @Test func codeAndExistingLinksAreLeftAlone() {
        #expect(html("`https://a.example/c*d*e`") == "<p><code>https://a.example/c*d*e</code></p>\n")
        #expect(html("```\nhttps://a.example/c*d*e\n```") == "<pre><code>https://a.example/c*d*e\n</code></pre>\n")
        #expect(html("[docs](https://a.example/x_y_z)") == "<p><a href=\"https://a.example/x_y_z\">docs</a></p>\n")
        #expect(html("<https://a.example/x_y>") == "<p><a href=\"https://a.example/x_y\">https://a.example/x_y</a></p>\n")
    }

    @Test func typedLineBreaksAreKept() {
        #expect(html("one\ntwo") == "<p>one<br />\ntwo</p>\n")
        #expect(html("one\r\ntwo\n\nthree", .plain) == "<p>one<br />\ntwo</p>\n<p>three</p>\n")
    }

    @Test func markdownFeaturesRender() {
        #expect(html("**b** _i_ `c`") == "<p><strong>b</strong> <em>i</em> <code>c</code></p>\n")
        #expect(html("- a\n- b") == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(html("> quoted") == "<blockquote>\n<p>quoted</p>\n</blockquote>\n")
    }

    @Test func emojiCJKAndRTLPassThrough() {
        #expect(html("👩‍💻 今日は مرحبا שלום 🇩🇪") == "<p>👩‍💻 今日は مرحبا שלום 🇩🇪</p>\n")
    }

    // MARK: Plain text

    @Test func plainTextComesFromTheSameParse() {
        let rendered = renderer.render("**Hello** _there_\n- see https://x.org\n\n```\ncode()\n```", format: .markdown)
        #expect(rendered.plainText == "Hello there see https://x.org code()")
        #expect(renderer.render("a\nb", format: .plain).plainText == "a b")
        #expect(renderer.render("x", format: .plain, wantsPlainText: false).plainText == "")
    }

    /// Plain text is built with its links, and its plain text taken from its lines: the same HTML and plain text
    /// as walking the tree gives, at paragraph ends, tabs, line ends of every kind, links anywhere in a line and a
    /// zero byte (cmark keeps a line up to it).
    @Test(arguments: [
        ("one\r\ntwo\n\nthree", "<p>one<br />\ntwo</p>\n<p>three</p>\n", "one two three"),
        ("a\tb\n \t\nc\rd", "<p>a\tb</p>\n<p>c<br />\nd</p>\n", "a b c d"),
        ("\n\n b \n\n\n", "<p> b </p>\n", " b"),
        ("a  \n\n", "<p>a  </p>\n", "a"),
        ("https://a.org", "<p><a href=\"https://a.org\">https://a.org</a></p>\n", "https://a.org"),
        ("see https://x.org/a and www.y.org\nnext www.z.org.", "<p>see <a href=\"https://x.org/a\">https://x.org/a</a> and "
            + "<a href=\"http://www.y.org\">www.y.org</a><br />\nnext <a href=\"http://www.z.org\">www.z.org</a>.</p>\n",
         "see https://x.org/a and www.y.org next www.z.org."),
        ("x\u{0}y https://hidden.org\nz", "<p>x<br />\nz</p>\n", "x z"),
        ("<b>&amp;</b>\t\t\"", "<p>&lt;b&gt;&amp;amp;&lt;/b&gt;\t\t&quot;</p>\n", "<b>&amp;</b> \""),
    ])
    func plainDocumentsAndTheirText(source: String, html: String, plainText: String) {
        let rendered = renderer.render(source, format: .plain)
        #expect(rendered.html == html)
        #expect(rendered.plainText == plainText)
    }
}

@Suite struct MarkdownURLProtectorTests {
    @Test func escapesEmphasisCharactersOnlyInsideBareURLs() {
        #expect(MarkdownURLProtector.protect("a https://x.org/a_b*c d_e") == #"a https://x.org/a\_b\*c d_e"#)
        #expect(MarkdownURLProtector.protect("no urls *here*") == "no urls *here*")
        #expect(MarkdownURLProtector.protect("`https://x.org/a_b`") == "`https://x.org/a_b`")
        #expect(MarkdownURLProtector.protect("    https://x.org/a_b") == "    https://x.org/a_b")
    }
}

@Suite struct MarkdownWriterTests {
    let renderer = CommonMarkRenderer()

    func html(_ build: (inout MarkdownWriter) -> Void) -> String {
        var writer = MarkdownWriter()
        build(&writer)
        return renderer.render(writer.markdown, format: .markdown).html
    }

    @Test func theCompactMarkdownIsTheMarkdownWritten() {
        var writer = MarkdownWriter()
        for number in 0..<40 { writer.append("word \(number) é ") }
        writer.bold { $0.append("東京 👍🏽") }
        #expect(writer.compactMarkdown == writer.markdown)
        #expect(writer.compactMarkdown.utf8.count == writer.markdown.utf8.count)
        #expect(MarkdownWriter().compactMarkdown == "")
    }

    @Test func plainTextIsNeverMarkup() {
        let text = "*not bold* <b>x</b> [a](javascript:alert(1)) # no heading\n- no list\n    no code\n1. no item `x` ~~y~~ | a | b |"
        #expect(html { $0.append(text) } == "<p>*not bold* &lt;b&gt;x&lt;/b&gt; [a](javascript:alert(1)) # no heading<br />\n- no list<br />\n    no code<br />\n1. no item `x` ~~y~~ | a | b |</p>\n")
    }

    @Test func spansBecomeOurOwnHTML() {
        let result = html {
            $0.append("a ")
            $0.bold { $0.append("b ") }
            $0.italic { $0.append("i") }
            $0.append(" ")
            $0.strike { $0.bold { $0.append("s") } }
            $0.append(" ")
            $0.underline { $0.append("u") }
            $0.append(" ")
            $0.spoiler { $0.append("secret <x>") }
            $0.append(" ")
            $0.mention { $0.append("@ann") }
            $0.append(" ")
            $0.hashtag { $0.append("#tag") }
            $0.append(" ")
            $0.code("c`d")
            $0.append(" ")
            $0.link(to: "https://x.org/a_b?c=1&d=2") { $0.append("link") }
            $0.append(" ")
            $0.link(to: "javascript:alert(1)") { $0.append("bad") }
        }
        #expect(result == "<p>a <strong>b </strong><em>i</em> <del><strong>s</strong></del> <u>u</u> <span class=\"spoiler\">secret &lt;x&gt;</span> <span class=\"mention\">@ann</span> <span class=\"hashtag\">#tag</span> <code>c`d</code> <a href=\"https://x.org/a_b?c=1&amp;d=2\">link</a> bad</p>\n")
    }

    /// A link's target is written between `<` and `>`: the characters that would end it are percent escapes, the rest
    /// (letters of other scripts too) as it was.
    @Test func linkTargetsKeepTheirBytesButWhatWouldEndThem() {
        var writer = MarkdownWriter()
        writer.link(to: "https://x.org/é<a>\\b\r\nc") { $0.append("l") }
        writer.link(to: "<https://y.org/日本>") { $0.append("m") }
        writer.link(to: "https://z.org/plain") { $0.append("n") }
        #expect(writer.markdown == "[l](<https://x.org/é%3Ca%3E%5Cb%0D%0Ac>)[m](<%3Chttps://y.org/日本%3E>)[n](<https://z.org/plain>)")
    }

    @Test func escapedTextStillGetsItsURLsLinked() {
        #expect(html { $0.append("see https://x.org/a_b*c") } == "<p>see <a href=\"https://x.org/a_b*c\">https://x.org/a_b*c</a></p>\n")
    }

    @Test func blocks() {
        #expect(html { $0.codeBlock("let x = 1 < 2", language: "swift") } == "<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n")
        #expect(html { $0.quote { $0.append("quoted *text*") } } == "<blockquote>\n<p>quoted *text*</p>\n</blockquote>\n")
        #expect(CommonMarkRenderer().render("[x](transcripts:unknown) and [y](transcripts:strike)", format: .markdown).html == "<p>x and <del>y</del></p>\n")
        // Spans next to punctuation and letters (no flanking rules), and nested in links and in each other.
        var writer = MarkdownWriter()
        writer.bold { $0.append("Link:") }
        writer.link(to: "https://telegram.org/") { $0.bold { $0.italic { $0.append("x") } } }
        writer.append("y")
        #expect(CommonMarkRenderer().render(writer.markdown, format: .markdown).html == "<p><strong>Link:</strong><a href=\"https://telegram.org/\"><strong><em>x</em></strong></a>y</p>\n")
    }

    /// CommonMark an export writes itself is its own blocks, between what is escaped: a fence it leaves open is
    /// closed, so the text after it is not code, and nothing in it escapes the renderer's safe mode.
    @Test func commonMarkOfAnExport() {
        var writer = MarkdownWriter()
        writer.append("before")
        writer.commonMark("**bold** and [x](javascript:alert(1)) <b>raw</b>\n~~~\ncode\n")
        writer.append("*after*")
        #expect(writer.markdown == "before\n\n**bold** and [x](javascript:alert(1)) <b>raw</b>\n~~~\ncode\n~~~\n\n\\*after\\*")
        #expect(renderer.render(writer.markdown, format: .markdown).html
            == "<p>before</p>\n<p><strong>bold</strong> and x &lt;b&gt;raw&lt;/b&gt;</p>\n<pre><code>code\n</code></pre>\n<p>*after*</p>\n")
        // Only blank text is nothing.
        #expect(html { $0.commonMark(" \n\n") } == "")
    }

    /// Fences are one backtick longer than the longest run in the text (at least three for blocks); a code span's
    /// line breaks are spaces.
    @Test func fencesAndLineBreaksInCode() {
        var writer = MarkdownWriter()
        writer.code("a``b`c\nd\r\ne")
        #expect(writer.markdown == "```a``b`c d\r e```")
        writer = MarkdownWriter()
        writer.code("`x`")
        #expect(writer.markdown == "`` `x` ``")
        writer = MarkdownWriter()
        writer.codeBlock("x ```` y")
        #expect(writer.markdown == "`````\nx ```` y\n`````\n")
        writer = MarkdownWriter()
        writer.codeBlock("x `` y")
        #expect(writer.markdown == "```\nx `` y\n```\n")
        #expect(MarkdownWriter.longestBacktickRun(in: "") == 0)
        #expect(MarkdownWriter.longestBacktickRun(in: "é`🙂``") == 2)
    }

    /// Punctuation is exactly the printable ASCII bytes that are neither letters, digits nor the space.
    @Test func punctuationIsEveryOtherPrintableASCIIByte() {
        let listed = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".utf8)
        #expect(listed.count == 32)
        for byte in UInt8.min...UInt8.max {
            #expect(MarkdownWriter.isPunctuation(byte) == listed.contains(byte), "byte \(byte)")
        }
    }

    @Test(arguments: [
        ("```swift\nx", "```"), ("````\n```\n", "````"), ("```\nx\n```", nil), ("   ~~~~\n~~~\n", "~~~~"), ("    ```\nindented code", nil),
        ("``` a`b\nnot a fence", nil), ("text\r\n```\r\ncode", "```"), ("~~~\n```\n", "~~~"),
    ] as [(String, String?)])
    func anOpenFenceIsFound(source: String, fence: String?) {
        #expect(MarkdownWriter.openFence(in: source) == fence)
    }
}
