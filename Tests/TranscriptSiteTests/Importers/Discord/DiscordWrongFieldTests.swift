import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// A DiscordChatExporter message with a field of the wrong type (issue 15, class 2): without an id or a time it is
/// an error naming the file, line, column and JSON path; any other field is kept (shown as written when it is a
/// number given as text, else in a `fields` part after the message) with a warning naming where it is.
@Suite struct DiscordWrongFieldTests {
    static func file(_ messages: [String]) -> String {
        """
        {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"}, "messages": [
        \(messages.joined(separator: ",\n"))
        ]}
        """
    }

    @Test func wrongFieldsAreKeptAndWarnedOf() throws {
        let json = Self.file([
            #"{"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": 42, "author": {"id": "4", "name": "ann"}}"#,
            #"{"id": "11", "type": "Default", "timestamp": "2023-01-06T14:04:03+00:00", "content": {"text": "x"}, "author": "ann"}"#,
            #"{"id": "12", "type": 7, "timestamp": "2023-01-06T14:05:03+00:00", "timestampEdited": "later", "content": "hi", "author": {"name": "bob"}}"#,
            #"{"id": "13", "type": "Default", "timestamp": "2023-01-06T14:06:03+00:00", "content": "see", "author": {"id": "4", "name": "ann"}, "attachments": "photo.png", "reference": "10"}"#,
            #"[1, 2]"#,
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [
            "general.json:2:86: at messages[0].content: expected a string, found the number 42; the text is shown as 42",
            "general.json:3:86: at messages[1].content: expected a string, found an object; the text is left out; its value is kept in the message's “fields” part",
            "general.json:3:111: at messages[1].author: expected an object with the author's id and name, found the string \"ann\"; it is taken as the sender's name",
            "general.json:4:22: at messages[2].type: expected a string, found the number 7; the type is shown as 7",
            "general.json:4:86: at messages[2].timestampEdited: expected an ISO 8601 date such as 2023-01-06T14:03:03.853+00:00, found the string \"later\"; the edit time is left out; its value is kept in the message's “fields” part",
            "general.json:4:122: at messages[2].author: expected an object with the author's id, found one without; the sender is left out; its value is kept in the message's “fields” part",
            "general.json:5:146: at messages[3].attachments: expected a list, found the string \"photo.png\"; it is left out; its value is kept in the message's “fields” part",
            "general.json:5:172: at messages[3].reference: expected an object, found the string \"10\"; the reply is left out; its value is kept in the message's “fields” part",
            "general.json:6:1: at messages[4]: expected a message object, found a list; it is kept as an unsupported message",
        ])
        // Ordered by time: the item that is not a message has none and comes first.
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["item-5", "10", "11", "11-fields", "12", "12-fields", "13", "13-fields"])
        #expect(messages[0].kind == .unsupported(UnsupportedContent(type: "not an object", raw: .array([.number(1), .number(2)]))))
        #expect(messages[1].kind == .text("42"))
        #expect(messages[2].sender == "ann")
        #expect(ImportRun.kept(messages[3]) == ["content": .object(["text": .string("x")])])
        // A type this version does not know, with content: an ordinary message.
        #expect(messages[4].sender == nil)
        #expect(messages[4].kind == .text("hi"))
        #expect(ImportRun.kept(messages[5]) == ["timestampEdited": .string("later"), "author": .object(["name": .string("bob")])])
        #expect(messages[6].kind == .text("see"))
        #expect(ImportRun.kept(messages[7]) == ["attachments": .string("photo.png"), "reference": .string("10")])
        #expect(run.conversations[0].participants.map(\.id) == ["4", "ann"])
    }

    /// Without its id or time a message cannot be placed: an error at the field.
    @Test(arguments: [
        (#"{"type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "x"}"#,
         "general.json:2:1: at messages[0].id: expected the message's id (a string)"),
        (#"{"id": "10", "timestamp": 1673013783, "content": "x"}"#,
         "general.json:2:27: at messages[0].timestamp: expected the message's timestamp"),
    ])
    func withoutAnIdOrTimeAMessageIsAnError(message: String, expected: String) throws {
        let error = try #require(throws: TranscriptsError.self) {
            try ImportRun.run(DiscordImporter(), files: ["general.json": Self.file([message])], input: "general.json")
        }
        #expect(error.description == expected)
    }

    /// Embeds as DiscordChatExporter writes them (empty title and description, a null url, empty lists) are no
    /// warning; an embed that is not an object, and fields of the wrong type in one, are warnings with their JSON
    /// paths: a number given for text is shown as written, anything else kept in the `fields` part.
    @Test func wrongEmbedFieldsAreKeptAndWarnedOf() throws {
        let json = Self.file([
            ##"{"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "", "author": {"id": "4", "name": "bot"}, "embeds": [{"title": "", "url": null, "timestamp": null, "description": "fine", "color": "#FF0000", "images": [], "fields": [], "inlineEmojis": []}]}"##,
            #"{"id": "11", "type": "Default", "timestamp": "2023-01-06T14:04:03+00:00", "content": "", "author": {"id": "4", "name": "bot"}, "embeds": ["card", {"title": 2024, "description": {"text": "x"}, "author": "Ann", "fields": [{"name": "Score", "value": 7}, 3], "footer": {"text": true}}]}"#,
            #"{"id": "12", "type": "Default", "timestamp": "2023-01-06T14:05:03+00:00", "content": "", "author": {"id": "4", "name": "bot"}, "embeds": [{"title": "Only fields", "url": "https://x.org/a", "fields": "none"}, {"title": "", "description": "", "fields": [{"name": "Alone", "value": "here"}]}]}"#,
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [
            "general.json:3:139: at messages[1].embeds[0]: expected an object, found the string \"card\"; it is left out; its value is kept in the message's “fields” part",
            "general.json:3:157: at messages[1].embeds[1].title: expected a string, found the number 2024; the title is shown as 2024",
            "general.json:3:178: at messages[1].embeds[1].description: expected a string, found an object; the description is left out; its value is kept in the message's “fields” part",
            "general.json:3:203: at messages[1].embeds[1].author: expected an object, found the string \"Ann\"; it is left out; its value is kept in the message's “fields” part",
            "general.json:3:248: at messages[1].embeds[1].fields[0].value: expected a string, found the number 7; the value is shown as 7",
            "general.json:3:252: at messages[1].embeds[1].fields[1]: expected an object, found the number 3; it is left out; its value is kept in the message's “fields” part",
            "general.json:3:275: at messages[1].embeds[1].footer.text: expected a string, found true; the footer is shown as true",
            "general.json:4:200: at messages[2].embeds[0].fields: expected a list, found the string \"none\"; they are left out; its value is kept in the message's “fields” part",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["10", "11", "11-fields", "12", "12-2", "12-fields"])
        #expect(DCE.html(messages[0]) == "<blockquote>\n<p>fine</p>\n</blockquote>\n")
        #expect(DCE.html(messages[1])
            == "<blockquote>\n<p><strong>2024</strong></p>\n<p><strong>Score</strong><br />\n7</p>\n<p>true</p>\n</blockquote>\n")
        #expect(ImportRun.kept(messages[2]) == [
            "embeds[0]": .string("card"), "embeds[1].description": .object(["text": .string("x")]), "embeds[1].author": .string("Ann"),
            "embeds[1].fields[1]": .number(3),
        ])
        // Fields that are not a list leave a link preview; an embed with only fields is a card.
        #expect(messages[3].kind == .linkPreview(LinkPreview(url: "https://x.org/a", title: "Only fields")))
        #expect(DCE.html(messages[4]) == "<blockquote>\n<p><strong>Alone</strong><br />\nhere</p>\n</blockquote>\n")
        #expect(ImportRun.kept(messages[5]) == ["embeds[0].fields": .string("none")])
    }

    /// Nothing readable of an embed is dropped: a link's fields and footer make it a card whose title links, and an
    /// address that is not a web one is shown as text.
    @Test func aLinkEmbedWithFieldsIsACard() throws {
        let json = Self.file([
            #"{"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "", "author": {"id": "4", "name": "bot"}, "embeds": [{"title": "Deploy", "url": "https://ci.example/1", "description": "", "fields": [{"name": "Env", "value": "prod", "isInline": true}], "footer": {"text": "CI"}}, {"title": "", "url": "ftp://files.example/a", "description": "d"}]}"#,
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map { DCE.html($0) } == [
            "<blockquote>\n<p><strong><a href=\"https://ci.example/1\">Deploy</a></strong></p>\n<p><strong>Env</strong><br />\nprod</p>\n<p>CI</p>\n</blockquote>\n",
            "<blockquote>\n<p>ftp://files.example/a</p>\n<p>d</p>\n</blockquote>\n",
        ])
    }
}
