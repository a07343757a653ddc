import Foundation
import Testing

@testable import TranscriptImport
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
}
