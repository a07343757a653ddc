import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel

/// A Telegram message read in place (`JSONTape`) converts to what the same message parsed converts to: the same
/// message, sender, topic, date repair and problems, for every kind of message and every field of a wrong type.
@Suite struct TelegramMessagesInPlaceTests {
    let converter = TelegramMessages(context: ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!))

    /// Both conversions of `text`; `inPlace` is nil when the tape does not read it.
    private func both(_ text: String, index: Int) throws -> (inPlace: TelegramMessages.Converted?, parsed: TelegramMessages.Converted) {
        let parsed = converter.convert(try JSONParser.parse(text), index: index)
        var tape = JSONTape()
        let inPlace = Array(text.utf8).withUnsafeBufferPointer { bytes in
            tape.read(bytes) ? tape.withRoot(in: bytes) { converter.convert($0, index: index) } : nil
        }
        return (inPlace, parsed)
    }

    @Test func messagesOfEveryKind() throws {
        let messages = [
            #"{"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704099600", "from": "Ann", "from_id": "user1", "text": "hi", "text_entities": [{"type": "plain", "text": "hi"}]}"#,
            #"{"id": 2, "type": "message", "date_unixtime": 1704099660, "from": "Ann", "from_id": "user1", "text": ["a ", {"type": "bold", "text": "b"}, {"type": "text_link", "text": "c", "href": "https://example.com"}, {"type": "pre", "text": "x = 1", "language": "swift"}, {"type": "email", "text": "a@b.c"}]}"#,
            #"{"id": 3, "type": "message", "date_unixtime": "1704099720", "from": "Bob", "from_id": 7, "photo": "photos/p.jpg", "width": 10, "height": 20, "photo_file_size": 300, "text": "caption \"quoted\"\n\u00e9"}"#,
            #"{"id": 4, "type": "message", "date_unixtime": "1704099780", "from_id": "user2", "file": "(File not included. Change data exporting settings to download.)", "media_type": "voice_message", "duration_seconds": 3, "mime_type": "audio/ogg", "text": ""}"#,
            #"{"id": 5, "type": "message", "date_unixtime": "1704099840", "from": "Bob", "file": "a.mp3", "media_type": "audio_file", "performer": "P", "title": "T", "thumbnail": 5}"#,
            #"{"id": 6, "type": "message", "date_unixtime": "1704099900", "from": "Bob", "location_information": {"latitude": 52.5, "longitude": 13.4}, "place_name": "Berlin", "address": "Mitte"}"#,
            #"{"id": 7, "type": "message", "date_unixtime": "1704099960", "from": "Bob", "contact_information": {"first_name": "C", "last_name": "D", "phone_number": "+1"}}"#,
            #"{"id": 8, "type": "message", "date_unixtime": "1704100020", "from": "Bob", "poll": {"question": "Q?", "closed": true, "answers": [{"text": "yes", "voters": 2}, "odd", {"text": 3}]}}"#,
            #"{"id": 9, "type": "service", "date_unixtime": "1704100080", "actor": "Ann", "actor_id": "user1", "action": "invite_members", "members": ["Bob", null, "Cy"]}"#,
            #"{"id": 10, "type": "service", "date_unixtime": "1704100140", "actor": "Ann", "actor_id": "user1", "action": "topic_created", "title": "Plans"}"#,
            #"{"id": 11, "type": "service", "date_unixtime": "1704100200", "actor": "Ann", "action": "phone_call", "duration_seconds": 65, "discard_reason": "busy"}"#,
            #"{"id": 12, "type": "story", "date_unixtime": "1704100260", "from": "Ann", "extra": {"nested": [1, 2, {"deep": null}]}}"#,
            #"{"id": 13, "type": "message", "date_unixtime": "1704100320", "from": "Ann", "reply_to_message_id": 10, "edited_unixtime": "1704100400", "forwarded_from": "Zed", "reactions": [{"type": "emoji", "count": 2, "emoji": "👍", "recent": [{"from": "Bob", "from_id": "user2"}, {"from": "Cy"}, 3]}, {"type": "paid", "count": 1}, "odd"], "text": "re"}"#,
            #"{"id": 14, "type": "message", "date_unixtime": "1e300", "date": "2024-01-01T10:00:00", "from": "Ann", "text": 42, "text_entities": null}"#,
            #"{"id": true, "type": "message", "from": {"name": "Ann"}, "from_id": ["u"], "text": ["a ", 7, {"type": "bold", "text": false}, null], "reply_to_message_id": {"id": 1}, "edited": 5}"#,
            #"{"id": "", "type": 5, "date": "yesterday", "photo": 12, "text": {"x": 1}}"#,
            #"{"id": 17, "type": "message", "date_unixtime": null, "date": null, "file": "f.bin", "file_name": "f.bin", "file_size": 1.5, "media_type": "sticker", "sticker_emoji": "😀"}"#,
            #"["not", "an", "object"]"#, #""a string""#, "42", "null",
        ]
        for (index, text) in messages.enumerated() {
            let (inPlace, parsed) = try both(text, index: index)
            let read = try #require(inPlace, "not read in place: \(text)")
            #expect(read == parsed, "\(text)")
        }
    }

    /// A text's kind: plain parts give text, formatting gives markdown, formatting around nothing gives empty
    /// text, and a media message's caption is its text without the formatting.
    @Test func textsAndCaptions() throws {
        let cases: [(String, MessageKind)] = [
            (#"{"id": 1, "type": "message", "text_entities": [{"type": "plain", "text": "a "}, {"type": "plain", "text": "b"}]}"#, .text("a b")),
            (#"{"id": 2, "type": "message", "text_entities": [{"type": "bold", "text": ""}, {"type": "italic", "text": ""}]}"#, .text("")),
            (#"{"id": 3, "type": "message", "text_entities": [{"type": "plain", "text": "a "}, {"type": "bold", "text": "b"}]}"#, .markdown("a ![b](transcripts:bold)")),
            (#"{"id": 4, "type": "message", "photo": "p.jpg", "text_entities": [{"type": "plain", "text": "a "}, {"type": "bold", "text": "b"}]}"#,
             .photo(MediaItem(file: "p.jpg", caption: "a b"))),
            (#"{"id": 5, "type": "message", "photo": "p.jpg", "text_entities": [{"type": "bold", "text": ""}]}"#, .photo(MediaItem(file: "p.jpg"))),
        ]
        for (index, (text, kind)) in cases.enumerated() {
            let (inPlace, parsed) = try both(text, index: index)
            #expect(inPlace?.message.kind == kind, "\(text)")
            #expect(parsed.message.kind == kind, "\(text)")
        }
    }

    /// Random messages whose fields each may be missing, null or of any type.
    @Test func randomMessages() throws {
        var generator = SeededGenerator(seed: 3)
        let keys = [
            "id", "type", "date", "date_unixtime", "from", "from_id", "actor", "actor_id", "text", "text_entities", "photo", "file",
            "media_type", "width", "height", "file_name", "mime_type", "duration_seconds", "thumbnail", "sticker_emoji", "action",
            "title", "members", "reactions", "reply_to_message_id", "edited", "edited_unixtime", "forwarded_from", "poll",
            "location_information", "contact_information", "discard_reason", "period", "performer",
        ]
        let values = [
            "null", "true", "0", "-3", "2.5", "1e400", "1704099600", #""1704099600""#, #""2024-01-01T10:00:00""#, #""""#, #""message""#,
            #""service""#, #""x\ny\u00e9""#, #""topic_created""#, #""voice_message""#, #""set_messages_ttl""#, "[]", #"["a", {"type": "bold", "text": "b"}]"#,
            #"[{"type": "text_link", "text": "t", "href": 1}, {"type": "pre", "text": "p", "language": "c"}]"#, "{}",
            #"{"latitude": 1, "longitude": 2}"#, #"{"answers": [{"text": "a"}], "question": 1}"#,
            #"[{"emoji": "x", "count": 1, "recent": [{"from_id": 5}]}]"#,
        ]
        var compared = 0
        for index in 0..<3000 {
            let chosen = Array(Set((0..<Int.random(in: 0..<12, using: &generator)).map { _ in keys.randomElement(using: &generator)! }))
                .sorted()
            let text = "{" + chosen.map { "\"\($0)\": " + values.randomElement(using: &generator)! }.joined(separator: ", ") + "}"
            let (inPlace, parsed) = try both(text, index: index)
            let read = try #require(inPlace, "not read in place: \(text)")
            #expect(read == parsed, "\(text)")
            compared += 1
        }
        #expect(compared == 3000)
    }

    /// Epoch seconds written as digits are read as `Double(_:)` reads them; any other text is left to it.
    @Test func wholeSecondsAreWhatDoubleReads() {
        for text in ["0", "7", "1704103200", "0001704103200", "999999999999999", "253402300799"] {
            #expect(TelegramMessages.wholeSeconds(text) == Double(text), "\(text)")
        }
        for text in ["", "1704103200.5", "-1", "+1", " 1", "1e9", "1_000", "0x10", "1234567890123456", "١٢"] {
            #expect(TelegramMessages.wholeSeconds(text) == nil, "\(text)")
        }
    }
}
