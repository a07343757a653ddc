import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// A truncated or garbled file of every JSON format (issue 15, class 3) is a syntax error naming the file, the
/// line and column, the JSON path reached and the byte offset, never "not an export transcripts reads"; the
/// build writes nothing. A forced `--format` on the wrong kind of file says what it found.
@Suite struct BrokenJSONExportTests {
    /// An export of one format: its files (relative paths), the input to build and the file to break. Every
    /// export holds a message whose text is "hello world".
    struct Export: CustomTestStringConvertible, Sendable {
        var format: String
        var files: [String: String]
        var input: String
        var broken: String
        var testDescription: String { format }
    }

    static let telegram = Export(format: "telegram", files: ["result.json": """
        {
         "name": "Ann",
         "type": "personal_chat",
         "id": 1,
         "messages": [
          {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "hi"},
          {"id": 2, "type": "message", "date": "2024-01-01T10:01:00", "date_unixtime": "1704103260", "from": "Ann", "from_id": "user1", "text": "hello world"}
         ]
        }
        """], input: "result.json", broken: "result.json")

    static let telegramAccount = Export(format: "telegram (account)", files: ["result.json": """
        {
         "about": "Here is the data you requested.",
         "personal_information": {"user_id": 1, "first_name": "Me"},
         "chats": {
          "about": "This page lists all chats from this export.",
          "list": [
           {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
            {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "hi"}]},
           {"name": "Bob", "type": "personal_chat", "id": 2, "messages": [
            {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200", "from": "Bob", "from_id": "user2", "text": "hello world"}]}
          ]
         }
        }
        """], input: "result.json", broken: "result.json")

    static let discord = Export(format: "discord", files: ["general.json": """
        {
          "guild": {"id": "1", "name": "Guild"},
          "channel": {"id": "2", "type": "GuildTextChat", "name": "general"},
          "messages": [
            {"id": "3", "type": "Default", "timestamp": "2023-01-06T14:03:03.853+00:00", "content": "hi", "author": {"id": "4", "name": "ann"}},
            {"id": "5", "type": "Default", "timestamp": "2023-01-06T14:04:03.853+00:00", "content": "hello world", "author": {"id": "4", "name": "ann"}}
          ]
        }
        """], input: "general.json", broken: "general.json")

    static let messenger = Export(format: "messenger", files: ["inbox/ann_1/message_1.json": """
        {
          "participants": [{"name": "Ann"}, {"name": "Me"}],
          "messages": [
            {"sender_name": "Ann", "timestamp_ms": 1704103260000, "content": "hello world"},
            {"sender_name": "Me", "timestamp_ms": 1704103200000, "content": "hi"}
          ],
          "title": "Ann",
          "thread_path": "inbox/ann_1"
        }
        """], input: "inbox/ann_1", broken: "inbox/ann_1/message_1.json")

    static let matrix = Export(format: "matrix", files: ["room.json": """
        {
          "room_name": "Room",
          "room_creator": "@ann:example.org",
          "topic": "",
          "export_date": "1/1/2024",
          "exported_by": "@ann:example.org",
          "messages": [
            {"type": "m.room.message", "event_id": "$1", "sender": "@ann:example.org", "origin_server_ts": 1704103200000, "content": {"msgtype": "m.text", "body": "hi"}},
            {"type": "m.room.message", "event_id": "$2", "sender": "@ann:example.org", "origin_server_ts": 1704103260000, "content": {"msgtype": "m.text", "body": "hello world"}}
          ]
        }
        """], input: "room.json", broken: "room.json")

    static let slack = Export(format: "slack", files: [
        "slack/channels.json": #"[{"id": "C1", "name": "general"}]"#,
        "slack/users.json": #"[{"id": "U1", "name": "ann"}]"#,
        "slack/general/2024-01-01.json": """
            [
              {"type": "message", "user": "U1", "ts": "1704103200.000100", "text": "hi"},
              {"type": "message", "user": "U1", "ts": "1704103260.000100", "text": "hello world"}
            ]
            """,
    ], input: "slack", broken: "slack/general/2024-01-01.json")

    static let mattermost = Export(format: "mattermost", files: ["export.jsonl": """
        {"type":"version","version":1}
        {"type":"channel","channel":{"team":"t","name":"general","display_name":"General","type":"O"}}
        {"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"hi","create_at":1704103200000}}
        {"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"hello world","create_at":1704103260000}}

        """], input: "export.jsonl", broken: "export.jsonl")

    static let googleChat = Export(format: "google-chat", files: [
        "Takeout/Google Chat/Groups/DM abc/group_info.json": #"{"members": [{"name": "Ann", "email": "ann@example.org"}]}"#,
        "Takeout/Google Chat/Groups/DM abc/messages.json": """
            {
              "messages": [
                {"creator": {"name": "Ann", "email": "ann@example.org"}, "created_date": "Monday, January 1, 2024 at 10:00:00 AM UTC", "text": "hi"},
                {"creator": {"name": "Ann", "email": "ann@example.org"}, "created_date": "Monday, January 1, 2024 at 10:01:00 AM UTC", "text": "hello world"}
              ]
            }
            """,
    ], input: "Takeout", broken: "Takeout/Google Chat/Groups/DM abc/messages.json")

    static let canonical = Export(format: "transcripts (.json)", files: ["chat.json": """
        {
          "format": "transcripts/1", "id": "chat", "title": "Chat",
          "messages": [
            {"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "hi"},
            {"id": "2", "sender": "ann", "date": "2024-01-01T10:01:00Z", "text": "hello world"}
          ]
        }
        """], input: "chat.json", broken: "chat.json")

    static let canonicalLines = Export(format: "transcripts (.jsonl)", files: ["chat.jsonl": """
        {"format": "transcripts/1", "id": "chat", "title": "Chat"}
        {"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "hi"}
        {"id": "2", "sender": "ann", "date": "2024-01-01T10:01:00Z", "text": "hello world"}

        """], input: "chat.jsonl", broken: "chat.jsonl")

    static let all = [telegram, telegramAccount, discord, messenger, matrix, slack, mattermost, googleChat, canonical, canonicalLines]

    /// Builds the export with `change` made to its broken file; the error's text, paths shown from the site.
    static func buildError(_ export: Export, format: String? = nil, name: String, _ change: (String) -> String) throws -> String {
        var files = export.files
        files[export.broken] = change(files[export.broken]!)
        let site = try TestSupport.makeSite(conversations: [:], extra: files, name: name)
        let error = try #require(throws: TranscriptsError.self) {
            try SiteBuilder(options: BuildOptions(site: site, inputs: [site.appendingPathComponent(export.input).path], format: format))
                .build()
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
        return error.description.replacingOccurrences(of: site.path + "/", with: "")
    }

    /// Every export builds as it is.
    @Test(arguments: all)
    func theExportsAreWellFormed(export: Export) throws {
        let site = try TestSupport.makeSite(conversations: [:], extra: export.files, name: "well-formed-" + export.format)
        let summary = try SiteBuilder(options: BuildOptions(site: site, inputs: [site.appendingPathComponent(export.input).path])).build()
        #expect(summary.messagesRead >= 2)
    }

    /// Cut short in the middle of "hello world": the file ends inside that message's text.
    @Test(arguments: zip(all, [
        "result.json:7:144: at messages[1].text: invalid JSON at byte offset 355: the file ends inside a string (it may be cut short)",
        "result.json:10:146: at chats.list[1].messages[0].text: invalid JSON at byte offset 616: the file ends inside a string (it may be cut short)",
        "general.json:6:100: at messages[1].content: invalid JSON at byte offset 365: the file ends inside a string (it may be cut short)",
        "inbox/ann_1/message_1.json:4:77: at messages[0].content: invalid JSON at byte offset 147: the file ends inside a string (it may be cut short)",
        "room.json:9:163: at messages[1].content.body: invalid JSON at byte offset 485: the file ends inside a string (it may be cut short)",
        "slack/general/2024-01-01.json:3:79: at [1].text: invalid JSON at byte offset 158: the file ends inside a string (it may be cut short)",
        "export.jsonl:4:85: at post.message: invalid JSON at byte offset 320: the line ends inside a string",
        "Takeout/Google Chat/Groups/DM abc/messages.json:4:139: at messages[1].text: invalid JSON at byte offset 294: the file ends inside a string (it may be cut short)",
        "chat.json:5:81: at messages[1].text: invalid JSON at byte offset 238: the file ends inside a string (it may be cut short)",
        "chat.jsonl:3:77: at text: invalid JSON at byte offset 210: the line ends inside a string",
    ]))
    func aFileCutShortSaysWhereItEnds(export: Export, expected: String) throws {
        let error = try Self.buildError(export, name: "cut-" + export.format) { text in
            String(text[..<text.range(of: "world")!.lowerBound])
        }
        #expect(error == expected)
    }

    /// Garbled: a stray quote inside "hello world".
    @Test(arguments: zip(all, [
        "result.json:7:145: at messages[1].text: invalid JSON at byte offset 356: expected ',' or '}'",
        "result.json:10:147: at chats.list[1].messages[0].text: invalid JSON at byte offset 617: expected ',' or '}'",
        "general.json:6:101: at messages[1].content: invalid JSON at byte offset 366: expected ',' or '}'",
        "inbox/ann_1/message_1.json:4:78: at messages[0].content: invalid JSON at byte offset 148: expected ',' or '}'",
        "room.json:9:164: at messages[1].content.body: invalid JSON at byte offset 486: expected ',' or '}'",
        "slack/general/2024-01-01.json:3:80: at [1].text: invalid JSON at byte offset 159: expected ',' or '}'",
        "export.jsonl:4:86: at post.message: invalid JSON at byte offset 321: expected ',' or '}'",
        "Takeout/Google Chat/Groups/DM abc/messages.json:4:140: at messages[1].text: invalid JSON at byte offset 295: expected ',' or '}'",
        "chat.json:5:82: at messages[1].text: invalid JSON at byte offset 239: expected ',' or '}'",
        "chat.jsonl:3:78: at text: invalid JSON at byte offset 211: expected ',' or '}'",
    ]))
    func aGarbledFileSaysWhereItBreaks(export: Export, expected: String) throws {
        let error = try Self.buildError(export, name: "garbled-" + export.format) { text in
            text.replacingOccurrences(of: "hello world", with: "hello \"world")
        }
        #expect(error == expected)
    }

    /// Cut short before anything tells the format: still the syntax error, with where the file ends.
    @Test func aFileCutShortBeforeItsFormatShowsIsASyntaxError() throws {
        let error = try Self.buildError(Self.discord, name: #function) { text in String(text.prefix(12)) }
        #expect(error == "general.json:2:11: at guild: invalid JSON at byte offset 12: the file ends where a value should be (it may be cut short); its format cannot be told")
    }

    /// A bracket that closes the wrong thing (the scanner pairs brackets loosely) is the syntax error, not a
    /// complaint about the shape it seems to give.
    @Test func aStrayBracketIsASyntaxError() throws {
        let error = try Self.buildError(Self.telegramAccount, name: #function) { text in
            text.replacingOccurrences(of: "\"hello world\"}]}", with: "\"hello world\"}}}")
        }
        #expect(error == "result.json:10:153: at chats.list[1].messages[0]: invalid JSON at byte offset 623: expected ',' or ']'")
    }

    /// Mattermost's first line broken after its type: still Mattermost's, and the error says where.
    @Test func aBrokenVersionLineIsASyntaxError() throws {
        let error = try Self.buildError(Self.mattermost, name: #function) { text in
            text.replacingOccurrences(of: #"{"type":"version","version":1}"#, with: #"{"type":"version","version":1\}"#)
        }
        #expect(error == "export.jsonl:1:30: at version: invalid JSON at byte offset 29: expected ',' or '}'")
    }

    /// In a folder of exports, a broken JSON file is an error too, not a file skipped.
    @Test func aBrokenFileInAFolderOfExportsIsAnError() throws {
        var files = Self.canonical.files.mapKeys { "conversations/" + $0 }
        files["conversations/other.json"] = #"{"name": "Cut"#
        let site = try TestSupport.makeSite(conversations: [:], extra: files)
        let error = try #require(throws: TranscriptsError.self) { try SiteBuilder(options: BuildOptions(site: site)).build() }
        #expect(error.description.hasSuffix(
            "conversations/other.json:1:14: at name: invalid JSON at byte offset 13: the file ends inside a string (it may be cut short); its format cannot be told"))
    }

    /// A forced format that does not fit says what the file is, and what the format looks like.
    @Test func aForcedFormatOnTheWrongFileSaysWhatItFound() throws {
        let telegramAsDiscord = try Self.buildError(Self.telegram, format: "discord", name: #function) { $0 }
        #expect(telegramAsDiscord == "result.json: not a discord export: found a JSON object whose top-level keys are name, type, id, messages, which is a telegram export (use --format telegram, or leave --format out); a discord export is " + DiscordImporter().expectedShape)
        let slackAsMattermost = try Self.buildError(Self.slack, format: "mattermost", name: #function + "-slack") { $0 }
        #expect(slackAsMattermost == "slack: this folder holds no mattermost export: slack/channels.json is a JSON list of objects with the keys id, name; slack/general/2024-01-01.json is a JSON list of objects with the keys type, user, ts, text; slack/users.json is a JSON list of objects with the keys id, name; a mattermost export is " + MattermostImporter().expectedShape)
        let whatsApp = Export(format: "whatsapp", files: ["chat.txt": "12/01/2023, 10:00 - Ann: hi\n"], input: "chat.txt", broken: "chat.txt")
        let whatsAppAsTelegram = try Self.buildError(whatsApp, format: "telegram", name: #function + "-whatsapp") { $0 }
        #expect(whatsAppAsTelegram == "chat.txt: not a telegram export: found text that is not JSON, starting “12/01/2023, 10:00 - Ann: hi”, which is a whatsapp export (use --format whatsapp, or leave --format out); a telegram export is " + TelegramImporter().expectedShape)
    }

    /// A broken export leaves the previous site as it was.
    @Test func theBrokenExportLeavesThePreviousSite() throws {
        let site = try TestSupport.makeSite(conversations: [:], extra: Self.telegram.files)
        var options = BuildOptions(site: site)
        options.inputs = [site.appendingPathComponent("result.json").path]
        _ = try SiteBuilder(options: options).build()
        let before = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        let text = Self.telegram.files["result.json"]!
        try String(text[..<text.range(of: "world")!.lowerBound]).write(
            to: site.appendingPathComponent("result.json"), atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError.self) { try SiteBuilder(options: options).build() }
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == before)
    }
}

extension Dictionary {
    fileprivate func mapKeys(_ transform: (Key) -> Key) -> [Key: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
