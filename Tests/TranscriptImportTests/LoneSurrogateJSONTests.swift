import Foundation
import Testing
import TranscriptImportTestSupport

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel

/// A `\u` escape of a lone UTF-16 surrogate in a JSON export's strings (`"\uD83D"` whose low half was cut off, or
/// a low half alone) is shown as U+FFFD, like bytes that are not UTF-8, and each file (or each chat of a file of
/// several) says so once: a warning naming the file, the line and column and the JSON path of the first such
/// string, with how many places in how many strings. `--strict` fails on it.
@Suite struct LoneSurrogateJSONTests {
    static let warning = "escapes of lone UTF-16 surrogates (\\uD800 to \\uDFFF without their pair) are shown as \u{FFFD}"

    @Test func theWarningNamesTheFirstStringsLineColumnAndPath() throws {
        var document = "{\"messages\": [\n{\"text\": \"ok \\uD83D\\uDE00\"},\n{\"text\": \"cut \\uD83D\", \"from\": \"\\uDE00\"}\n]}"
        try document.withUTF8 { bytes in
            var noted: InvalidUTF8?
            _ = try JSONSyntaxCheck.parse(0..<bytes.count, in: bytes, file: "result.json", invalidUTF8: &noted)
            #expect(try #require(noted).warnings(in: bytes, file: "result.json")
                == ["result.json:3:10: at messages[1].text: \(Self.warning) (2 places in 2 strings of the file)"])
        }
    }

    @Test func telegram() throws {
        let chat = #"""
            {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "hi \uD83D\uDE00"},
            {"id": 2, "type": "message", "date_unixtime": "1704103260", "from": "Ann", "from_id": "user1", "text": "cut \uD83D"},
            {"id": 3, "type": "message", "date_unixtime": "1704103320", "from": "Bob", "from_id": "user2", "text": ["a ", {"type": "bold", "text": "b\uDE00\uDE00"}]}
            ]}
            """#
        let run = try ImportRun.run(TelegramImporter(), files: ["result.json": chat], input: "result.json")
        #expect(run.warnings == ["result.json:3:104: at messages[1].text: \(Self.warning) (3 places in 2 strings of the file)"])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.kind) == [.text("hi 😀"), .text("cut \u{FFFD}"), .markdown("a ![b\u{FFFD}\u{FFFD}](transcripts:bold)")])
    }

    /// Both kinds in one file: a warning each, at its own first string.
    @Test func telegramWithBytesThatAreNotUTF8() throws {
        let chat = Data(#"""
            {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "\uDE00"},
            {"id": 2, "type": "message", "date_unixtime": "1704103260", "from": "Ann", "from_id": "user1", "text": "caf
            """#.utf8) + [0xE9] + Data(#"""
            "}
            ]}
            """#.utf8)
        let run = try ImportRun.run(TelegramImporter(), data: ["result.json": chat], input: "result.json")
        #expect(run.warnings == [
            "result.json:3:104: at messages[1].text: bytes that are not UTF-8 are shown as \u{FFFD}",
            "result.json:2:104: at messages[0].text: \(Self.warning)",
        ])
        #expect(run.conversations.first?.messages.map(\.kind) == [.text("\u{FFFD}"), .text("caf\u{FFFD}")])
    }

    /// An account export: a warning per chat, with the chat's path.
    @Test func telegramAccountExport() throws {
        func chat(_ id: Int, _ text: String) -> String {
            #"{"name": "C\#(id)", "type": "personal_chat", "id": \#(id), "messages": [{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "\#(text)"}]}"#
        }
        let export = "{\"about\": \"x\", \"chats\": {\"list\": [\n" + [chat(1, "ok"), chat(2, #"\uD800"#)].joined(separator: ",\n") + "\n]}}"
        let run = try ImportRun.run(TelegramImporter(), files: ["result.json": export], input: "result.json")
        #expect(run.warnings == ["result.json:3:166: at chats.list[1].messages[0].text: \(Self.warning)"])
        #expect(run.conversations.map { $0.messages[0].kind } == [.text("ok"), .text("\u{FFFD}")])
    }

    @Test func discord() throws {
        let json = #"""
            {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"}, "messages": [
            {"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "cut \uD83D", "author": {"id": "4", "name": "ann"}}
            ]}
            """#
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == ["general.json:2:86: at messages[0].content: \(Self.warning)"])
        #expect(run.conversations.first?.messages.first?.kind == .text("cut \u{FFFD}"))
    }

    @Test func slack() throws {
        let files = [
            "slack/users.json": #"[{"id": "U1", "name": "ann", "real_name": "Ann"}]"#,
            "slack/channels.json": #"[{"id": "C1", "name": "general"}]"#,
            "slack/general/2024-01-01.json": "[\n" + #"{"type": "message", "user": "U1", "ts": "1704103200.000100", "text": "cut \uDE00"}"# + "\n]",
        ]
        let run = try ImportRun.run(SlackImporter(), files: files, input: "slack")
        #expect(run.warnings == ["slack/general/2024-01-01.json:2:70: at [0].text: \(Self.warning)"])
        #expect(run.conversations.first?.messages.first?.kind == .markdown("cut \u{FFFD}"))
    }

    @Test func canonicalJSONLines() throws {
        let lines = [
            #"{"format": "transcripts/1", "id": "chat", "title": "Chat"}"#,
            #"{"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "ok"}"#,
            #"{"id": "2", "sender": "ann", "date": "2024-01-01T10:01:00Z", "text": "cut \uD83D"}"#,
        ]
        let run = try ImportRun.run(CanonicalImporter(), files: ["chat.jsonl": lines.joined(separator: "\n") + "\n"], input: "chat.jsonl")
        #expect(run.warnings == ["chat.jsonl:3:70: at text: \(Self.warning)"])
        #expect(run.conversations.first?.messages.last?.kind == .text("cut \u{FFFD}"))
    }

    @Test func mattermost() throws {
        let lines = [
            #"{"type":"version","version":1}"#,
            #"{"type":"channel","channel":{"team":"t","name":"general","display_name":"General","type":"O"}}"#,
            #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"cut \uD83D","create_at":1704103260000}}"#,
        ]
        let run = try ImportRun.run(MattermostImporter(), files: ["export.jsonl": lines.joined(separator: "\n") + "\n"], input: "export.jsonl")
        #expect(run.warnings == ["export.jsonl:3:78: at post.message: \(Self.warning)"])
        #expect(run.conversations.first?.messages.map(\.kind) == [.markdown("cut \u{FFFD}")])
    }
}
