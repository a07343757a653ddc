import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptText

@Suite struct DiscordMarkdownTests {
    let markdown = DiscordMarkdown(names: DiscordMarkdown.Names(
        users: ["1001": "Ann", "1002": "bob"], channels: ["200": "general", "201": "off-topic"], roles: ["900": "Moderators"]))

    func html(_ text: String) -> String {
        switch markdown.kind(text) {
        case .markdown(let source): CommonMarkRenderer().render(source, format: .markdown).html
        case .text(let source): "TEXT:" + CommonMarkRenderer().render(source, format: .plain).html
        default: "?"
        }
    }

    @Test func plainTextStaysText() {
        #expect(markdown.kind("just words, 2 * 3 = 6") == .text("just words, 2 * 3 = 6"))
        #expect(markdown.kind("see https://example.com/a_b_c") == .text("see https://example.com/a_b_c"))
    }

    @Test func spans() {
        #expect(html("**bold** *it* _it2_ __under__ ~~gone~~ ||secret||")
            == "<p><strong>bold</strong> <em>it</em> <em>it2</em> <u>under</u> <del>gone</del> <span class=\"spoiler\">secret</span></p>\n")
        #expect(html("***both***") == "<p><strong><em>both</em></strong></p>\n")
        #expect(html("**bold with *italic* inside**") == "<p><strong>bold with <em>italic</em> inside</strong></p>\n")
        #expect(html("snake_case_name") == "TEXT:<p>snake_case_name</p>\n")
        #expect(html("2*3*4") == "<p>2<em>3</em>4</p>\n")  // as Discord shows it
    }

    @Test func codeIsShownExactly() {
        #expect(html("run `rm -rf **x**` now") == "<p>run <code>rm -rf **x**</code> now</p>\n")
        #expect(html("```swift\nlet x = 1 < 2\n```") == "<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n")
        #expect(html("before\n```\n**not bold**\n```\nafter")
            == "<p>before</p>\n<pre><code>**not bold**\n</code></pre>\n<p>after</p>\n")
    }

    @Test func quotesHeadingsAndLists() {
        #expect(html("> quoted **line**\nreply") == "<blockquote>\n<p>quoted <strong>line</strong></p>\n</blockquote>\n<p>reply</p>\n")
        #expect(html(">>> all\nof this") == "<blockquote>\n<p>all<br />\nof this</p>\n</blockquote>\n")
        #expect(html("> > not nested") == "<blockquote>\n<p>&gt; not nested</p>\n</blockquote>\n")
        #expect(html("# Title\n## Sub\n### Small") == "<h1>Title</h1>\n<h2>Sub</h2>\n<h3>Small</h3>\n")
        #expect(html("- one\n- **two**\n1. first\n2. second")
            == "<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>\n<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n")
    }

    @Test func mentionsEmojiAndTimestamps() {
        #expect(html("hi <@1001> and <@!1002> in <#201>, ping <@&900>")
            == "<p>hi <span class=\"mention\">@Ann</span> and <span class=\"mention\">@bob</span> in <span class=\"mention\">#off-topic</span>, ping <span class=\"mention\">@Moderators</span></p>\n")
        #expect(html("<@42> <#43> <@&44>")
            == "<p><span class=\"mention\">@unknown-user</span> <span class=\"mention\">#unknown-channel</span> <span class=\"mention\">@unknown-role</span></p>\n")
        #expect(html("nice <:pepega:123456> <a:dance:789>") == "TEXT:<p>nice :pepega: :dance:</p>\n")
        #expect(html("at <t:1700000000:f>") == "TEXT:<p>at 14 November 2023 22:13 UTC</p>\n")
        #expect(DiscordMarkdown.timestamp(1_700_000_000, style: "F") == "Tuesday, 14 November 2023 22:13 UTC")
        #expect(DiscordMarkdown.timestamp(1_700_000_000, style: "d") == "2023-11-14")
        #expect(DiscordMarkdown.timestamp(1_700_000_000, style: "T") == "22:13:20 UTC")
        #expect(DiscordMarkdown.timestamp(1_700_000_000, style: "D") == "14 November 2023")
    }

    @Test func resolvedMentionsFromDCEAreMentions() {
        #expect(html("@Ann look at #general, @everyone")
            == "<p><span class=\"mention\">@Ann</span> look at <span class=\"mention\">#general</span>, <span class=\"mention\">@everyone</span></p>\n")
        #expect(markdown.kind("x@Annex") == .text("x@Annex"))
    }

    @Test func maskedLinksAndEscapes() {
        #expect(html("[docs](https://example.com/docs) and [bad](javascript:alert(1))")
            == "<p><a href=\"https://example.com/docs\">docs</a> and [bad](javascript:alert(1))</p>\n")
        #expect(html("\\*not italic\\* <b>html</b>") == "TEXT:<p>*not italic* &lt;b&gt;html&lt;/b&gt;</p>\n")
    }
}
