import Foundation
import Testing
import TranscriptImportTestSupport

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// The readers that map every field strictly (Slack, Mattermost, Google Chat and the canonical format) refuse a
/// message with a field missing or of the wrong type (issue 15, class 2): an error naming the file, the line and
/// column of the value and its JSON path, and nothing built.
@Suite struct StrictReaderWrongFieldTests {
    static func error(_ importer: any ExportImporter, _ files: [String: String], input: String, name: String = #function) throws -> String {
        let error = try #require(throws: TranscriptsError.self) { try ImportRun.run(importer, files: files, input: input, name: name) }
        return error.description
    }

    static let channels = #"[{"id": "C1", "name": "general"}]"#

    @Test(arguments: [
        (#"{"type": "message", "user": "U1", "ts": "1704103200.000100", "text": 42}"#,
         "slack/general/2024-01-01.json:2:70: at [0].text: expected a string, found the number 42"),
        (#"{"type": "message", "user": "U1", "ts": "1704103200.000100", "text": {"a": 1}}"#,
         "slack/general/2024-01-01.json:2:70: at [0].text: expected a string, found an object"),
        (#"{"type": "message", "user": {"id": "U1"}, "ts": "1704103200.000100", "text": "hi"}"#,
         "slack/general/2024-01-01.json:2:29: at [0].user: expected an id (a string or a whole number), found an object"),
        (#"{"type": "message", "user": "U1", "text": "no time"}"#,
         "slack/general/2024-01-01.json:2:1: at [0].ts: \"ts\" is required but missing"),
        (#"{"type": "message", "user": "U1", "ts": 1704103200, "text": "hi"}"#,
         "slack/general/2024-01-01.json:2:41: at [0].ts: expected a string, found the number 1704103200"),
        // Times no calendar holds: fifteen digits reach beyond it; more, or anything but digits, is no Slack timestamp.
        (#"{"type": "message", "user": "U1", "ts": "999999999999999.000100", "text": "hi"}"#,
         #"slack/general/2024-01-01.json:2:41: at [0].ts: epoch seconds out of range: "999999999999999.000100""#),
        (#"{"type": "message", "user": "U1", "ts": "99999999999999999999", "text": "hi"}"#,
         #"slack/general/2024-01-01.json:2:41: at [0].ts: expected a Slack timestamp such as "1454884927.000002", found "99999999999999999999""#),
        (#"{"type": "message", "user": "U1", "ts": "nan", "text": "hi"}"#,
         #"slack/general/2024-01-01.json:2:41: at [0].ts: expected a Slack timestamp such as "1454884927.000002", found "nan""#),
        (#"{"type": "message", "user": "U1", "ts": 1e300, "text": "hi"}"#,
         "slack/general/2024-01-01.json:2:41: at [0].ts: expected a string, found the number 1e+300"),
        (#"{"type": "message", "user": "U1", "ts": "1704103200.000100", "text": "hi", "edited": {"ts": "999999999999999"}}"#,
         #"slack/general/2024-01-01.json:2:93: at [0].edited.ts: epoch seconds out of range: "999999999999999""#),
    ])
    func slack(message: String, expected: String) throws {
        let files = ["slack/channels.json": Self.channels, "slack/users.json": "[]", "slack/general/2024-01-01.json": "[\n\(message)\n]"]
        #expect(try Self.error(SlackImporter(), files, input: "slack") == expected)
    }

    @Test(arguments: [
        (#"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":42,"create_at":1704103200000}}"#,
         "export.jsonl:3:78: at post.message: expected a string, found the number 42"),
        (#"{"type":"post","post":{"team":"t","channel":"general","user":{"name":"ann"},"message":"hi","create_at":1704103200000}}"#,
         "export.jsonl:3:62: at post.user: expected an id (a string or a whole number), found an object"),
        (#"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"hi","create_at":"noon"}}"#,
         "export.jsonl:3:95: at post.create_at: expected a number, found the string \"noon\""),
    ])
    func mattermost(post: String, expected: String) throws {
        let lines = [
            #"{"type":"version","version":1}"#,
            #"{"type":"channel","channel":{"team":"t","name":"general","display_name":"General","type":"O"}}"#, post,
        ]
        #expect(try Self.error(MattermostImporter(), ["export.jsonl": lines.joined(separator: "\n") + "\n"], input: "export.jsonl") == expected)
    }

    @Test(arguments: [
        (#"{"creator": {"name": "Ann"}, "created_date": "Monday, January 1, 2024 at 10:00:00 AM UTC", "text": 42}"#,
         "Takeout/Google Chat/Groups/DM abc/messages.json:2:100: at messages[0].text: expected a string, found the number 42"),
        (#"{"creator": "Ann", "created_date": "Monday, January 1, 2024 at 10:00:00 AM UTC", "text": "hi"}"#,
         "Takeout/Google Chat/Groups/DM abc/messages.json:2:13: at messages[0].creator: expected an object, found the string \"Ann\""),
    ])
    func googleChat(message: String, expected: String) throws {
        let files = [
            "Takeout/Google Chat/Groups/DM abc/group_info.json": #"{"members": []}"#,
            "Takeout/Google Chat/Groups/DM abc/messages.json": "{\"messages\": [\n\(message)\n]}",
        ]
        #expect(try Self.error(GoogleChatImporter(), files, input: "Takeout") == expected)
    }

    @Test(arguments: [
        (#"{"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": 42}"#,
         "chat.json:3:70: at messages[0].text: expected a string, found the number 42"),
        (#"{"id": "1", "sender": {"id": "ann"}, "date": "2024-01-01T10:00:00Z", "text": "hi"}"#,
         "chat.json:3:23: at messages[0].sender: expected an id (a string or a whole number), found an object"),
        (#"{"id": "1", "sender": "ann", "text": "no date"}"#,
         "chat.json:3:1: at messages[0].date: \"date\" is required but missing"),
        (#"{"id": true, "sender": "ann", "date": "2024-01-01T10:00:00Z", "text": "hi"}"#,
         "chat.json:3:8: at messages[0].id: expected an id (a string or a whole number), found true"),
        // A date given as seconds since 1970 that no calendar holds, or text that is no date.
        (#"{"id": "1", "sender": "ann", "date": 1e300, "text": "hi"}"#,
         "chat.json:3:38: at messages[0].date: epoch seconds out of range: 1e+300"),
        (#"{"id": "1", "sender": "ann", "date": -1e300, "text": "hi"}"#,
         "chat.json:3:38: at messages[0].date: epoch seconds out of range: -1e+300"),
        (#"{"id": "1", "sender": "ann", "date": 99999999999999999999, "text": "hi"}"#,
         "chat.json:3:38: at messages[0].date: epoch seconds out of range: 1e+20"),
        (#"{"id": "1", "sender": "ann", "date": "nan", "text": "hi"}"#,
         #"chat.json:3:38: at messages[0].date: expected an ISO 8601 date such as 2024-05-03T09:30:00+02:00, found "nan""#),
        (#"{"id": "1", "sender": "ann", "date": "2024-01-01T10:00:00Z", "edited": 1e300, "text": "hi"}"#,
         "chat.json:3:72: at messages[0].edited: epoch seconds out of range: 1e+300"),
    ])
    func canonical(message: String, expected: String) throws {
        let json = "{\"format\": \"transcripts/1\", \"id\": \"chat\",\n\"messages\": [\n\(message)\n]}"
        #expect(try Self.error(CanonicalImporter(), ["chat.json": json], input: "chat.json") == expected)
        // The same message as a line of JSON Lines: the line, and the column in it.
        let lines = "{\"format\": \"transcripts/1\", \"id\": \"chat\"}\n\n\(message)\n"
        #expect(try Self.error(CanonicalImporter(), ["chat.jsonl": lines], input: "chat.jsonl")
            == expected.replacingOccurrences(of: "chat.json:3:", with: "chat.jsonl:3:").replacingOccurrences(of: "messages[0].", with: ""))
    }
}
