import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// The Messages database into the model: conversations, messages and what they carry.
@Suite struct IMessageImporterTests {
    typealias Support = IMessageTestSupport

    static func d(_ iso: String) -> Int64 { Support.date(iso) }

    /// `message_summary_info` of an unsent message: a binary property list listing retracted part 0 (`rp`).
    static func unsentSummary() throws -> String {
        let data = try PropertyListSerialization.data(fromPropertyList: ["rp": [0], "otr": [:] as [String: Any]], format: .binary, options: 0)
        return Support.blob(Array(data))
    }

    static func directRows() throws -> String {
        let bold = TypedStreamWriter.attributedString([
            ("Hi ", [("__kIMMessagePartAttributeName", .number(0))]),
            ("there", [("__kIMMessagePartAttributeName", .number(0)), ("__kIMTextBoldAttributeName", .number(1))]),
        ])
        return """
            INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001111', 'iMessage'), (2, 'cy@example.com', 'iMessage');
            INSERT INTO chat (ROWID, guid, style, chat_identifier, display_name) VALUES (1, 'iMessage;-;+15550001111', 45, '+15550001111', '');
            INSERT INTO chat_handle_join VALUES (1, 1);
            INSERT INTO message (ROWID, guid, text, attributedBody, handle_id, is_from_me, date, associated_message_guid, associated_message_type, associated_message_emoji, thread_originator_guid, date_edited, date_retracted, is_audio_message, message_summary_info) VALUES
              (1, 'G1', 'Hello Bo', NULL, 0, 1, \(d("2024-05-01T10:00:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (2, 'G2', NULL, \(Support.blob(bold)), 1, 0, \(d("2024-05-01T10:01:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (3, 'G3', char(65532), NULL, 1, 0, \(d("2024-05-01T10:02:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (4, 'G4', 'Loved “Hi there”', NULL, 0, 1, \(d("2024-05-01T10:03:00Z")), 'p:0/G2', 2000, NULL, NULL, NULL, NULL, 0, NULL),
              (5, 'G5', 'Liked “Hi there”', NULL, 1, 0, \(d("2024-05-01T10:04:00Z")), 'p:0/G2', 2001, NULL, NULL, NULL, NULL, 0, NULL),
              (6, 'G6', 'Removed a like', NULL, 1, 0, \(d("2024-05-01T10:05:00Z")), 'p:0/G2', 3001, NULL, NULL, NULL, NULL, 0, NULL),
              (7, 'G7', 'Reacted 🔥', NULL, 1, 0, \(d("2024-05-01T10:06:00Z")), 'bp:G1', 2006, '🔥', NULL, NULL, NULL, 0, NULL),
              (8, 'G8', 'in the thread', NULL, 1, 0, \(d("2024-05-01T10:07:00Z")), NULL, 0, NULL, 'G1', \(d("2024-05-01T10:08:00Z")), NULL, 0, NULL),
              (9, 'G9', NULL, NULL, 0, 1, \(d("2024-05-01T10:09:00Z")), NULL, 0, NULL, NULL, \(d("2024-05-01T10:10:00Z")), \(d("2024-05-01T10:10:00Z")), 0, NULL),
              (10, 'G10', NULL, NULL, 1, 0, \(d("2024-05-01T10:11:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, \(try unsentSummary())),
              (11, 'G11', char(65532), NULL, 1, 0, \(d("2024-05-01T10:12:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 1, NULL),
              (12, 'G12', char(65532), NULL, 0, 1, \(d("2024-05-01T10:13:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (13, 'G13', char(65532), NULL, 1, 0, \(d("2024-05-01T10:14:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (14, 'G14', NULL, X'62706C6973743030', 1, 0, \(d("2024-05-01T10:15:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (15, 'G15', 'the report' || char(65532), NULL, 0, 1, \(d("2024-05-01T10:16:00Z")), NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
              (16, 'G16', 'Laughed at a message', NULL, 1, 0, \(d("2024-05-01T10:17:00Z")), 'p:0/GONE', 2003, NULL, NULL, NULL, NULL, 0, NULL);
            INSERT INTO chat_message_join (chat_id, message_id) SELECT 1, ROWID FROM message;
            INSERT INTO attachment (ROWID, guid, original_guid, filename, mime_type, transfer_name, total_bytes, is_sticker) VALUES
              (1, 'A1', 'A1', '~/Library/Messages/Attachments/ab/01/A1/IMG_0001.jpg', 'image/jpeg', 'IMG_0001.jpg', 4, 0),
              (2, 'A2', 'A2', '~/Library/Messages/Attachments/cd/02/A2/Audio Message.caf', 'audio/x-caf', 'Audio Message.caf', 0, 0),
              (3, 'A3', 'A3', '~/Library/Messages/Attachments/ef/03/A3/IMG_0002.HEIC', 'image/heic', 'IMG_0002.HEIC', 9, 0),
              (4, 'A4', 'A4', '~/Library/Messages/StickerCache/x/sticker.png', 'image/png', 'sticker.png', 0, 1),
              (5, 'A5', 'A5', '/private/var/tmp/report.pdf', 'application/pdf', 'report.pdf', 100, 0);
            INSERT INTO message_attachment_join VALUES (3, 1), (11, 2), (12, 3), (13, 4), (15, 5);
            """
    }

    @Test func directChat() throws {
        let folder = try Support.database(try Self.directRows(), extra: ["Attachments/ab/01/A1/IMG_0001.jpg": "JPEG"])
        let read = try Support.read(folder)
        try #require(read.count == 1)
        let conversation = read[0].conversation
        #expect(conversation.title == "+15550001111")
        #expect(conversation.kind == .direct)
        #expect(conversation.id.hasPrefix("imessage-") && conversation.id.count == 25)
        #expect(conversation.participants == [Participant(id: "+15550001111", name: "+15550001111"), Participant(id: "me", name: "Me")])
        #expect(read[0].mediaFolder.path == folder.path)
        try Support.expectLines(conversation, [
            // The owner's message, with the emoji tapback Bo gave it.
            #"{"date":"2024-05-01T10:00:00Z","id":"G1","reactions":[{"by":["+15550001111"],"count":1,"emoji":"🔥"}],"sender":"me","text":"Hello Bo","type":"text"}"#,
            // Text only in attributedBody, with a bold run; loved by the owner, liked by Bo who took it back.
            #"{"date":"2024-05-01T10:01:00Z","id":"G2","markdown":"Hi ![there](transcripts:bold)","reactions":[{"by":["me"],"count":1,"emoji":"❤️"}],"sender":"+15550001111","type":"markdown"}"#,
            #"{"date":"2024-05-01T10:02:00Z","id":"G3","photo":{"file":"Attachments/ab/01/A1/IMG_0001.jpg","mimeType":"image/jpeg","size":4},"sender":"+15550001111","type":"photo"}"#,
            // A reply in G1's thread, edited.
            #"{"date":"2024-05-01T10:07:00Z","edited":"2024-05-01T10:08:00Z","id":"G8","replyTo":"G1","sender":"+15550001111","text":"in the thread","type":"text"}"#,
            // Unsent: by date_retracted, and by the retracted parts of message_summary_info.
            #"{"date":"2024-05-01T10:09:00Z","deleted":true,"edited":"2024-05-01T10:10:00Z","id":"G9","sender":"me","text":"","type":"text"}"#,
            #"{"date":"2024-05-01T10:11:00Z","deleted":true,"id":"G10","sender":"+15550001111","text":"","type":"text"}"#,
            #"{"date":"2024-05-01T10:12:00Z","id":"G11","sender":"+15550001111","type":"voice","voice":{"file":"Attachments/cd/02/A2/Audio Message.caf","mimeType":"audio/x-caf"}}"#,
            #"{"date":"2024-05-01T10:13:00Z","file":{"caption":"HEIC image: browsers other than Safari cannot show it","file":"Attachments/ef/03/A3/IMG_0002.HEIC","mimeType":"image/heic","size":9},"id":"G12","sender":"me","type":"file"}"#,
            #"{"date":"2024-05-01T10:14:00Z","id":"G13","sender":"+15550001111","sticker":{"file":"StickerCache/x/sticker.png","mimeType":"image/png"},"type":"sticker"}"#,
            // An attributedBody that cannot be decoded, and no text: kept, as unsupported.
            #"{"date":"2024-05-01T10:15:00Z","id":"G14","sender":"+15550001111","type":"unsupported","unsupported":{"raw":{"bytes":8,"rowid":14},"type":"attributedBody"}}"#,
            // Text, then the attachment whose place (U+FFFC) follows it; a file outside the Messages folder keeps its name.
            #"{"date":"2024-05-01T10:16:00Z","id":"G15","sender":"me","text":"the report","type":"text"}"#,
            #"{"date":"2024-05-01T10:16:00Z","file":{"mimeType":"application/pdf","name":"report.pdf","size":100},"id":"G15-2","sender":"me","type":"file"}"#,
        ])
        let name = folder.lastPathComponent + "/chat.db"
        #expect(read[0].warnings == [
            "\(name): message ROWID 14: cannot decode its attributedBody (not a typedstream of version 4 (it starts with byte 98) at byte 0); shown as unsupported",
            "\(name): chat 1: 1 tapback points at messages that are not in the chat; left out",
            "\(name): chat 1: 1 HEIC image is shown as a file (browsers other than Safari cannot show HEIC): IMG_0002.HEIC",
        ])
        #expect(MissingMedia.paths(in: conversation, folder: read[0].mediaFolder) == [
            "Attachments/cd/02/A2/Audio Message.caf", "Attachments/ef/03/A3/IMG_0002.HEIC", "StickerCache/x/sticker.png",
        ])
        #expect(MissingMedia.notIncluded(in: conversation) == ["report.pdf"])
    }

    static let groupRows: String = {
        let mention = TypedStreamWriter.attributedString([
            ("@Bo", [("__kIMMessagePartAttributeName", .number(0)), ("__kIMMentionConfirmedMention", .text("+15550001111"))]),
            (" look", [("__kIMMessagePartAttributeName", .number(0))]),
        ])
        return """
            INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001111', 'iMessage'), (2, 'cy@example.com', 'iMessage'), (3, '+4915112345678', 'iMessage');
            INSERT INTO chat (ROWID, guid, style, chat_identifier, display_name) VALUES
              (2, 'iMessage;+;chat123', 43, 'chat123', 'Trip'), (3, 'iMessage;+;chat456', 43, 'chat456', NULL), (4, 'iMessage;+;chat789', 43, 'chat789', 'Empty');
            INSERT INTO chat_handle_join VALUES (2, 1), (2, 2), (3, 1), (3, 2);
            INSERT INTO message (ROWID, guid, text, attributedBody, handle_id, is_from_me, date, item_type, group_action_type, other_handle, group_title) VALUES
              (1, 'E1', NULL, NULL, 1, 0, \(d("2024-06-01T08:00:00Z")), 1, 0, 3, NULL),
              (2, 'E2', NULL, NULL, 0, 1, \(d("2024-06-01T08:01:00Z")), 2, 0, 0, 'Lisbon trip'),
              (3, 'E3', NULL, NULL, 2, 0, \(d("2024-06-01T08:02:00Z")), 3, 0, 0, NULL),
              (4, 'E4', NULL, NULL, 1, 0, \(d("2024-06-01T08:03:00Z")), 1, 1, 2, NULL),
              (5, 'E5', NULL, NULL, 0, 1, \(d("2024-06-01T08:04:00Z")), 3, 1, 0, NULL),
              (6, 'E6', NULL, NULL, 3, 0, \(d("2024-06-01T08:05:00Z")), 6, 0, 0, NULL),
              (7, 'E7', '@Bo look', \(Support.blob(mention)), 3, 0, \(d("2024-06-01T08:06:00Z")), 0, 0, 0, NULL),
              (8, 'F1', 'hi all', NULL, 2, 0, \(d("2024-06-02T09:00:00Z")), 0, 0, 0, NULL);
            INSERT INTO chat_message_join (chat_id, message_id) VALUES (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7), (3, 8);
            """
    }()

    /// Groups: events as system messages, names from the contacts (YAML), mentions; a group without a name is
    /// titled by its members; a chat without messages is left out.
    @Test func groupChatsWithEventsAndContacts() throws {
        let folder = try Support.database(Self.groupRows, extra: [
            "contacts.yml": "\"+1 (555) 000-1111\": Bo Berg\ncy@EXAMPLE.com: Cy Dee\n\"0151 12345678\": Di Ek\nme: Ann Lee\n",
        ])
        let importer = IMessageImporter(contacts: folder.appendingPathComponent("contacts.yml"))
        let read = try Support.read(folder, importer: importer)
        #expect(read.map(\.conversation.title) == ["Trip", "Bo Berg, Cy Dee"])
        #expect(read.map(\.conversation.kind) == [.group, .group])
        let trip = read[0].conversation
        #expect(trip.participants == [
            Participant(id: "+15550001111", name: "Bo Berg"), Participant(id: "cy@example.com", name: "Cy Dee"),
            Participant(id: "+4915112345678", name: "Di Ek"), Participant(id: "me", name: "Ann Lee"),
        ])
        try Support.expectLines(trip, [
            #"{"date":"2024-06-01T08:00:00Z","id":"E1","sender":"+15550001111","system":{"actor":"+15550001111","event":"join","subjects":["+4915112345678"],"text":"Bo Berg added Di Ek"},"type":"system"}"#,
            #"{"date":"2024-06-01T08:01:00Z","id":"E2","sender":"me","system":{"actor":"me","event":"rename","text":"Ann Lee named the conversation “Lisbon trip”","title":"Lisbon trip"},"type":"system"}"#,
            #"{"date":"2024-06-01T08:02:00Z","id":"E3","sender":"cy@example.com","system":{"actor":"cy@example.com","event":"leave","text":"Cy Dee left the conversation"},"type":"system"}"#,
            #"{"date":"2024-06-01T08:03:00Z","id":"E4","sender":"+15550001111","system":{"actor":"+15550001111","event":"leave","subjects":["cy@example.com"],"text":"Bo Berg removed Cy Dee"},"type":"system"}"#,
            #"{"date":"2024-06-01T08:04:00Z","id":"E5","sender":"me","system":{"actor":"me","event":"photo","text":"Ann Lee changed the group photo"},"type":"system"}"#,
            #"{"date":"2024-06-01T08:05:00Z","id":"E6","sender":"+4915112345678","type":"unsupported","unsupported":{"raw":{"group_action_type":0,"item_type":6,"rowid":6},"type":"event"}}"#,
            #"{"date":"2024-06-01T08:06:00Z","id":"E7","markdown":"![\\@Bo](transcripts:mention) look","sender":"+4915112345678","type":"markdown"}"#,
        ])
        #expect(read[0].warnings.isEmpty)
    }

    /// The same names from a vCard file (folded lines: the line break and one space are taken out, `TEL;TYPE=…`, `item1.EMAIL`, `N` when there is no `FN`).
    @Test func contactsFromAVCard() throws {
        let vcard = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Bo\r
              Berg\r
            TEL;TYPE=CELL:+1 555 000 1111\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Dee;Cy;;;\r
            item1.EMAIL;TYPE=INTERNET:cy@example.com\r
            END:VCARD\r
            """
        let folder = try Support.database(Self.groupRows, extra: ["Contacts.vcf": vcard])
        let read = try Support.read(folder, importer: IMessageImporter(contacts: folder.appendingPathComponent("Contacts.vcf")))
        #expect(read.map(\.conversation.title) == ["Trip", "Bo Berg, Cy Dee"])
        #expect(read[0].conversation.participants.map(\.name) == ["Bo Berg", "Cy Dee", "+4915112345678", "Me"])
        // A contacts file that cannot be read is an error naming it.
        let missing = IMessageImporter(contacts: folder.appendingPathComponent("nope.vcf"))
        #expect(throws: TranscriptsError.self) { try Support.read(folder, importer: missing) }
    }

    /// A database of an older macOS (10.12): dates in seconds, and none of the columns of edits, unsends,
    /// threads, emoji tapbacks or voice messages, nor the attachment tables. What is there is read; nothing fails.
    @Test func oldSchema() throws {
        // 2016-05-01T10:00:00Z in seconds since 2001.
        let seconds = 483_789_600
        let folder = try Support.database("""
            INSERT INTO handle (ROWID, id, service) VALUES (1, 'bo@example.com', 'iMessage');
            INSERT INTO chat (ROWID, guid, style, chat_identifier) VALUES (1, 'iMessage;-;bo@example.com', 45, 'bo@example.com');
            INSERT INTO chat_handle_join VALUES (1, 1);
            INSERT INTO message (ROWID, guid, text, handle_id, is_from_me, date, associated_message_guid, associated_message_type) VALUES
              (1, 'O1', 'old times', 1, 0, \(seconds), NULL, 0),
              (2, 'O2', 'indeed', 0, 1, \(seconds + 60), NULL, 0),
              (3, 'O3', 'Laughed at “old times”', 0, 1, \(seconds + 120), 'p:0/O1', 2003);
            INSERT INTO chat_message_join VALUES (1, 1), (1, 2), (1, 3);
            """, schema: Support.oldSchema)
        let read = try Support.read(folder)
        try #require(read.count == 1)
        try Support.expectLines(read[0].conversation, [
            #"{"date":"2016-05-01T10:00:00Z","id":"O1","reactions":[{"by":["me"],"count":1,"emoji":"😂"}],"sender":"bo@example.com","text":"old times","type":"text"}"#,
            #"{"date":"2016-05-01T10:01:00Z","id":"O2","sender":"me","text":"indeed","type":"text"}"#,
        ])
        #expect(read[0].warnings.isEmpty)
    }
}
