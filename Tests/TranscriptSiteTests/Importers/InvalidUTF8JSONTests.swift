import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel

/// Bytes that are not UTF-8 inside the strings of a JSON export are shown as U+FFFD, and each file (or each
/// conversation of a file of several) says so once: a warning naming the file, the line and column and the
/// JSON path of the first such string, with how many places in how many strings were replaced. Nothing is
/// repaired silently, and `--strict` fails on it.
@Suite struct InvalidUTF8JSONTests {
    /// `text` as bytes, each `<XX>` (two hex digits) written as that byte: `caf<E9>` is Latin-1's café.
    static func bytes(_ text: String) -> Data {
        var result = Data()
        var rest = Substring(text)
        while let open = rest.range(of: "<") {
            result.append(contentsOf: Array(rest[..<open.lowerBound].utf8))
            let hex = rest[open.upperBound...].prefix(3)
            if hex.count == 3, hex.last == ">", let byte = UInt8(hex.prefix(2), radix: 16) {
                result.append(byte)
                rest = rest[rest.index(open.upperBound, offsetBy: 3)...]
            } else {
                result.append(UInt8(ascii: "<"))
                rest = rest[open.upperBound...]
            }
        }
        result.append(contentsOf: Array(rest.utf8))
        return result
    }

    static func run(
        _ importer: any ExportImporter, _ files: [String: String], input: String, name: String = #function
    ) throws -> ImportRun.Result {
        try ImportRun.run(importer, data: files.mapValues(bytes), input: input, name: name)
    }

    // MARK: - The parser

    @Test func theParserNotesEachStringAndPlace() throws {
        // A Latin-1 é, a stray FF FE, an overlong "/" (two places), a raw byte beside an escape, and a key.
        let document = Self.bytes(#"{"a": "caf<E9>", "b": ["ok", "<FF><FE>x", "<C0><AF>"], "c": "\u00e9<E9>\n", "k<FF>": 1}"#)
        var invalid: InvalidUTF8?
        let value = try document.withUnsafeBytes { try JSONParser.parse($0.bindMemory(to: UInt8.self), invalidUTF8: &invalid) }
        #expect(value == .object([
            "a": .string("caf\u{FFFD}"), "b": .array([.string("ok"), .string("\u{FFFD}\u{FFFD}x"), .string("\u{FFFD}\u{FFFD}")]),
            "c": .string("é\u{FFFD}\n"), "k\u{FFFD}": .number(1),
        ]))
        #expect(invalid == InvalidUTF8(offset: 6, document: 0..<document.count, strings: 5, places: 7))
        // Valid text beyond ASCII, plain or escaped, is no note.
        var none: InvalidUTF8?
        var valid = #"{"é": "Grüße 🌧 \u00e9\n 你好", "ascii": "plain"}"#
        _ = try valid.withUTF8 { try JSONParser.parse($0, invalidUTF8: &none) }
        #expect(none == nil)
    }

    @Test func theWarningNamesTheFirstStringsLineColumnAndPath() throws {
        let document = Self.bytes("{\"messages\": [\n{\"text\": \"ok\"},\n{\"text\": \"caf<E9>\", \"from\": \"<FF>\"}\n]}")
        try document.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var invalid: InvalidUTF8?
            _ = try JSONSyntaxCheck.parse(0..<bytes.count, in: bytes, file: "result.json", invalidUTF8: &invalid)
            let noted = try #require(invalid)
            #expect(noted.warnings(in: bytes, file: "result.json")
                == ["result.json:3:10: at messages[1].text: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in 2 strings of the file)"])
        }
    }

    // MARK: - Importers

    @Test func telegram() throws {
        let chat = """
            {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "hi"},
            {"id": 2, "type": "message", "date_unixtime": "1704103260", "from": "Ann", "from_id": "user1", "text": "caf<E9> au lait"},
            {"id": 3, "type": "message", "date_unixtime": "1704103320", "from": "B<FF>b", "from_id": "user2", "text": "<FF><FE> \\u00e9"}
            ]}
            """
        let run = try Self.run(TelegramImporter(), ["result.json": chat], input: "result.json")
        #expect(run.warnings == [
            "result.json:3:104: at messages[1].text: bytes that are not UTF-8 are shown as \u{FFFD} (4 places in 3 strings of the file)",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages[1].kind == .text("caf\u{FFFD} au lait"))
        #expect(messages[2].kind == .text("\u{FFFD}\u{FFFD} é"))
    }

    /// An account export: a warning per chat, with the chat's path; a chat without such bytes has none.
    @Test func telegramAccountExport() throws {
        func chat(_ id: Int, _ text: String) -> String {
            #"{"name": "C\#(id)", "type": "personal_chat", "id": \#(id), "messages": [{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "\#(text)"}]}"#
        }
        let export = "{\"about\": \"x\", \"chats\": {\"list\": [\n" + [chat(1, "ok"), chat(2, "<FF>"), chat(3, "<E9><E9>")].joined(separator: ",\n")
            + "\n]}}"
        let run = try Self.run(TelegramImporter(), ["result.json": export], input: "result.json")
        #expect(run.warnings == [
            "result.json:3:166: at chats.list[1].messages[0].text: bytes that are not UTF-8 are shown as \u{FFFD}",
            "result.json:4:166: at chats.list[2].messages[0].text: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in one string of the chat)",
        ])
        #expect(run.conversations.map { $0.messages[0].kind } == [.text("ok"), .text("\u{FFFD}"), .text("\u{FFFD}\u{FFFD}")])
    }

    /// The keys of a big export's outline (its top-level object's, and a chat's) are decoded by the scanner, not
    /// the parser: they count as the strings do. In a single chat, with the file's strings; in an account export,
    /// the top-level keys in a warning of their own for the file (with the first chat), a chat's keys with its
    /// strings.
    @Test func telegramKeysOfTheOutline() throws {
        let single = """
            {"name": "Ann", "type": "personal_chat", "id": 1, "n<E9>te": "x", "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "caf<E9>"}
            ]}
            """
        let run = try Self.run(TelegramImporter(), ["result.json": single], input: "result.json")
        #expect(run.warnings == ["result.json:1:51: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in 2 strings of the file)"])

        func chat(_ id: Int, _ extra: String) -> String {
            #"{"name": "C\#(id)", "type": "personal_chat", "id": \#(id),\#(extra) "messages": [{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "ok"}]}"#
        }
        let export = "{\"ab<FF>out\": \"x\", \"\\uDC00\": 1, \"chats\": {\"list\": [\n" + [chat(1, ""), chat(2, #" "x<E9>": 1,"#)].joined(separator: ",\n")
            + "\n]}}"
        let account = try Self.run(TelegramImporter(), ["result.json": export], input: "result.json")
        #expect(account.warnings == [
            "result.json:1:2: bytes that are not UTF-8 are shown as \u{FFFD}",
            "result.json:1:17: escapes of lone UTF-16 surrogates (\\uD800 to \\uDFFF without their pair) are shown as \u{FFFD}",
            "result.json:3:50: at chats.list[1]: bytes that are not UTF-8 are shown as \u{FFFD}",
        ])
        #expect(account.conversations.count == 2)
    }

    /// A Discord file's top-level keys count with its strings: one warning for the file.
    @Test func discordKeysOfTheOutline() throws {
        let json = """
            {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"}, "exp<FF>rtedAt": null, "messages": [
            {"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "<FF>", "author": {"id": "4", "name": "ann"}}
            ]}
            """
        let run = try Self.run(DiscordImporter(), ["general.json": json], input: "general.json")
        #expect(run.warnings == ["general.json:1:105: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in 2 strings of the file)"])
    }

    @Test func slack() throws {
        let files = [
            "slack/users.json": #"[{"id": "U1", "name": "ann", "real_name": "Ann <E9>"}]"#,
            "slack/channels.json": #"[{"id": "C1", "name": "general"}, {"id": "C2", "name": "random"}]"#,
            "slack/general/2024-01-01.json": "[\n" + #"{"type": "message", "user": "U1", "ts": "1704103200.000100", "text": "caf<E9>"}"# + "\n]",
            "slack/general/2024-01-02.json": "[\n" + #"{"type": "message", "user": "U1", "ts": "1704189600.000100", "text": "fine"}"# + "\n]",
            "slack/random/2024-01-03.json": "[\n" + #"{"type": "message", "user": "U1", "ts": "1704276000.000100", "text": "<FF> and <FF>"}"# + "\n]",
        ]
        let run = try Self.run(SlackImporter(), files, input: "slack")
        #expect(run.warnings == [
            "slack/users.json:1:43: at [0].real_name: bytes that are not UTF-8 are shown as \u{FFFD}",
            "slack/general/2024-01-01.json:2:70: at [0].text: bytes that are not UTF-8 are shown as \u{FFFD}",
            "slack/random/2024-01-03.json:2:70: at [0].text: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in one string of the file)",
        ])
        #expect(run.conversations.map { $0.messages[0].kind } == [.markdown("caf\u{FFFD}"), .markdown("\u{FFFD} and \u{FFFD}")])
        #expect(run.conversations[0].participants.first?.name == "Ann \u{FFFD}")
    }

    @Test func discord() throws {
        // The channel's name and a message in one file: one warning for the file.
        let json = """
            {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "g<E9>n<E9>ral"}, "messages": [
            {"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "<FF>", "author": {"id": "4", "name": "ann"}}
            ]}
            """
        let run = try Self.run(DiscordImporter(), ["general.json": json], input: "general.json")
        #expect(run.warnings == [
            "general.json:1:93: at channel.name: bytes that are not UTF-8 are shown as \u{FFFD} (3 places in 2 strings of the file)",
        ])
        #expect(run.conversations.first?.title == "#g\u{FFFD}n\u{FFFD}ral")
        #expect(run.conversations.first?.messages.first?.kind == .text("\u{FFFD}"))
    }

    /// Messenger's mojibake is still repaired; only bytes that are not UTF-8 are warned of.
    @Test func messenger() throws {
        let thread = """
            {"participants": [{"name": "Ann"}, {"name": "Bob"}], "messages": [
            {"sender_name": "Ann", "timestamp_ms": 1704103300000, "content": "caf<E9>"},
            {"sender_name": "Bob", "timestamp_ms": 1704103200000, "content": "J\\u00e2\\u009d\\u00a4\\u00ef\\u00b8\\u008fhn"}
            ], "title": "Ann and Bob", "thread_path": "inbox/annbob_1"}
            """
        let run = try Self.run(MessengerImporter(), ["annbob_1/message_1.json": thread], input: "annbob_1")
        #expect(run.warnings == ["annbob_1/message_1.json:2:66: at messages[0].content: bytes that are not UTF-8 are shown as \u{FFFD}"])
        #expect(run.conversations.first?.messages.map(\.kind) == [.text("J❤️hn"), .text("caf\u{FFFD}")])
    }

    @Test func matrix() throws {
        let room = """
            {"room_name": "Room", "room_creator": "@ann:x.org", "export_date": "1/1/2024", "exported_by": "@ann:x.org", "messages": [
            {"type": "m.room.message", "event_id": "$1", "sender": "@ann:x.org", "origin_server_ts": 1704103200000, "content": {"msgtype": "m.text", "body": "caf<E9>"}}
            ]}
            """
        let run = try Self.run(MatrixImporter(), ["room.json": room], input: "room.json")
        #expect(run.warnings == ["room.json:2:146: at messages[0].content.body: bytes that are not UTF-8 are shown as \u{FFFD}"])
        #expect(run.conversations.first?.messages.first?.kind == .text("caf\u{FFFD}"))
    }

    @Test func mattermost() throws {
        let lines = [
            #"{"type":"version","version":1}"#,
            #"{"type":"channel","channel":{"team":"t","name":"general","display_name":"G<E9>n<E9>ral","type":"O"}}"#,
            #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"ok","create_at":1704103200000}}"#,
            #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"caf<E9>","create_at":1704103260000}}"#,
        ]
        let run = try Self.run(MattermostImporter(), ["export.jsonl": lines.joined(separator: "\n") + "\n"], input: "export.jsonl")
        #expect(run.warnings == [
            "export.jsonl:2:73: at channel.display_name: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in one string of the file's lines other than posts)",
            "export.jsonl:4:78: at post.message: bytes that are not UTF-8 are shown as \u{FFFD}",
        ])
        #expect(run.conversations.first?.title == "#G\u{FFFD}n\u{FFFD}ral")
        #expect(run.conversations.first?.messages.map(\.kind) == [.markdown("ok"), .markdown("caf\u{FFFD}")])
    }

    @Test func googleChat() throws {
        let group = "Takeout/Google Chat/Groups/DM abc/"
        let files = [
            "Takeout/Google Chat/Users/User 1/user_info.json": #"{"user": {"name": "Ann <E9>", "email": "ann@example.com"}}"#,
            group + "group_info.json": #"{"members": [{"name": "Ann", "email": "ann@example.com"}]}"#,
            group + "messages.json": "{\"messages\": [\n"
                + #"{"creator": {"name": "Ann", "email": "ann@example.com"}, "created_date": "Monday, January 1, 2024 at 10:00:00 AM UTC", "text": "caf<E9>"}"#
                + "\n]}",
        ]
        let run = try Self.run(GoogleChatImporter(), files, input: "Takeout")
        #expect(run.warnings == [
            "Takeout/Google Chat/Users/User 1/user_info.json:1:19: at user.name: bytes that are not UTF-8 are shown as \u{FFFD}",
            "Takeout/Google Chat/Groups/DM abc/messages.json:2:128: at messages[0].text: bytes that are not UTF-8 are shown as \u{FFFD}",
        ])
        #expect(run.conversations.first?.messages.first?.kind == .text("caf\u{FFFD}"))
    }

    @Test func canonicalJSON() throws {
        let json = """
            {"format": "transcripts/1", "id": "chat", "title": "T<FF>",
            "messages": [
            {"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "caf<E9>"}
            ]}
            """
        let run = try Self.run(CanonicalImporter(), ["chat.json": json], input: "chat.json")
        #expect(run.warnings == ["chat.json:1:52: at title: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in 2 strings of the file)"])
        #expect(run.conversations.first?.title == "T\u{FFFD}")
        #expect(run.conversations.first?.messages.first?.kind == .text("caf\u{FFFD}"))
    }

    /// A big file is read in parallel chunks: the same single warning, at the first place.
    @Test func canonicalJSONReadInParallel() throws {
        let messages = (0..<3000).map { number in
            #"{"id": "\#(number)", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "\#(number % 1000 == 999 ? "caf<E9>" : "ok")"}"#
        }
        let json = "{\"format\": \"transcripts/1\", \"id\": \"big\",\n\"messages\": [\n" + messages.joined(separator: ",\n") + "\n]}"
        let run = try Self.run(CanonicalImporter(), ["big.json": json], input: "big.json")
        #expect(run.warnings == [
            "big.json:1002:72: at messages[999].text: bytes that are not UTF-8 are shown as \u{FFFD} (3 places in 3 strings of the file)",
        ])
        #expect(run.conversations.first?.messages[2999].kind == .text("caf\u{FFFD}"))
    }

    @Test func canonicalJSONLines() throws {
        let lines = [
            #"{"format": "transcripts/1", "id": "chat", "title": "Chat"}"#,
            #"{"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "ok"}"#,
            #"{"id": "2", "sender": "b<FF>", "date": "2024-01-01T10:01:00Z", "text": "caf<E9>"}"#,
        ]
        let run = try Self.run(CanonicalImporter(), ["chat.jsonl": lines.joined(separator: "\n") + "\n"], input: "chat.jsonl")
        #expect(run.warnings == ["chat.jsonl:3:23: at sender: bytes that are not UTF-8 are shown as \u{FFFD} (2 places in 2 strings of the file)"])
        #expect(run.conversations.first?.messages.last?.kind == .text("caf\u{FFFD}"))
        #expect(run.conversations.first?.messages.last?.sender == "b\u{FFFD}")
    }
}
