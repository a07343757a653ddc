import Foundation
import Testing
import TranscriptImportTestSupport

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// A Messenger message with a field of the wrong type (issue 15, class 2): without its time it is an error naming
/// the file, line, column and JSON path; any other field is kept (shown as written when it is a number given as
/// text, else in a `fields` part after the message) with a warning naming where it is.
@Suite struct MessengerWrongFieldTests {
    static let thread = """
        {"participants": [{"name": "Ann"}, {"name": "Bob"}], "messages": [
        {"sender_name": "Ann", "timestamp_ms": 1704103500000, "content": 42},
        {"sender_name": {"name": "Bob"}, "timestamp_ms": 1704103400000, "content": "who?"},
        {"sender_name": "Ann", "timestamp_ms": 1704103300000, "content": ["a", "b"], "photos": {"uri": "p.jpg"}},
        {"sender_name": 7, "timestamp_ms": 1704103200000, "content": "hi"}
        ], "title": "Ann and Bob", "thread_path": "inbox/annbob_1"}
        """

    @Test func wrongFieldsAreKeptAndWarnedOf() throws {
        let run = try ImportRun.run(MessengerImporter(), files: ["annbob_1/message_1.json": Self.thread], input: "annbob_1")
        #expect(run.warnings == [
            "annbob_1/message_1.json:2:66: at messages[0].content: expected a string, found the number 42; the text is shown as 42",
            "annbob_1/message_1.json:3:17: at messages[1].sender_name: expected a string, found an object; the sender's name is left out; its value is kept in the message's “fields” part",
            "annbob_1/message_1.json:4:66: at messages[2].content: expected a string, found a list; the text is left out; its value is kept in the message's “fields” part",
            "annbob_1/message_1.json:4:88: at messages[2].photos: expected a list, found an object; it is left out; its value is kept in the message's “fields” part",
            "annbob_1/message_1.json:5:17: at messages[3].sender_name: expected a string, found the number 7; the sender's name is shown as 7",
        ])
        // Newest first in the file, oldest first in the conversation.
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.sender) == ["7", "Ann", "Ann", nil, nil, "Ann"])
        #expect(messages[0].kind == .text("hi"))
        #expect(messages[1].kind == .text(""))
        #expect(ImportRun.kept(messages[2]) == ["content": .array([.string("a"), .string("b")]), "photos": .object(["uri": .string("p.jpg")])])
        #expect(messages[3].kind == .text("who?"))
        #expect(ImportRun.kept(messages[4]) == ["sender_name": .object(["name": .string("Bob")])])
        #expect(messages[5].kind == .text("42"))
        #expect(messages.map(\.id) == ["1704103200000-1", "1704103300000-1", "1704103300000-2", "1704103400000-1", "1704103400000-2", "1704103500000-1"])
    }

    @Test func withoutItsTimeAMessageIsAnError() throws {
        let thread = """
            {"participants": [{"name": "Ann"}], "messages": [
            {"sender_name": "Ann", "timestamp_ms": {"ms": 1}, "content": "hi"}
            ]}
            """
        let error = try #require(throws: TranscriptsError.self) {
            try ImportRun.run(MessengerImporter(), files: ["t/message_1.json": thread], input: "t")
        }
        #expect(error.description == #"t/message_1.json:2:40: at messages[0].timestamp_ms: expected epoch milliseconds, found {"ms":1}"#)
    }

    /// Found by fuzzing (docs/fuzzing.md): a time beyond any calendar, or "nan", trapped when the message was
    /// written as ISO 8601 text; it is an error naming the field.
    @Test(arguments: [
        ("1e300", "1e+300"), ("-1e300", "-1e+300"), (#""nan""#, #""nan""#), (#""-1e20""#, #""-1e20""#),
        (#""99999999999999999999""#, #""99999999999999999999""#), ("99999999999999999999", "1e+20"),
    ])
    func aTimeOutOfRangeIsAnError(written: String, shown: String) throws {
        let thread = """
            {"participants": [{"name": "Ann"}], "messages": [
            {"sender_name": "Ann", "timestamp_ms": \(written), "content": "hi"}
            ]}
            """
        let error = try #require(throws: TranscriptsError.self) {
            try ImportRun.run(MessengerImporter(), files: ["t/message_1.json": thread], input: "t")
        }
        #expect(error.description == "t/message_1.json:2:40: at messages[0].timestamp_ms: epoch milliseconds out of range: \(shown)")
    }
}
