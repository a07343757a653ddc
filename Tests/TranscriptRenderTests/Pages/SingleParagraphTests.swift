import Testing

@testable import TranscriptRender

@Suite struct SingleParagraphTests {
    @Test func aOneParagraphTextGivesItsInside() {
        #expect(SingleParagraph.inside("<p>Hi <strong>there</strong></p>\n") == "Hi <strong>there</strong>")
        #expect(SingleParagraph.inside("<p>two<br />\nlines</p>\n") == "two<br />\nlines")
        #expect(SingleParagraph.inside("<p></p>\n") == "")
    }

    @Test func anythingElseGivesNothing() {
        #expect(SingleParagraph.inside("<p>one</p>\n<p>two</p>\n") == nil)
        #expect(SingleParagraph.inside("<p>a list:</p>\n<ul>\n<li>x</li>\n</ul>\n<p>end</p>\n") == nil)
        #expect(SingleParagraph.inside("<blockquote>\n<p>quoted</p>\n</blockquote>\n") == nil)
        #expect(SingleParagraph.inside("<pre><code>code</code></pre>\n") == nil)
        #expect(SingleParagraph.inside("<p>no line break</p>") == nil)
        #expect(SingleParagraph.inside("") == nil)
    }
}
