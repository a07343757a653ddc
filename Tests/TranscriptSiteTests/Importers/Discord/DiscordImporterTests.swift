import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

@Suite struct DiscordImporterTests {
    func iso(_ timestamp: Timestamp) -> String { timestamp.iso8601 }

    // MARK: A guild channel

    static let general = DCE.file(messages: [
        DCE.message("5001", "2023-01-06T14:03:03.853+02:00", "Hello **everyone**", extra: """
            "reactions": [
              { "emoji": { "id": null, "name": "👍", "code": "thumbsup", "isAnimated": false, "imageUrl": "https://x/1f44d.svg" }, "count": 2,
                "users": [ { "id": "1002", "name": "bob", "discriminator": "0000", "nickname": "bob", "isBot": false, "avatarUrl": "https://x" } ] },
              { "emoji": { "id": "777", "name": "pepega", "code": "pepega", "isAnimated": false, "imageUrl": "https://x/777.png" }, "count": 1 }
            ]
            """),
        DCE.message("5002", "2023-01-06T14:05:00.000+02:00", "hi <@1001>", author: DCE.bob, type: "Reply", extra: """
            "mentions": [ \(DCE.author()) ], "reference": { "messageId": "5001", "channelId": "200", "guildId": "100" }
            """),
        DCE.message("5002", "2023-01-06T14:05:00.000+02:00", "hi <@1001>", author: DCE.bob, type: "Reply"),
        DCE.message("5003", "2023-01-06T15:00:00.000+02:00", "fixed typo", extra: #""timestampEdited": "2023-01-06T15:01:00.000+02:00""#),
        DCE.message("5004", "2023-01-07T09:00:00.000+02:00", "beep", author: DCE.bot, extra: #""isPinned": true"#),
    ])

    @Test func guildChannel() throws {
        let conversations = try DCE.read(json: Self.general)
        #expect(conversations.count == 1)
        let chat = conversations[0]
        #expect(chat.id == "200")
        #expect(chat.title == "#general")
        #expect(chat.kind == .channel)
        #expect(chat.messages.map(\.id) == ["5001", "5002", "5003", "5004"])  // the duplicate 5002 is dropped
        #expect(chat.messages.map(\.sender) == ["1001", "1002", "1001", "1003"])
        #expect(iso(chat.messages.first!.date) == "2023-01-06T14:03:03.853+02:00")
        #expect(iso(chat.messages.last!.date) == "2023-01-07T09:00:00+02:00")
        #expect(chat.participants.map(\.name) == ["Ann", "bob", "Helper"])
        // An http avatar is not loaded; a relative one (with backslashes) is.
        #expect(chat.participants[0].avatar == nil)
        #expect(chat.participants[1].avatar == "Example guild - general [200].json_Files/bob-1A2B3.png")
        #expect(DCE.html(chat.messages[0]) == "<p>Hello <strong>everyone</strong></p>\n")
        #expect(chat.messages[0].reactions == [Reaction(emoji: "👍", by: ["1002"], count: 2), Reaction(emoji: ":pepega:", count: 1)])
        #expect(chat.messages[1].replyTo == "5001")
        #expect(DCE.html(chat.messages[1]) == "<p>hi <span class=\"mention\">@Ann</span></p>\n")
        #expect(chat.messages[2].kind == .text("fixed typo"))
        #expect(chat.messages[2].edited.map(iso) == "2023-01-06T15:01:00+02:00")
        #expect(chat.messages[3].kind == .text("beep"))
        #expect(chat.messages.map(\.pinned) == [false, false, false, true])
        #expect(chat.participants.map(\.bot) == [false, false, true])
    }

    @Test func directMessages() throws {
        let json = DCE.file(
            channelID: "400", type: "DirectTextChat", name: "bob", categoryID: nil, category: nil, guildID: "0",
            guildName: "Direct Messages",
            messages: [
                DCE.message("6001", "2022-05-01T10:00:00+00:00", "hey"),
                DCE.message("6002", "2022-05-01T10:01:00+00:00", "hey yourself", author: DCE.bob),
                DCE.message("6003", "2022-05-01T10:02:00+00:00", "Started a call that lasted 3 minutes.", type: "Call",
                            extra: #""callEndedTimestamp": "2022-05-01T10:05:30+00:00""#),
            ])
        let chat = try #require(DCE.read(json: json, name: "Direct Messages - bob [400].json").first)
        #expect(chat.kind == .direct)
        #expect(chat.title == "bob")
        #expect(chat.messages.count == 3)
        #expect(chat.messages[2].kind == .system(SystemEvent(event: .call, text: "Ann started a call (3:30)", actor: "1001", title: "3:30")))
    }

    @Test func boostsFollowedChannelsAndOtherEvents() throws {
        let json = DCE.file(messages: [
            DCE.message("8001", "2023-02-01T10:00:00+00:00", "", type: "GuildBoost"),
            DCE.message("8002", "2023-02-01T10:01:00+00:00", "", author: DCE.bob, type: "GuildBoostTier2"),
            DCE.message("8003", "2023-02-01T10:02:00+00:00", "", type: "ChannelFollowAdd"),
            DCE.message("8004", "2023-02-01T10:03:00+00:00", "", type: "GuildDiscoveryDisqualified"),
        ])
        let chat = try #require(DCE.read(json: json).first)
        let events = chat.messages.map { message -> SystemEvent? in
            if case .system(let event) = message.kind { return event }
            return nil
        }
        #expect(events == [
            SystemEvent(event: .boost, text: "Ann: GuildBoost", actor: "1001"),
            SystemEvent(event: .boost, text: "bob: GuildBoostTier2", actor: "1002", title: "2"),
            SystemEvent(event: .follow, text: "Ann: ChannelFollowAdd", actor: "1001"),
            SystemEvent(event: .other, text: "Ann: GuildDiscoveryDisqualified", actor: "1001", title: "GuildDiscoveryDisqualified"),
        ])
    }

    @Test func systemMessages() throws {
        let json = DCE.file(messages: [
            DCE.message("7001", "2023-02-01T10:00:00+00:00", "Joined the server.", author: DCE.bob, type: "GuildMemberJoin"),
            DCE.message("7002", "2023-02-01T10:01:00+00:00", "Started a thread.", type: "ThreadCreated", extra: """
                "reference": { "messageId": null, "channelId": "210", "guildId": "100" }
                """),
            DCE.message("7003", "2023-02-01T10:02:00+00:00", "Changed the channel name.", type: "ChannelNameChange"),
            DCE.message("7004", "2023-02-01T10:03:00+00:00", "Changed the channel icon.", type: "ChannelIconChange"),
            DCE.message("7005", "2023-02-01T10:04:00+00:00", "Pinned a message.", type: "ChannelPinnedMessage", extra: """
                "reference": { "messageId": "7001", "channelId": "200", "guildId": "100" }
                """),
            DCE.message("7006", "2023-02-01T10:05:00+00:00", "Added bob to the group.", type: "RecipientAdd", extra: #""mentions": [\#(DCE.bob)]"#),
            DCE.message("7007", "2023-02-01T10:06:00+00:00", "Removed bob from the group.", type: "RecipientRemove"),
        ])
        let chat = try #require(DCE.read(json: json).first)
        let events = chat.messages.map { message -> SystemEvent? in
            if case .system(let event) = message.kind { return event }
            return nil
        }
        #expect(events == [
            SystemEvent(event: .join, text: "bob joined the server."),
            SystemEvent(event: .create, text: "Ann started a thread", actor: "1001"),
            SystemEvent(event: .rename, text: "Ann changed the channel name."),
            SystemEvent(event: .photo, text: "Ann changed the channel icon.", actor: "1001"),
            SystemEvent(event: .pin, text: "Ann pinned a message", actor: "1001"),
            SystemEvent(event: .join, text: "Ann added bob to the group.", actor: "1001", subjects: ["1002"]),
            SystemEvent(event: .leave, text: "Ann removed bob from the group."),
        ])
        #expect(chat.messages[4].replyTo == "7001")
    }

    // MARK: Media

    @Test func mediaExportWithBackslashPaths() throws {
        let folder = try TestSupport.temporaryFolder()
        let json = DCE.file(messages: [
            DCE.message("8001", "2023-03-01T12:00:00+00:00", "holiday pics", extra: #"""
                "attachments": [
                  { "id": "1", "url": "Example guild - general [200].json_Files\\beach-1A2B3.jpg", "fileName": "beach.jpg", "fileSizeBytes": 123456 },
                  { "id": "2", "url": "Example guild - general [200].json_Files\\clip-4C5D6.MP4", "fileName": "clip.MP4", "fileSizeBytes": 999 },
                  { "id": "3", "url": "https://cdn.discordapp.com/attachments/1/2/notes.pdf", "fileName": "notes.pdf", "fileSizeBytes": 10 },
                  { "id": "4", "url": "Example guild - general [200].json_Files\\song-77.ogg", "fileName": "song.ogg", "fileSizeBytes": 5 }
                ]
                """#),
            DCE.message("8002", "2023-03-01T12:01:00+00:00", "", extra: #"""
                "stickers": [ { "id": "9", "name": "Wave", "format": "Png", "sourceUrl": "Example guild - general [200].json_Files\\wave-1.png" } ]
                """#),
            DCE.message("8003", "2023-03-01T12:02:00+00:00", "https://example.com/post", extra: #"""
                "embeds": [ { "title": "A “post”", "url": "https://example.com/post", "timestamp": null, "description": "Read **this**", "images": [], "fields": [] } ]
                """#),
            DCE.message("8004", "2023-03-01T12:03:00+00:00", "", author: DCE.bot, extra: #"""
                "embeds": [ { "title": "Build passed", "url": null, "timestamp": null, "description": "All *green*", "images": [], "fields": [ { "name": "Time", "value": "3 min", "isInline": true } ] } ]
                """#),
        ])
        let file = folder.appendingPathComponent("Example guild - general [200].json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        let chat = try #require(DCE.read(file).first)
        #expect(chat.messages.map(\.id) == ["8001", "8001-2", "8001-3", "8001-4", "8001-5", "8002", "8003", "8004"])
        #expect(chat.messages.map(\.kind.typeName) == ["text", "photo", "video", "file", "audio", "sticker", "linkPreview", "markdown"])
        #expect(chat.messages[1].kind == .photo(MediaItem(
            file: "Example guild - general [200].json_Files/beach-1A2B3.jpg", name: "beach.jpg", size: 123456)))
        #expect(chat.messages[3].kind == .file(MediaItem(file: nil, name: "notes.pdf", size: 10)))
        #expect(chat.messages[5].kind == .sticker(MediaItem(
            file: "Example guild - general [200].json_Files/wave-1.png", name: "Wave", emoji: "Wave")))
        #expect(chat.messages[6].kind == .linkPreview(LinkPreview(
            url: "https://example.com/post", text: "https://example.com/post", title: "A “post”", description: "Read this")))
        #expect(DCE.html(chat.messages[7])
            == "<blockquote>\n<p><strong>Build passed</strong></p>\n<p>All <em>green</em></p>\n<p><strong>Time</strong><br />\n3 min</p>\n</blockquote>\n")
    }

    @Test func percentEncodedPathsAreDecodedWhenTheFileIsThere() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["g.json_Files/a b [1].png": "png"], in: folder)
        let json = DCE.file(messages: [
            DCE.message("1", "2023-03-01T12:00:00+00:00", "", extra: #"""
                "attachments": [ { "id": "1", "url": "g.json_Files/a%20b%20%5B1%5D.png", "fileName": "a b [1].png", "fileSizeBytes": 3 },
                                 { "id": "2", "url": "..\\secret.png", "fileName": "secret.png", "fileSizeBytes": 3 } ]
                """#)
        ])
        try json.write(to: folder.appendingPathComponent("g.json"), atomically: true, encoding: .utf8)
        let chat = try #require(DCE.read(folder.appendingPathComponent("g.json")).first)
        #expect(chat.messages.map(\.id) == ["1", "1-2"])
        #expect(chat.messages[0].kind == .photo(MediaItem(file: "g.json_Files/a b [1].png", name: "a b [1].png", size: 3)))
        #expect(chat.messages[1].kind == .photo(MediaItem(file: nil, name: "secret.png", size: 3)))
    }

    @Test func theDocumentedExample() throws {
        let json = #"""
            {
              "guild": { "id": "100", "name": "Example guild", "iconUrl": "https://cdn.discordapp.com/icons/100/x.png" },
              "channel": { "id": "200", "type": "GuildTextChat", "categoryId": "300", "category": "Text Channels",
                           "name": "general", "topic": null },
              "dateRange": { "after": null, "before": null },
              "messages": [
                {
                  "id": "5001", "type": "Default", "timestamp": "2023-01-06T14:03:03.853+02:00", "timestampEdited": null,
                  "callEndedTimestamp": null, "isPinned": false, "content": "Hello **everyone** <:wave:77>",
                  "author": { "id": "1001", "name": "ann", "discriminator": "0000", "nickname": "Ann", "color": "#E67E22",
                              "isBot": false, "avatarUrl": "Example guild - general [200].json_Files\\ann-1A2B3.png" },
                  "attachments": [ { "id": "1", "url": "Example guild - general [200].json_Files\\beach-4C5D6.jpg",
                                     "fileName": "beach.jpg", "fileSizeBytes": 123456 } ],
                  "embeds": [], "stickers": [],
                  "reactions": [ { "emoji": { "id": null, "name": "👍", "isAnimated": false }, "count": 2 } ],
                  "mentions": []
                }
              ]
            }
            """#
        let chat = try #require(DCE.read(json: json).first)
        #expect(chat.id == "200")
        #expect(chat.title == "#general")
        #expect(chat.participants == [Participant(id: "1001", name: "Ann", avatar: "Example guild - general [200].json_Files/ann-1A2B3.png", color: "#e67e22")])
        #expect(chat.messages.map(\.id) == ["5001", "5001-2"])
        #expect(DCE.html(chat.messages[0]) == "<p>Hello <strong>everyone</strong> :wave:</p>\n")
        #expect(chat.messages[0].reactions == [Reaction(emoji: "👍", count: 2)])
        #expect(chat.messages[1].kind == .photo(MediaItem(
            file: "Example guild - general [200].json_Files/beach-4C5D6.jpg", name: "beach.jpg", size: 123456)))
    }

    // MARK: Threads, duplicates and overlapping exports

    static let thread = DCE.file(
        channelID: "210", type: "GuildPublicThread", name: "help-thread", categoryID: "200", category: "general",
        messages: [
            DCE.message("9001", "2023-02-01T10:01:30+00:00", "first in thread", author: DCE.bob),
            DCE.message("9002", "2023-02-01T10:03:00+00:00", "second in thread"),
        ])

    @Test func threadAloneIsItsOwnConversation() throws {
        let chat = try #require(DCE.read(json: Self.thread, name: "Example guild - help-thread [210].json").first)
        #expect(chat.id == "210")
        #expect(chat.title == "#general › help-thread")
        #expect(chat.messages.map(\.thread) == [nil, nil])
    }

    @Test func folderMergesExportsAndJoinsThreads() throws {
        let folder = try TestSupport.temporaryFolder()
        let older = DCE.file(messages: [
            DCE.message("7001", "2023-02-01T10:00:00+00:00", "one"),
            DCE.message("7002", "2023-02-01T10:01:00+00:00", "Started a thread.", type: "ThreadCreated", extra: """
                "reference": { "messageId": null, "channelId": "210", "guildId": "100" }
                """),
            DCE.message("7003", "2023-02-01T10:02:00+00:00", "three"),
        ])
        let newer = DCE.file(messages: [
            DCE.message("7003", "2023-02-01T10:02:00+00:00", "three (edited)", extra: #""timestampEdited": "2023-02-01T11:00:00+00:00""#),
            DCE.message("7004", "2023-02-01T10:04:00+00:00", "four", author: DCE.bob),
        ])
        let other = DCE.file(channelID: "201", name: "off-topic", messages: [DCE.message("7100", "2023-02-01T09:00:00+00:00", "elsewhere")])
        try TestSupport.write([
            "Example guild - general [200].json": older,
            "Example guild - general [200] (2).json": newer,
            "Example guild - help-thread [210].json": Self.thread,
            "Example guild - off-topic [201].json": other,
            "Example guild - general [200].json_Files/a.png": "png",
        ], in: folder)
        #expect(DiscordImporter().canImport(folder))
        let conversations = try DCE.read(folder)
        #expect(conversations.map(\.id) == ["200", "201"])
        let general = conversations[0]
        #expect(general.messages.map(\.id) == ["7001", "7002", "9001", "7003", "9002", "7004"])
        #expect(general.messages.map(\.thread) == [nil, nil, "7002", nil, "7002", nil])
        #expect(general.messages[3].kind == .text("three (edited)"))
        if case .system(let event) = general.messages[1].kind { #expect(event.text == "Ann started a thread “help-thread”") }
        #expect(general.participants.map(\.id) == ["1001", "1002"])
        #expect(conversations[1].title == "#off-topic")
    }

    @Test func threadJoinsTheMessageItStartedFrom() throws {
        let folder = try TestSupport.temporaryFolder()
        let parent = DCE.file(messages: [DCE.message("210", "2023-02-01T10:00:00+00:00", "question?")])
        let thread = DCE.file(
            channelID: "210", type: "GuildPrivateThread", name: "question?", categoryID: "200", category: "general",
            messages: [
                DCE.message("9000", "2023-02-01T10:00:01+00:00", "", type: "21", extra: """
                    "reference": { "messageId": "210", "channelId": "200", "guildId": "100" }
                    """),
                DCE.message("9001", "2023-02-01T10:01:30+00:00", "answer", author: DCE.bob),
            ])
        try TestSupport.write(["general.json": parent, "thread.json": thread], in: folder)
        let chat = try #require(DCE.read(folder).first)
        #expect(chat.messages.map(\.id) == ["210", "9000", "9001"])
        #expect(chat.messages.map(\.thread) == [nil, "210", "210"])
        #expect(chat.messages[1].kind == .system(SystemEvent(event: .threadStarter, text: "Thread started from Ann’s message", actor: "1001")))
        #expect(chat.messages[1].replyTo == "210")
    }

    // MARK: Detection and errors

    @Test func detection() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "dce/general.json": Self.general,
            "mixed/general.json": Self.general,
            "mixed/result.json": #"{"name": "x", "type": "personal_chat", "id": 1, "messages": []}"#,
            "value/other.json": #"{"id": "c", "messages": [{"id": "1", "text": "\"guild\" \"channel\""}]}"#,
        ], in: folder)
        let importer = DiscordImporter()
        #expect(importer.canImport(folder.appendingPathComponent("dce/general.json")))
        #expect(importer.canImport(folder.appendingPathComponent("dce")))
        #expect(!importer.canImport(folder.appendingPathComponent("mixed")))
        #expect(!importer.canImport(folder.appendingPathComponent("mixed/result.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("value/other.json")))
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("dce/general.json"))?.format == "discord")
        // A channel named like a Telegram chat type is still Discord's.
        try TestSupport.write(["devchat/dev_chat.json": DCE.file(name: "dev_chat", messages: [])], in: folder)
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("devchat/dev_chat.json"))?.format == "discord")
    }

    @Test func errorsNameTheFileLineAndPath() throws {
        let json = DCE.file(messages: [DCE.message("1", "yesterday", "x")])
        let error = try #require(throws: TranscriptsError.self) { try DCE.read(json: json, name: "broken.json") }
        #expect(error.description
            == "broken.json:13:16: at messages[0].timestamp: expected an ISO 8601 date such as 2023-01-06T14:03:03.853+00:00, found \"yesterday\"")
    }

    // MARK: A whole site

    @Test func buildsASite() throws {
        let exports = try TestSupport.temporaryFolder()
        try TestSupport.write(["discord/general.json": Self.general, "discord/thread.json": Self.thread], in: exports)
        let site = try TestSupport.makeSite(
            config: "title: Discord\ninputs: [\"\(exports.appendingPathComponent("discord").path)\"]\ntimeZone: UTC\nlocale: en_GB\n",
            conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["#general"])
        #expect(summary.messagesRead == 6)
        #expect(summary.unsupportedMessages == 0)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/200"))
        #expect(page.contains("Hello <strong>everyone</strong>"))
        #expect(page.contains("<span class=\"mention\">@Ann</span>"))
        #expect(page.contains("first in thread"))
    }

    @Test func oneChannelAsTwoInputsIsMerged() throws {
        let exports = try TestSupport.temporaryFolder()
        try TestSupport.write(["a/general.json": Self.general, "b/general.json": Self.general], in: exports)
        let site = try TestSupport.makeSite(
            config: "inputs: [\"\(exports.appendingPathComponent("a").path)\", \"\(exports.appendingPathComponent("b").path)\"]\n",
            conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 1)
        let merge = try #require(summary.merges.first)
        #expect(merge.conversation == "200")
        #expect(merge.exports.count == 2)
        #expect(merge.messages > 0)
        #expect(merge.inMoreThanOne == merge.messages)
        #expect(summary.messagesRendered == merge.messages)
    }
}
