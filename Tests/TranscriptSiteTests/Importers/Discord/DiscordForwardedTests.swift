import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSite

/// A forwarded message as newer DiscordChatExporter versions write it: the forwarding message has no content of its
/// own, a `reference` of the type `Forward` naming the original, and a `forwardedMessage` with the original's
/// `timestamp`, `timestampEdited`, `content`, `attachments`, `embeds` and `stickers`. It shows the forwarded
/// content as any message's, with a "Forwarded from" line naming the original's channel, and is no reply.
@Suite struct DiscordForwardedTests {
    /// A DCE message (`DCE.message`) with a `forwardedMessage` and a `reference` after its other fields.
    static func forwarding(
        _ id: String, _ content: String = "", channel: String, forwarded: String, referenceType: String = "Forward"
    ) -> String {
        let message = DCE.message(id, "2024-03-01T10:00:00+00:00", content)
        return String(message.dropLast(2)) + """
            ,
              "reference": { "type": "\(referenceType)", "messageId": "7", "channelId": "\(channel)", "guildId": "100" },
              "forwardedMessage": \(forwarded)
            }
            """
    }

    static let forward = forwarding("20", channel: "200", forwarded: """
        {
            "timestamp": "2024-02-01T09:00:00+00:00", "timestampEdited": "2024-02-01T09:05:30.25+00:00", "content": "Look at **this**",
            "attachments": [ { "id": "1", "url": "https://cdn.discordapp.com/attachments/1/2/map.png", "fileName": "map.png", "fileSizeBytes": 2048 } ],
            "embeds": [ { "title": "Docs", "url": "https://example.org/docs", "description": "Read me", "images": [], "fields": [], "inlineEmojis": [] } ],
            "stickers": []
          }
        """)

    @Test func aForwardShowsItsContentWithTheForwardedLine() throws {
        let conversations = try DCE.read(json: DCE.file(messages: [Self.forward]))
        #expect(conversations.count == 1)
        let messages = conversations[0].messages
        #expect(messages.map(\.id) == ["20", "20-2", "20-3"])
        #expect(messages.map(\.forwardedFrom) == ["#general", nil, nil])
        // The forwarded message's own times, on the message with the "Forwarded from" line only.
        #expect(messages.map(\.forwardedDate) == [Timestamp(secondsSince1970: 1_706_778_000, utcOffset: 0), nil, nil])
        #expect(messages.map(\.forwardedEdited) == [Timestamp(secondsSince1970: 1_706_778_330.25, utcOffset: 0), nil, nil])
        #expect(messages.map(\.edited) == [nil, nil, nil])
        #expect(messages.map(\.replyTo) == [nil, nil, nil])
        #expect(DCE.html(messages[0]) == "<p>Look at <strong>this</strong></p>\n")
        #expect(messages[1].kind == .photo(MediaItem(file: nil, name: "map.png", size: 2048)))
        #expect(messages[2].kind == .linkPreview(LinkPreview(url: "https://example.org/docs", title: "Docs", description: "Read me")))
    }

    /// A forward of a channel the input does not hold, with a comment of its own (not as DCE writes it, but read
    /// all the same): the comment first, then the forwarded text; a reference of the type `Default` stays a reply.
    @Test func aForwardFromAnotherChannel() throws {
        let json = DCE.file(messages: [
            Self.forwarding("21", "fyi", channel: "999", forwarded: """
                { "timestamp": "2024-02-01T09:00:00+00:00", "timestampEdited": null, "content": "elsewhere", "attachments": [], "embeds": [], "stickers": [] }
                """),
            DCE.message("22", "2024-03-01T10:01:00+00:00", "yes", type: "Reply", extra: #""reference": { "type": "Default", "messageId": "21", "channelId": "200", "guildId": "100" }"#),
        ])
        let messages = try #require(try DCE.read(json: json).first?.messages)
        #expect(messages.map(\.id) == ["21", "21-2", "22"])
        #expect(messages.map(\.forwardedFrom) == [nil, "#unknown-channel", nil])
        #expect(messages.map(\.forwardedDate) == [nil, Timestamp(secondsSince1970: 1_706_778_000, utcOffset: 0), nil])
        #expect(messages.map(\.forwardedEdited) == [nil, nil, nil])
        #expect(messages.map(\.kind) == [.text("fyi"), .text("elsewhere"), .text("yes")])
        #expect(messages.map(\.replyTo) == [nil, nil, "21"])
    }

    /// The parts of a forwarded message of the wrong type are warnings with their JSON paths, as a message's are.
    @Test func wrongForwardedFieldsAreWarnedOf() throws {
        let json = DiscordWrongFieldTests.file([
            #"{"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "", "author": {"id": "4", "name": "ann"}, "forwardedMessage": {"content": 5, "attachments": "a.png", "embeds": [{"title": ["x"]}]}}"#,
            #"{"id": "11", "type": "Default", "timestamp": "2023-01-06T14:04:03+00:00", "content": "", "author": {"id": "4", "name": "ann"}, "forwardedMessage": "hi"}"#,
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [
            "general.json:2:160: at messages[0].forwardedMessage.content: expected a string, found the number 5; the text is shown as 5",
            "general.json:2:178: at messages[0].forwardedMessage.attachments: expected a list, found the string \"a.png\"; it is left out; its value is kept in the message's “fields” part",
            "general.json:2:208: at messages[0].forwardedMessage.embeds[0].title: expected a string, found a list; the title is left out; its value is kept in the message's “fields” part",
            "general.json:3:148: at messages[1].forwardedMessage: expected an object, found the string \"hi\"; the forwarded message is left out; its value is kept in the message's “fields” part",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["10", "10-fields", "11", "11-fields"])
        #expect(messages[0].kind == .text("5"))
        #expect(messages[0].forwardedFrom == "#unknown-channel")
        #expect(ImportRun.kept(messages[1]) == [
            "forwardedMessage.attachments": .string("a.png"), "forwardedMessage.embeds[0].title": .array([.string("x")]),
        ])
        // Nothing else: the message is kept whole, as one with nothing to show.
        #expect(messages[2].kind == .unsupported(UnsupportedContent(type: "Default", raw: try JSONParser.parse(
            #"{"id": "11", "type": "Default", "timestamp": "2023-01-06T14:04:03+00:00", "content": "", "author": {"id": "4", "name": "ann"}, "forwardedMessage": "hi"}"#))))
        #expect(ImportRun.kept(messages[3]) == ["forwardedMessage": .string("hi")])
    }

    /// A forwarded message's time of the wrong type or that cannot be read is a warning with its JSON path; it is left
    /// out and its value kept in the message's "fields" part, and the forwarded content is shown all the same.
    @Test func wrongForwardedTimesAreWarnedOfAndKept() throws {
        let json = DiscordWrongFieldTests.file([
            #"{"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "", "author": {"id": "4", "name": "ann"}, "forwardedMessage": {"timestamp": "last Tuesday", "timestampEdited": 1673013783, "content": "hi"}}"#,
            #"{"id": "11", "type": "Default", "timestamp": "2023-01-06T14:04:03+00:00", "content": "", "author": {"id": "4", "name": "ann"}, "forwardedMessage": {"timestamp": {"at": 1}, "timestampEdited": "2023-01-06T13:00:00+01:00", "content": "ho"}}"#,
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [
            "general.json:2:162: at messages[0].forwardedMessage.timestamp: expected an ISO 8601 date such as 2023-01-06T14:03:03.853+00:00, found the string \"last Tuesday\"; the forwarded message's time is left out; its value is kept in the message's “fields” part",
            "general.json:2:197: at messages[0].forwardedMessage.timestampEdited: expected an ISO 8601 date, found the number 1673013783; the forwarded message's edit time is left out; its value is kept in the message's “fields” part",
            "general.json:3:162: at messages[1].forwardedMessage.timestamp: expected an ISO 8601 date, found an object; the forwarded message's time is left out; its value is kept in the message's “fields” part",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["10", "10-fields", "11", "11-fields"])
        #expect(messages.map(\.kind.typeName) == ["text", "unsupported", "text", "unsupported"])
        #expect(messages.map(\.forwardedFrom) == ["#unknown-channel", nil, "#unknown-channel", nil])
        #expect(messages.map(\.forwardedDate) == [nil, nil, nil, nil])
        #expect(messages.map(\.forwardedEdited) == [nil, nil, Timestamp(secondsSince1970: 1_673_006_400, utcOffset: 3600), nil])
        #expect(ImportRun.kept(messages[1]) == [
            "forwardedMessage.timestamp": .string("last Tuesday"), "forwardedMessage.timestampEdited": .number(1_673_013_783),
        ])
        #expect(ImportRun.kept(messages[3]) == ["forwardedMessage.timestamp": .object(["at": .number(1)])])
    }

    /// The page shows the forwarded text under the "Forwarded from" line, with the forwarded message's own time.
    @Test func thePageShowsTheForwardedLine() throws {
        let exports = try TestSupport.temporaryFolder()
        try TestSupport.write(["discord/general.json": DCE.file(messages: [Self.forward])], in: exports)
        let site = try TestSupport.makeSite(
            config: "title: Discord\ninputs: [\"\(exports.appendingPathComponent("discord").path)\"]\ntimeZone: Europe/Berlin\nlocale: en_GB\n",
            conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        // A remote attachment, as in any export made without --media.
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings.first?.hasSuffix("discord: 1 attachment the chat names is not in the export (shown as placeholders): map.png") == true)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/200"))
        // The forwarded message's own time and edit time, in the site's time zone (CET in February) and locale;
        // `datetime` is the instant in UTC, as on the message's own time.
        #expect(page.contains(
            "<p class=\"forwarded\">Forwarded from #general · <time datetime=\"2024-02-01T09:00:00Z\">1 Feb 2024, 10:00</time>"
                + " <span class=\"edited\" title=\"Edited 1 Feb 2024, 10:05\">edited<span class=\"sr-only\"> 1 Feb 2024, 10:05</span></span></p>\n"
                + "<p class=\"text\" dir=\"auto\">Look at <strong>this</strong></p>"))
    }
}
