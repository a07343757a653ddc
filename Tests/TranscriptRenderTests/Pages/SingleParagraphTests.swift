import Testing

@testable import TranscriptRender

@Suite struct SingleParagraphTests {
    @Test func aOneParagraphTextGivesItsInside() {
        #expect(SingleParagraph.inside("<p>Hi <strong>there</strong></p>\n") == "Hi <strong>there</strong>")
        #expect(SingleParagraph.inside("<p>two<br />\nlines</p>\n") == "two<br />\nlines")
        #expect(SingleParagraph.inside("<p></p>\n") == "")
        #expect(SingleParagraph.inside("<p>héllo 👋 &lt;/p&gt; שלום</p>\n") == "héllo 👋 &lt;/p&gt; שלום")
        #expect(SingleParagraph.inside("<p>a <code>&lt;/p</code></p>\n") == "a <code>&lt;/p</code>")
        // A `<` that starts no `</p>`, up to the paragraph's very end.
        #expect(SingleParagraph.inside("<p>a</p</p>\n") == "a</p")
        #expect(SingleParagraph.inside("<p>x <y</p>\n") == "x <y")
        #expect(SingleParagraph.inside("<p><<<</p>\n") == "<<<")
    }

    @Test func anythingElseGivesNothing() {
        #expect(SingleParagraph.inside("<p>one</p>\n<p>two</p>\n") == nil)
        #expect(SingleParagraph.inside("<p>a list:</p>\n<ul>\n<li>x</li>\n</ul>\n<p>end</p>\n") == nil)
        #expect(SingleParagraph.inside("<blockquote>\n<p>quoted</p>\n</blockquote>\n") == nil)
        #expect(SingleParagraph.inside("<pre><code>code</code></pre>\n") == nil)
        #expect(SingleParagraph.inside("<p>no line break</p>") == nil)
        #expect(SingleParagraph.inside("") == nil)
        #expect(SingleParagraph.inside("<p>\n") == nil)
        #expect(SingleParagraph.inside("<p>a</p>\n<p>👋</p>\n") == nil)
        #expect(SingleParagraph.inside("<p>1</p>2</p>\n") == nil)
        #expect(SingleParagraph.inside("<p><</p></p>\n") == nil)
    }
}
