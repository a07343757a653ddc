import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel

/// Blocks, attachments and files that a Slack message holds in a shape this reader does not know: each is a
/// warning naming the day file, the line and column and the JSON path, the message keeps what could be read, a
/// number given for text is shown as that number, and what the rest held is kept in a `fields` part after the
/// message. Block types Slack writes that hold nothing to show (a divider, buttons, form fields) are no warning.
@Suite struct SlackBlockProblemsTests {
    typealias Support = SlackTestSupport

    /// Imports one channel `general` whose one day file holds `messages`, one per line (the first on line 2).
    static func run(_ messages: [String], name: String = #function) throws -> ImportRun.Result {
        let files = [
            "slack/users.json": #"[{"id": "U1", "name": "ann", "real_name": "Ann"}]"#,
            "slack/channels.json": #"[{"id": "C1", "name": "general"}]"#,
            "slack/general/2024-05-03.json": "[\n" + messages.joined(separator: ",\n") + "\n]",
        ]
        return try ImportRun.run(SlackImporter(), files: files, input: "slack", name: name)
    }

    static let file = "slack/general/2024-05-03.json"
    static let kept = FieldProblems.keptNote

    /// A block type this reader does not know: the message's text stands for it (Slack always writes one), the
    /// block is kept; without a text, the known blocks are read and the unknown one is kept.
    @Test func anUnknownBlockTypeIsWarnedOfAndKept() throws {
        let carousel = #"{"type": "carousel", "elements": [{"type": "card", "title": {"type": "plain_text", "text": "Offer"}}]}"#
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "*Pick* one", "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "*Pick* one"}}, "# + carousel + "]}",
            #"{"type": "message", "user": "U1", "ts": "2.0", "text": "", "blocks": [{"type": "rich_text", "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "read"}]}]}, {"block_id": "x"}]}"#,
        ])
        #expect(run.warnings == [
            "\(Self.file):2:152: at [0].blocks[1]: a block of the type \"carousel\", which this reader does not know; the message's text is shown instead; \(Self.kept)",
            "\(Self.file):3:187: at [1].blocks[1]: a block without a type (a string); it is left out; \(Self.kept)",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "1.0-fields", "2.0", "2.0-fields"])
        #expect(Support.html(messages[0]) == "<p><strong>Pick</strong> one</p>\n")
        #expect(ImportRun.kept(messages[1]) == ["blocks[1]": try JSONParser.parse(carousel)])
        #expect(Support.html(messages[2]) == "<p>read</p>\n")
        #expect(ImportRun.kept(messages[3]) == ["blocks[1]": .object(["block_id": .string("x")])])
    }

    /// Blocks Slack writes that hold nothing to show, and rich text elements Slack documents, are no warning.
    @Test func knownBlocksWithNothingToShowAreNoWarning() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "Approve?", "blocks": [{"type": "section", "text": {"type": "plain_text", "text": "Approve?"}}, {"type": "divider"}, {"type": "actions", "elements": [{"type": "button", "text": {"type": "plain_text", "text": "Yes"}}]}, {"type": "context_actions", "elements": []}, {"type": "input", "element": {"type": "plain_text_input"}}, {"type": "file", "external_id": "F1", "source": "remote"}]}"#,
            #"{"type": "message", "user": "U1", "ts": "2.0", "text": "see", "blocks": [{"type": "rich_text", "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "see "}, {"type": "message_mention", "text": "this message"}, {"type": "canvas", "file_id": "F2"}]}]}]}"#,
        ])
        #expect(run.warnings == [])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "2.0"])
        #expect(Support.html(messages[0]) == "<p>Approve?</p>\n")
        #expect(Support.html(messages[1]) == "<p>see this message</p>\n")
    }

    /// Fields of the wrong type inside blocks: a number given for text is shown as that number; a value that
    /// cannot be shown is kept; an element of a type this reader does not know shows its text.
    @Test func wrongTypedFieldsInBlocksAreWarnedOf() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "", "blocks": [{"type": "section", "text": {"type": "plain_text", "text": 42}, "fields": "none"}, {"type": "rich_text", "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "a "}, 7, {"type": "sparkle", "text": "b"}, {"type": "link", "text": "c"}, {"type": "user"}]}, {"type": "rich_text_grid", "text": "d"}]}, {"type": "rich_text", "elements": {"type": "rich_text_section"}}]}"#,
        ])
        #expect(run.warnings == [
            "\(Self.file):2:130: at [0].blocks[0].text.text: expected a string, found the number 42; the text is shown as 42",
            "\(Self.file):2:145: at [0].blocks[0].fields: expected a list, found the string \"none\"; it is left out; \(Self.kept)",
            "\(Self.file):2:264: at [0].blocks[1].elements[0].elements[1]: expected a rich text element (an object), found the number 7; it is left out; \(Self.kept)",
            "\(Self.file):2:267: at [0].blocks[1].elements[0].elements[2]: a rich text element of the type \"sparkle\", which this reader does not know; its text is shown; \(Self.kept)",
            "\(Self.file):2:301: at [0].blocks[1].elements[0].elements[3]: \"url\" is missing; the link is shown as its text; \(Self.kept)",
            "\(Self.file):2:332: at [0].blocks[1].elements[0].elements[4]: \"user_id\" is missing; the mention is left out; \(Self.kept)",
            "\(Self.file):2:352: at [0].blocks[1].elements[1]: a rich text element of the type \"rich_text_grid\", which this reader does not know; its text is shown; \(Self.kept)",
            "\(Self.file):2:429: at [0].blocks[2].elements: expected a list, found an object; it is left out; \(Self.kept)",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "1.0-fields"])
        #expect(Support.html(messages[0]) == "<p>42<br />\na bc<br />\nd</p>\n")
        #expect(ImportRun.kept(messages[1])?.keys.sorted() == [
            "blocks[0].fields", "blocks[1].elements[0].elements[1]", "blocks[1].elements[0].elements[2]",
            "blocks[1].elements[0].elements[3]", "blocks[1].elements[0].elements[4]", "blocks[1].elements[1]", "blocks[2].elements",
        ])
    }

    /// `blocks`, `attachments` and `files` that are not lists, or hold items that are not objects; a bot's
    /// attachment whose title is a number.
    @Test func wrongTypedListsOfAMessageAreWarnedOf() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "hi", "blocks": "hi", "files": ["a.png"], "attachments": [5, {"title": 2024, "text": "report"}]}"#,
        ])
        #expect(run.warnings == [
            "\(Self.file):2:72: at [0].blocks: expected a list, found the string \"hi\"; it is left out; \(Self.kept)",
            "\(Self.file):2:88: at [0].files[0]: expected a file (an object), found the string \"a.png\"; it is left out; \(Self.kept)",
            "\(Self.file):2:114: at [0].attachments[0]: expected an attachment (an object), found the number 5; it is left out; \(Self.kept)",
            "\(Self.file):2:127: at [0].attachments[1].title: expected a string, found the number 2024; the text is shown as 2024",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "1.0-fields"])
        #expect(Support.html(messages[0]) == "<p>hi</p>\n<p><strong>2024</strong><br />\nreport</p>\n")
        #expect(ImportRun.kept(messages[1]) == [
            "blocks": .string("hi"), "files[0]": .string("a.png"), "attachments[0]": .number(5),
        ])
    }

    /// A `markdown` block holds standard Markdown: it is rendered as CommonMark (bold is bold), its own blocks
    /// between the message's other blocks, a fence it leaves open closed; raw HTML and unsafe links in it are not
    /// markup.
    @Test func aMarkdownBlockIsRenderedAsCommonMark() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "fallback", "blocks": [{"type": "header", "text": {"type": "plain_text", "text": "Report"}}, {"type": "markdown", "text": "**Done:**\n- item *one*\n- [site](https://x.org) [bad](javascript:alert(1)) <i>raw</i>\n\n```\ncode"}, {"type": "section", "text": {"type": "plain_text", "text": "*after*"}}]}"#,
        ])
        #expect(run.warnings == [])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0"])
        #expect(Support.html(messages[0]) == """
            <p><strong>Report</strong></p>
            <p><strong>Done:</strong></p>
            <ul>
            <li>item <em>one</em></li>
            <li><a href="https://x.org">site</a> bad &lt;i&gt;raw&lt;/i&gt;</li>
            </ul>
            <pre><code>code
            </code></pre>
            <p>*after*</p>

            """)
    }

    /// An attachment's `blocks` are read and checked when it has text of its own: shown after it unless their
    /// words are already in it; with a block of a type this reader does not know, the attachment's text stands
    /// for them and the block is kept.
    @Test func anAttachmentsBlocksAreCheckedBesideItsText() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "", "attachments": [{"text": "*Build* passed", "mrkdwn_in": ["text"], "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "Build _passed_"}}]}]}"#,
            #"{"type": "message", "user": "U1", "ts": "2.0", "text": "", "attachments": [{"text": "Deploy", "blocks": [{"type": "section", "text": {"type": "plain_text", "text": 3}}, {"type": "context", "elements": [{"type": "mrkdwn", "text": "by ann"}]}]}]}"#,
            #"{"type": "message", "user": "U1", "ts": "3.0", "text": "", "attachments": [{"text": "Vote", "blocks": [{"type": "poll", "question": "Lunch?"}]}]}"#,
        ])
        #expect(run.warnings == [
            "\(Self.file):3:165: at [1].attachments[0].blocks[0].text.text: expected a string, found the number 3; the text is shown as 3",
            "\(Self.file):4:104: at [2].attachments[0].blocks[0]: a block of the type \"poll\", which this reader does not know; the attachment's text is shown instead; \(Self.kept)",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "2.0", "3.0", "3.0-fields"])
        // The same words: shown once.
        #expect(Support.html(messages[0]) == "<p><strong>Build</strong> passed</p>\n")
        #expect(Support.html(messages[1]) == "<p>Deploy<br />\n3<br />\nby ann</p>\n")
        #expect(Support.html(messages[2]) == "<p>Vote</p>\n")
        #expect(ImportRun.kept(messages[3]) == ["attachments[0].blocks[0]": .object(["type": .string("poll"), "question": .string("Lunch?")])])
    }

    /// A rich text element's `style` that is not an object, or a flag in it that is not true or false, and a
    /// list's `style`, `indent` or `offset` of the wrong type: the text is shown without it, the value kept.
    @Test func wrongTypedStylesAreWarnedOf() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "", "blocks": [{"type": "rich_text", "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "a", "style": "bold"}, {"type": "text", "text": "b", "style": {"bold": "yes", "italic": true}}]}, {"type": "rich_text_list", "style": 1, "indent": "2", "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "c"}]}]}]}]}"#,
        ])
        #expect(run.warnings == [
            "\(Self.file):2:188: at [0].blocks[0].elements[0].elements[0].style: expected a style (an object), found the string \"bold\"; the text is shown without it; \(Self.kept)",
            "\(Self.file):2:245: at [0].blocks[0].elements[0].elements[1].style.bold: expected true or false, found the string \"yes\"; the text is shown without it; \(Self.kept)",
            "\(Self.file):2:308: at [0].blocks[0].elements[1].style: expected a string, found the number 1; it is left out; \(Self.kept)",
            "\(Self.file):2:321: at [0].blocks[0].elements[1].indent: expected a whole number, found the string \"2\"; it is left out; \(Self.kept)",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "1.0-fields"])
        #expect(Support.html(messages[0]) == "<p>a<em>b</em><br />\n• c</p>\n")
        #expect(ImportRun.kept(messages[1]) == [
            "blocks[0].elements[0].elements[0].style": .string("bold"), "blocks[0].elements[0].elements[1].style.bold": .string("yes"),
            "blocks[0].elements[1].style": .number(1), "blocks[0].elements[1].indent": .string("2"),
        ])
    }

    /// A link preview's `from_url` or `original_url` that is not a string: noted and kept; the other address
    /// makes the preview, and without one the attachment is shown as a card.
    @Test func wrongTypedPreviewAddressesAreWarnedOf() throws {
        let run = try Self.run([
            #"{"type": "message", "user": "U1", "ts": "1.0", "text": "", "attachments": [{"from_url": 7, "original_url": "https://x.org/a", "title": "A"}]}"#,
            #"{"type": "message", "user": "U1", "ts": "2.0", "text": "", "attachments": [{"original_url": ["https://x.org/b"], "title": "B"}]}"#,
        ])
        #expect(run.warnings == [
            "\(Self.file):2:89: at [0].attachments[0].from_url: expected an address (a string), found the number 7; it is left out; \(Self.kept)",
            "\(Self.file):3:93: at [1].attachments[0].original_url: expected an address (a string), found a list; it is left out; \(Self.kept)",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1.0", "1.0-fields", "2.0", "2.0-fields"])
        #expect(messages[0].kind == .linkPreview(LinkPreview(url: "https://x.org/a", title: "A")))
        #expect(Support.html(messages[2]) == "<p><strong>B</strong></p>\n")
        #expect(ImportRun.kept(messages[1]) == ["attachments[0].from_url": .number(7)])
        #expect(ImportRun.kept(messages[3]) == ["attachments[0].original_url": .array([.string("https://x.org/b")])])
    }
}
