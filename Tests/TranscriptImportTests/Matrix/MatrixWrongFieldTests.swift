import Foundation
import Testing
import TranscriptImportTestSupport

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSupport

/// A Matrix event with a field of the wrong type (issue 15, class 2): without its type or time it is an error
/// naming the file, line, column and JSON path; any other field is kept (shown as written when it is a number
/// given as text, else in a `fields` part after the event's message) with a warning naming where it is.
@Suite struct MatrixWrongFieldTests {
    static func room(_ events: [String]) -> String {
        """
        {"room_name": "Room", "room_creator": "@ann:x.org", "export_date": "1/1/2024", "exported_by": "@ann:x.org", "messages": [
        \(events.joined(separator: ",\n"))
        ]}
        """
    }

    @Test func wrongFieldsAreKeptAndWarnedOf() throws {
        let json = Self.room([
            #"{"type": "m.room.message", "event_id": "$1", "sender": "@ann:x.org", "origin_server_ts": 1704103200000, "content": {"msgtype": "m.text", "body": 42}}"#,
            #"{"type": "m.room.message", "event_id": "$2", "sender": {"id": "@bob:x.org"}, "origin_server_ts": 1704103260000, "content": {"msgtype": "m.text", "body": "hi"}}"#,
            #"{"type": "m.room.message", "event_id": "$3", "sender": "@ann:x.org", "origin_server_ts": 1704103320000, "content": "just text"}"#,
            #"{"type": "m.room.message", "event_id": ["$4"], "sender": "@ann:x.org", "origin_server_ts": 1704103380000, "content": {"msgtype": 5, "body": {"text": "x"}}}"#,
        ])
        let run = try ImportRun.run(MatrixImporter(), files: ["room.json": json], input: "room.json")
        #expect(run.warnings == [
            "room.json:2:146: at messages[0].content.body: expected a string, found the number 42; the text is shown as 42",
            "room.json:3:56: at messages[1].sender: expected a string, found an object; the sender is left out; its value is kept in the message's “fields” part",
            "room.json:4:116: at messages[2].content: expected an object, found the string \"just text\"; the event is kept as an unsupported message",
            "room.json:5:40: at messages[3].event_id: expected a string, found a list; the event's id is left out; its value is kept in the message's “fields” part",
            "room.json:5:130: at messages[3].content.msgtype: expected a string, found the number 5; the message type is shown as 5",
            "room.json:5:141: at messages[3].content.body: expected a string, found an object; the text is left out; its value is kept in the message's “fields” part",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["$1", "$2", "$2-fields", "$3", "event-4", "event-4-fields"])
        #expect(messages[0].kind == .text("42"))
        #expect(messages[1].sender == nil)
        #expect(messages[1].kind == .text("hi"))
        #expect(ImportRun.kept(messages[2]) == ["sender": .object(["id": .string("@bob:x.org")])])
        guard case .unsupported(let whole) = messages[3].kind else {
            Issue.record("content that is not an object keeps the whole event")
            return
        }
        #expect(whole.type == "m.room.message")
        #expect(messages[3].deleted == false)
        #expect(messages[4].kind == .unsupported(UnsupportedContent(type: "5", raw: try JSONParser.parse(
            #"{"type": "m.room.message", "event_id": ["$4"], "sender": "@ann:x.org", "origin_server_ts": 1704103380000, "content": {"msgtype": 5, "body": {"text": "x"}}}"#))))
        #expect(ImportRun.kept(messages[5]) == ["event_id": .array([.string("$4")]), "content.body": .object(["text": .string("x")])])
    }

    @Test func withoutItsTimeAnEventIsAnError() throws {
        let json = Self.room([#"{"type": "m.room.message", "event_id": "$1", "origin_server_ts": "noon", "content": {"body": "hi"}}"#])
        let error = try #require(throws: TranscriptsError.self) {
            try ImportRun.run(MatrixImporter(), files: ["room.json": json], input: "room.json")
        }
        #expect(error.description == "room.json:2:66: at messages[0].origin_server_ts: expected the event's time in milliseconds since 1970")
    }

    /// A time no calendar holds is an error naming the field, as a missing one is; never a clamped date.
    @Test(arguments: [
        ("1e300", "epoch milliseconds out of range: 1e+300"), ("-1e300", "epoch milliseconds out of range: -1e+300"),
        ("99999999999999999999", "epoch milliseconds out of range: 1e+20"),
        (#""nan""#, "expected the event's time in milliseconds since 1970"),
        (#""99999999999999999999""#, "expected the event's time in milliseconds since 1970"),
    ])
    func aTimeNoCalendarHoldsIsAnError(written: String, message: String) throws {
        let json = Self.room([#"{"type": "m.room.message", "event_id": "$1", "sender": "@ann:x.org", "origin_server_ts": \#(written), "content": {"msgtype": "m.text", "body": "hi"}}"#])
        let error = try #require(throws: TranscriptsError.self) {
            try ImportRun.run(MatrixImporter(), files: ["room.json": json], input: "room.json")
        }
        #expect(error.description == "room.json:2:90: at messages[0].origin_server_ts: \(message)")
    }
}
