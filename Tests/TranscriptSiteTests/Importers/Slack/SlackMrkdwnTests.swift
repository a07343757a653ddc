import Foundation
import Testing

@testable import TranscriptImport

@Suite struct SlackMrkdwnTests {
    let mrkdwn = SlackMrkdwn(
        names: SlackNames(users: ["U1": "Ann Lee", "B1": "deploy-bot"], seen: ["U9": "Zed"], channels: ["C1": "general"]))

    /// The text as the site shows it.
    func html(_ text: String) -> String {
        SlackTestSupport.html(SlackMrkdwn.markdown(mrkdwn.parse(text)))
    }

    func plain(_ text: String) -> String { SlackMrkdwn.plainText(mrkdwn.parse(text)) }

    @Test func plainTextIsEscapedNeverMarkup() {
        #expect(html("# not a heading [a](b) <b>") == "<p># not a heading [a](b) &lt;b&gt;</p>\n")
        #expect(html("1. not a list\n- nor this | a | b |") == "<p>1. not a list<br />\n- nor this | a | b |</p>\n")
        #expect(html("&lt;script&gt;alert(1)&lt;/script&gt;") == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n")
    }

    /// Text without a mark that mrkdwn reads is one run, exactly as written (beyond ASCII, line feeds and all);
    /// one mark anywhere and it is read token by token, to the same text where the mark means nothing.
    @Test func textWithoutMarksIsOneRun() {
        for text in ["plain words", "héllo wörld 👍🏽\nnext line", "  spaced  ", "東京都, Привет. (a) [b] #c >d |e"] {
            #expect(mrkdwn.inlines(text) == [.text(text)], "\(text)")
            #expect(mrkdwn.inlines(text, formatting: false) == [.text(text)], "\(text)")
        }
        #expect(mrkdwn.inlines("") == [])
        #expect(mrkdwn.inlines("note: 2*3 is snake_case ~ish") == [.text("note: 2*3 is snake_case ~ish")])
        #expect(mrkdwn.inlines("no *bold* here", formatting: false) == [.text("no *bold* here")])
        #expect(mrkdwn.inlines("a &amp; b") == [.text("a & b")])
    }

    @Test func entitiesAreDecodedOnce() {
        #expect(plain("Tom &amp; Jerry &lt;3 &gt;_&lt; &amp;lt;") == "Tom & Jerry <3 >_< &lt;")
        #expect(html("a &amp;amp; b") == "<p>a &amp;amp; b</p>\n")
    }

    @Test func boldItalicStrike() {
        #expect(html("*bold* _italic_ ~strike~") == "<p><strong>bold</strong> <em>italic</em> <del>strike</del></p>\n")
        #expect(html("~*_all three_*~") == "<p><del><strong><em>all three</em></strong></del></p>\n")
        #expect(html("*bold with spaces inside*!") == "<p><strong>bold with spaces inside</strong>!</p>\n")
    }

    @Test func markersInsideWordsOrBesideSpacesAreText() {
        #expect(html("snake_case_name and 2*3*4") == "<p>snake_case_name and 2*3*4</p>\n")
        #expect(html("a * b * c and _ x _") == "<p>a * b * c and _ x _</p>\n")
        #expect(html("*not closed\non this line*") == "<p>*not closed<br />\non this line*</p>\n")
    }

    @Test func codeSpansAndBlocks() {
        #expect(html("run `rm *.tmp` _now_") == "<p>run <code>rm *.tmp</code> <em>now</em></p>\n")
        #expect(html("```let a = *b*\n&lt;tag&gt; <https://x.org|x>```") == "<pre><code>let a = *b*\n&lt;tag&gt; x\n</code></pre>\n")
        #expect(html("before\n```\ncode\n```\nafter") == "<p>before</p>\n<pre><code>code\n</code></pre>\n<p>after</p>\n")
        #expect(html("```one```two```three```") == "<pre><code>one\n</code></pre>\n<p>two</p>\n<pre><code>three\n</code></pre>\n")
    }

    @Test func quotes() {
        #expect(html("&gt; quoted *line*\nreply") == "<blockquote>\n<p>quoted <strong>line</strong></p>\n</blockquote>\n<p>reply</p>\n")
        #expect(html("intro\n&gt;&gt;&gt; all\nof this") == "<p>intro</p>\n<blockquote>\n<p>all<br />\nof this</p>\n</blockquote>\n")
        #expect(html("a &gt; b") == "<p>a &gt; b</p>\n")
        #expect(html("&gt;\n&gt; ```code```") == "<pre><code>code\n</code></pre>\n")
    }

    @Test func mentionsResolveToNames() {
        #expect(html("<@U1> and <@U9>, <@U404>, <@U405|eve>") == """
            <p><span class="mention">@Ann Lee</span> and <span class="mention">@Zed</span>, <span class="mention">@U404</span>, <span class="mention">@eve</span></p>

            """)
        #expect(html("see <#C1|general> and <#C1> and <#C404>") == """
            <p>see <span class="mention">#general</span> and <span class="mention">#general</span> and <span class="mention">#C404</span></p>

            """)
        #expect(html("<!here> <!channel> <!everyone> <!here|@here> <!subteam^S1|@design>") == """
            <p><span class="mention">@here</span> <span class="mention">@channel</span> <span class="mention">@everyone</span> <span class="mention">@here</span> <span class="mention">@design</span></p>

            """)
        #expect(plain("<!date^1392734382^{date} at {time}|Feb 18, 2014 at 6:39 AM PST>") == "Feb 18, 2014 at 6:39 AM PST")
    }

    @Test func links() {
        #expect(html("<https://x.org/a_b?c=1&amp;d=2|the *site*> <https://y.org> <mailto:a@b.org|mail me> <mailto:a@b.org>") == """
            <p><a href="https://x.org/a_b?c=1&amp;d=2">the *site*</a> <a href="https://y.org">https://y.org</a> <a href="mailto:a@b.org">mail me</a> <a href="mailto:a@b.org">a@b.org</a></p>

            """)
        // Links with a scheme we do not write become their text; text that is no link stays text.
        #expect(html("<javascript:alert(1)|click>") == "<p>click</p>\n")
        #expect(html("<livescript:alert(1)|click> <slack://channel?id=C1|open>") == "<p>click open</p>\n")
        #expect(html("<notalink>") == "<p>&lt;notalink&gt;</p>\n")
        #expect(plain("<https://x.org|label> <https://y.org>") == "label https://y.org")
    }

    @Test func emojiShortcodes() {
        #expect(plain(":+1: :thumbsup: :smile: :joy: :heart: :tada: :wave: :fire: :eyes: :white_check_mark:")
            == "👍 👍 😄 😂 ❤️ 🎉 👋 🔥 👀 ✅")
        #expect(plain(":wave::skin-tone-3: :flag-de: :uk: :slightly_smiling_face:") == "👋🏼 🇩🇪 🇬🇧 🙂")
        // Unknown (custom) shortcodes, times and code stay as they are.
        #expect(plain(":partyparrot: at 10:30:45 `:smile:`") == ":partyparrot: at 10:30:45 :smile:")
        #expect(SlackEmoji.reaction("+1::skin-tone-2") == "👍🏻")
        #expect(SlackEmoji.reaction("partyparrot") == ":partyparrot:")
        #expect(SlackEmoji.fromHex("1f44d-1f3fb") == "👍🏻")
    }

    @Test func withoutFormattingOnlyTokensAndEntitiesAreRead() {
        let blocks = mrkdwn.parse("*not bold* <@U1> &amp; :tada: `x`", formatting: false)
        #expect(SlackTestSupport.html(SlackMrkdwn.markdown(blocks))
            == "<p>*not bold* <span class=\"mention\">@Ann Lee</span> &amp; 🎉 `x`</p>\n")
    }

    @Test func formattingIsKnownForLinkPreviewText() {
        #expect(!SlackMrkdwn.hasFormatting(mrkdwn.parse("<@U1>: <https://x.org> :tada:")))
        #expect(SlackMrkdwn.hasFormatting(mrkdwn.parse("*look* <https://x.org>")))
        #expect(SlackMrkdwn.hasFormatting(mrkdwn.parse("<https://x.org|a label>")))
    }
}
