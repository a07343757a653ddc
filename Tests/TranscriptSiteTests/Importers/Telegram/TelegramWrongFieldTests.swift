import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// A Telegram message with a field missing or of the wrong type (issue 15, class 2) is kept with what can be read;
/// what the field held is kept in a `fields` part after it (or shown, for a number given as text), and a warning
/// names the file, line, column and JSON path. Nothing is dropped silently.
@Suite struct TelegramWrongFieldTests {
    static let chat = """
        {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "hi"},
        {"id": 2, "type": "message", "date_unixtime": "1704103260", "from": "Ann", "from_id": "user1", "text": 42},
        {"id": 3, "type": "message", "date_unixtime": "1704103320", "from": "Ann", "from_id": "user1", "text": {"bold": "x"}},
        {"id": 4, "type": "message", "from": "Ann", "from_id": "user1", "text": "no date"},
        {"id": 5, "type": "message", "date_unixtime": "soon", "date": "2024-01-01T10:05:00", "from": "Ann", "from_id": "user1", "text": "x"},
        {"id": true, "type": "message", "date_unixtime": "1704103560", "from": {"name": "Ann"}, "from_id": "user1", "text": ["a ", 7, {"type": "bold", "text": false}]},
        {"id": 7, "type": "message", "date_unixtime": "1704103620", "from": "Bob", "from_id": ["user2"], "text": "y", "reply_to_message_id": {"id": 1}},
        "not a message"
        ]}
        """

    @Test func wrongFieldsAreKeptAndWarnedOf() throws {
        let run = try ImportRun.run(TelegramImporter(), files: ["result.json": Self.chat], input: "result.json")
        #expect(run.warnings == [
            "result.json:3:104: at messages[1].text: expected a string, found the number 42; the text is shown as 42",
            "result.json:4:104: at messages[2].text: expected a string, found an object; the text is left out; its value is kept in the message's “fields” part",
            "result.json:5:1: at messages[3].date: \"date\" is missing; the message is dated like the message before it",
            "result.json:6:47: at messages[4].date_unixtime: expected seconds since 1970 such as \"1704103200\", found the string \"soon\"; the time is read from \"date\"; its value is kept in the message's “fields” part",
            "result.json:7:8: at messages[5].id: expected an id (a string or a whole number), found true; the message is numbered m6; its value is kept in the message's “fields” part",
            "result.json:7:72: at messages[5].from: expected a string, found an object; the sender's name is left out; its value is kept in the message's “fields” part",
            "result.json:7:124: at messages[5].text[1]: expected a string, found the number 7; this part of the text is shown as 7",
            "result.json:7:152: at messages[5].text[2].text: expected a string, found false; this part of the text is shown as false",
            "result.json:8:87: at messages[6].from_id: expected an id (a string or a whole number), found a list; the sender is named by \"from\"; its value is kept in the message's “fields” part",
            "result.json:8:134: at messages[6].reply_to_message_id: expected an id (a string or a whole number), found an object; the reply is left out; its value is kept in the message's “fields” part",
            "result.json:9:1: at messages[7]: expected a message object, found the string \"not a message\"; it is kept as an unsupported message",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1", "2", "3", "3-fields", "4", "5", "5-fields", "m6", "m6-fields", "7", "7-fields", "item-8"])
        #expect(messages[1].kind == .text("42"))
        #expect(messages[2].kind == .text(""))
        #expect(ImportRun.kept(messages[3]) == ["text": .object(["bold": .string("x")])])
        #expect(messages[3].date == messages[2].date)
        // Without a date: dated like the message before it.
        #expect(messages[4].date == messages[2].date)
        #expect(messages[4].kind == .text("no date"))
        #expect(messages[5].date.iso8601(utcOffset: 0) == "2024-01-01T10:05:00Z")
        #expect(ImportRun.kept(messages[6]) == ["date_unixtime": .string("soon")])
        #expect(messages[7].sender == "user1")
        #expect(messages[7].kind == .markdown("a 7![false](transcripts:bold)"))
        #expect(ImportRun.kept(messages[8]) == ["id": .bool(true), "from": .object(["name": .string("Ann")])])
        #expect(messages[9].sender == "Bob")
        #expect(messages[9].replyTo == nil)
        #expect(ImportRun.kept(messages[10]) == ["from_id": .array([.string("user2")]), "reply_to_message_id": .object(["id": .number(1)])])
        #expect(messages[11].kind == .unsupported(UnsupportedContent(type: "not an object", raw: .string("not a message"))))
    }

    /// The chat's own fields: a name that is not text is written out in the warning.
    @Test func aChatNameOfTheWrongTypeIsWarnedOf() throws {
        let run = try ImportRun.run(
            TelegramImporter(), files: ["result.json": #"{"name": {"first": "Ann"}, "type": "personal_chat", "id": 1, "messages": []}"#],
            input: "result.json")
        #expect(run.warnings == [#"result.json: at name: expected a string, found an object; the chat's name is left out: {"first":"Ann"}"#])
        #expect(run.conversations.first?.title == "Saved messages")
    }

    /// A chat's own id of the wrong type, or a chat without its messages, is an error placed in the file.
    @Test(arguments: [
        ("{\"name\": \"A\", \"type\": \"personal_chat\",\n \"id\": 1.5, \"messages\": []}",
         "result.json:2:8: at id: a numeric id must be a whole number below 2^53; write larger ids as strings"),
        ("{\"about\": \"x\", \"chats\": {\"list\": [{\"name\": \"A\", \"type\": \"personal_chat\", \"id\": 1},\n {\"name\": \"B\", \"messages\": []}]}}",
         "result.json:1:35: at chats.list[0].messages: \"messages\" is required but missing"),
    ])
    func chatErrorsArePlaced(json: String, expected: String) throws {
        let error = try #require(throws: TranscriptsError.self) {
            try ImportRun.run(TelegramImporter(), files: ["result.json": json], input: "result.json")
        }
        #expect(error.description == expected)
    }

    /// A time no calendar holds (beyond `Timestamp.representableSeconds`, or "nan") is a wrong field like any
    /// other: warned of with its path, kept in the `fields` part, the message dated like the one before it and
    /// the edit time left out; never a clamped date, never a trap where the page is dated.
    @Test(arguments: [
        ("1e300", "1e+300"), ("-1e300", "-1e+300"), (#""nan""#, #""nan""#),
        (#""99999999999999999999""#, #""99999999999999999999""#), ("99999999999999999999", "1e+20"),
    ])
    func aTimeNoCalendarHoldsIsWarnedOf(written: String, shown: String) throws {
        let chat = """
            {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "hi"},
            {"id": 2, "type": "message", "date_unixtime": \(written), "from": "Ann", "from_id": "user1", "text": "x"},
            {"id": 3, "type": "message", "date_unixtime": "1704103320", "edited_unixtime": \(written), "from": "Ann", "from_id": "user1", "text": "y"}
            ]}
            """
        let run = try ImportRun.run(TelegramImporter(), files: ["result.json": chat], input: "result.json")
        #expect(run.warnings == [
            "result.json:3:47: at messages[1].date_unixtime: epoch seconds out of range: \(shown); the message is dated like the message before it; its value is kept in the message's “fields” part",
            "result.json:4:80: at messages[2].edited_unixtime: epoch seconds out of range: \(shown); the edit time is left out; its value is kept in the message's “fields” part",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["1", "2", "2-fields", "3", "3-fields"])
        #expect(messages[1].date == messages[0].date)
        #expect(messages[3].edited == nil)
        let value = try JSONParser.parse(written)
        #expect(ImportRun.kept(messages[2]) == ["date_unixtime": value])
        #expect(ImportRun.kept(messages[4]) == ["edited_unixtime": value])
        // With a date to fall back on, the time is read from it.
        let withDate = chat.replacingOccurrences(of: #""date_unixtime": \#(written),"#, with: #""date_unixtime": \#(written), "date": "2024-01-01T10:01:00","#)
        let fallback = try ImportRun.run(TelegramImporter(), files: ["result.json": withDate], input: "result.json")
        #expect(fallback.warnings.first?.hasSuffix("epoch seconds out of range: \(shown); the time is read from \"date\"; its value is kept in the message's “fields” part") == true)
        #expect(fallback.conversations.first?.messages[1].date.iso8601 == "2024-01-01T10:01:00Z")
        // And the site builds.
        let site = try TestSupport.makeSite(conversations: [:], extra: ["result.json": chat])
        let summary = try SiteBuilder(options: BuildOptions(site: site, inputs: [site.appendingPathComponent("result.json").path])).build()
        #expect(summary.warnings.count == 2)
    }

    /// `--strict` turns the warnings into a failed build that leaves nothing behind.
    @Test func strictBuildsFailOnThem() throws {
        let site = try TestSupport.makeSite(conversations: [:], extra: ["result.json": Self.chat])
        var options = BuildOptions(site: site, inputs: [site.appendingPathComponent("result.json").path])
        options.strict = true
        let error = try #require(throws: TranscriptsError.self) { try SiteBuilder(options: options).build() }
        #expect(error.message.hasPrefix("11 warnings with --strict; the previous output is unchanged:\n"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }
}
