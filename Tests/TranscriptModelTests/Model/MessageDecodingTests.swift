import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSupport

@Suite struct MessageDecodingTests {
    @Test func readsATextMessageWithEveryCommonField() throws {
        let message = try TestSupport.message(
            #"{"id": 7, "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "hi", "replyTo": 3,"#
                + #" "reactions": [{"emoji": "👍", "by": ["me", 5]}], "edited": "2024-05-03T09:31:00+02:00","#
                + #" "status": "read", "thread": "1", "forwardedFrom": "Bob", "forwardedDate": "2024-05-01T18:12:00+02:00","#
                + #" "forwardedEdited": 1714580000}"#)
        #expect(message.id == "7")
        #expect(message.sender == "ann")
        #expect(message.kind == .text("hi"))
        #expect(message.replyTo == "3")
        #expect(message.reactions == [Reaction(emoji: "👍", by: ["me", "5"], count: 2)])
        #expect(message.edited?.secondsSince1970 == 1_714_721_460)
        #expect(message.status == .read)
        #expect(message.thread == "1")
        #expect(message.forwardedFrom == "Bob")
        #expect(message.forwardedDate == Timestamp(secondsSince1970: 1_714_579_920, utcOffset: 7200))
        #expect(message.forwardedEdited?.secondsSince1970 == 1_714_580_000)
    }

    @Test func readsEveryKind() throws {
        let date = #""date": "2024-05-03T09:30:00Z""#
        let cases: [(String, MessageKind)] = [
            (#""type": "markdown", "markdown": "**x**""#, .markdown("**x**")),
            (#""type": "photo", "photo": {"file": "a.jpg", "width": 4, "height": 3, "caption": "c"}"#,
             .photo(MediaItem(file: "a.jpg", width: 4, height: 3, caption: "c"))),
            (#""type": "video", "video": {"file": "v.mp4", "thumbnail": "t.jpg", "duration": 12.5}"#,
             .video(MediaItem(file: "v.mp4", duration: 12.5, thumbnail: "t.jpg"))),
            (#""type": "audio", "audio": {"file": "a.mp3", "duration": 3}"#, .audio(MediaItem(file: "a.mp3", duration: 3))),
            (#""type": "voice", "voice": {"duration": 4}"#, .voice(MediaItem(duration: 4))),
            (#""type": "file", "file": {"file": "f.pdf", "name": "Plan.pdf", "size": 1200, "mimeType": "application/pdf"}"#,
             .file(MediaItem(file: "f.pdf", name: "Plan.pdf", mimeType: "application/pdf", size: 1200))),
            (#""type": "sticker", "sticker": {"emoji": "😀"}"#, .sticker(MediaItem(emoji: "😀"))),
            (#""type": "location", "location": {"latitude": 52.5, "longitude": 13.4, "name": "Berlin"}"#,
             .location(Location(latitude: 52.5, longitude: 13.4, name: "Berlin"))),
            (#""type": "contact", "contact": {"name": "Bo", "phones": ["+49 1"]}"#, .contact(Contact(name: "Bo", phones: ["+49 1"]))),
            (#""type": "poll", "poll": {"question": "Q?", "options": [{"text": "A", "votes": 2}, {"text": "B", "voters": ["x"]}]}"#,
             .poll(Poll(question: "Q?", options: [.init(text: "A", votes: 2), .init(text: "B", voters: ["x"])]))),
            (#""type": "linkPreview", "linkPreview": {"url": "https://e.org", "title": "E"}"#,
             .linkPreview(LinkPreview(url: "https://e.org", title: "E"))),
            (#""type": "system", "system": {"event": "join", "text": "Ann joined"}"#, .system(SystemEvent(event: .join, text: "Ann joined"))),
            (#""type": "custom", "custom": {"kind": "linkCard", "payload": {"title": "T"}}"#,
             .custom(CustomContent(kind: "linkCard", payload: .object(["title": .string("T")])))),
            (#""type": "unsupported", "unsupported": {"type": "game", "raw": [1]}"#,
             .unsupported(UnsupportedContent(type: "game", raw: .array([.number(1)])))),
        ]
        for (fields, kind) in cases {
            let message = try TestSupport.message(#"{"id": "1", \#(date), \#(fields)}"#)
            #expect(message.kind == kind)
            #expect(fields.hasPrefix("\"type\": \"\(message.kind.typeName)\""))
        }
    }

    @Test func keepsAnUnknownKindWhole() throws {
        let message = try TestSupport.message(#"{"id": "9", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "hologram", "depth": 3}"#)
        guard case .unsupported(let content) = message.kind else {
            Issue.record("expected an unsupported message")
            return
        }
        #expect(content.type == "hologram")
        #expect(content.raw.compactJSON == #"{"date":"2024-05-03T09:30:00Z","depth":3,"id":"9","sender":"ann","type":"hologram"}"#)
        #expect(message.sender == "ann")
    }

    @Test(arguments: [
        (#"{"id": "1", "date": "2024-05-03T09:30:00Z", "text": "x", "colour": "red"}"#, "colour",
         #"unknown key "colour""#),
        (#"{"id": "1", "date": "2024-05-03T09:30:00Z", "type": "photo", "photo": {"file": 3}}"#, "photo.file",
         "expected a string, found the number 3"),
        (#"{"id": "1", "date": "yesterday", "text": "x"}"#, "date", "expected an ISO 8601 date"),
        (#"{"date": "2024-05-03T09:30:00Z", "text": "x"}"#, "id", #""id" is required"#),
        (#"{"id": "1", "date": "2024-05-03T09:30:00Z", "text": "x", "reactions": [{"emoji": "x", "by": [true]}]}"#,
         "reactions[0].by[0]", "expected an id"),
        (#"{"id": "1", "date": "2024-05-03T09:30:00Z", "text": "x", "status": "lost"}"#, "status",
         #""lost" is not one of: sending, sent, delivered, read, failed"#),
        (#"{"id": 1.5, "date": "2024-05-03T09:30:00Z", "text": "x"}"#, "id", "whole number"),
    ])
    func namesThePathOfBadInput(json: String, path: String, message: String) throws {
        do {
            _ = try TestSupport.message(json)
            Issue.record("expected an error")
        } catch {
            let described = TranscriptsError(decoding: error, file: "chat.json")
            #expect(described.path == path)
            #expect(described.message.contains(message), "\(described.message)")
            #expect(described.description.hasPrefix("chat.json: at \(path): "))
        }
    }

    @Test func codableDecodingAgreesWithTheFastReader() throws {
        let json = #"{"id": "2", "sender": "me", "date": "2024-05-03T09:30", "type": "poll", "poll": {"question": "Q", "options": [{"text": "A"}]}, "reactions": [{"emoji": "🎉", "count": 3}]}"#
        let decoder = JSONDecoder()
        decoder.userInfo[.defaultTimeZone] = TimeZone(identifier: "Europe/Berlin")
        let viaCodable = try decoder.decode(Message.self, from: Data(json.utf8))
        #expect(viaCodable == (try TestSupport.message(json)))
    }

    @Test func encodingRoundTrips() throws {
        let conversation = Conversation(
            id: "c", title: "C", kind: .direct, participants: [Participant(id: "me", name: "Me", avatar: "me.png")],
            messages: [
                Message(id: "1", sender: "me", date: Timestamp(secondsSince1970: 1_714_721_400, utcOffset: 7200),
                        kind: .markdown("*hi*"), replyTo: "0", reactions: [Reaction(emoji: "👍", by: ["me"])],
                        edited: Timestamp(secondsSince1970: 1_714_721_460, utcOffset: 0), status: .sent, forwardedFrom: "#general",
                        forwardedDate: Timestamp(secondsSince1970: 1_714_579_920, utcOffset: 7200),
                        forwardedEdited: Timestamp(secondsSince1970: 1_714_580_400, utcOffset: -18000)),
                Message(id: "2", sender: nil, date: Timestamp(secondsSince1970: 1_714_721_500, utcOffset: 0),
                        kind: .system(SystemEvent(event: .rename, text: "Renamed"))),
            ])
        let data = try JSONEncoder().encode(conversation)
        let back = try JSONDecoder().decode(Conversation.self, from: data)
        #expect(back == conversation)
        let viaFastReader = try data.withUnsafeBytes {
            try Conversation(json: JSONParser.parse($0.bindMemory(to: UInt8.self)), path: [], context: .init(defaultTimeZone: nil))
        }
        #expect(viaFastReader == conversation)
    }

    @Test func aSystemEventsPeopleAndTitleRoundTrip() throws {
        let json = #"{"id": "3", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"event": "join", "text": "Ann added Bo and Cy", "actor": "ann", "subjects": ["bo", 7], "title": null}}"#
        let message = try TestSupport.message(json)
        let event = SystemEvent(event: .join, text: "Ann added Bo and Cy", actor: "ann", subjects: ["bo", "7"])
        #expect(message.kind == .system(event))
        #expect(event.isStructured)
        #expect(!SystemEvent(event: .join, text: "Ann joined").isStructured)

        let renamed = SystemEvent(event: .rename, text: "Ann renamed it to Trip", actor: "ann", title: "Trip")
        let topic = SystemEvent(event: .topic, text: "Ann changed the topic to \"Lunch\"", actor: "ann", title: "Lunch")
        let purpose = SystemEvent(event: .purpose, text: "Ann removed the purpose", actor: "ann")
        let invite = SystemEvent(event: .invite, text: "Ann invited Dana", actor: "ann", subjects: ["Dana"])
        let ban = SystemEvent(event: .ban, text: "Ann banned Eve: spam", actor: "ann", subjects: ["eve"], title: "spam")
        for event in [event, renamed, topic, purpose, invite, ban] {
            let original = Message(id: "4", sender: "ann", date: Timestamp(secondsSince1970: 0, utcOffset: 0), kind: .system(event))
            let data = try JSONEncoder().encode(original)
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains(#""actor":"ann""#))
            #expect(!text.contains("null"))
            #expect(try JSONDecoder().decode(Message.self, from: data) == original)
            let viaFastReader = try data.withUnsafeBytes {
                try Message(json: JSONParser.parse($0.bindMemory(to: UInt8.self)), path: [], context: .init(defaultTimeZone: nil))
            }
            #expect(viaFastReader == original)
        }
        #expect(try TestSupport.message(#"{"id": "5", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"event": "ban", "text": "x"}}"#).kind
            == .system(SystemEvent(event: .ban, text: "x")))
        // Only strings are titles, and an unknown key or event is still an error.
        #expect(throws: (any Error).self) {
            try TestSupport.message(#"{"id": "5", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"event": "kick", "text": "x"}}"#)
        }
        #expect(throws: (any Error).self) {
            try TestSupport.message(#"{"id": "5", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"text": "x", "title": 3}}"#)
        }
        #expect(throws: (any Error).self) {
            try TestSupport.message(#"{"id": "5", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"text": "x", "who": "ann"}}"#)
        }
    }
}
