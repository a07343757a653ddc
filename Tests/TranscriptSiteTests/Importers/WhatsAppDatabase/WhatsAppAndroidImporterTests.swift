import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for Android's `msgstore.db` (current and older layouts), with `wa.db` and the `WhatsApp` folder.
@Suite struct WhatsAppAndroidImporterTests {
    typealias Fixture = WhatsAppAndroidFixture

    @Test func detection() throws {
        let folder = try Fixture.folder()
        let registry = ImporterRegistry.builtIn
        #expect(registry.detect(folder)?.format == "whatsapp-android")
        #expect(registry.detect(folder.appendingPathComponent("msgstore.db"))?.format == "whatsapp-android")
        // wa.db beside it is no export.
        #expect(registry.detect(folder.appendingPathComponent("wa.db")) == nil)
        let legacy = try Fixture.folder(legacy: true)
        #expect(registry.detect(legacy.appendingPathComponent("msgstore.db"))?.format == "whatsapp-android")
        // Another name: by its tables.
        let renamed = legacy.appendingPathComponent("msgstore-2024-05-01.1.db")
        try FileManager.default.copyItem(at: legacy.appendingPathComponent("msgstore.db"), to: renamed)
        #expect(registry.detect(renamed)?.format == "whatsapp-android")
    }

    @Test func directChatEveryKind() throws {
        let folder = try Fixture.folder()
        let read = try Fixture.read(folder)
        try #require(read.count == 2)
        let chat = read[0]
        #expect(chat.mediaFolder == folder.appendingPathComponent("WhatsApp"))
        let conversation = chat.conversation
        #expect(conversation.id == "whatsapp-" + ContentName.of(Data(Fixture.ann.utf8)).prefix(16))
        // The title and name from wa.db's display_name (the phone's contact), before wa_name.
        #expect(conversation.title == "Ann Berg")
        #expect(conversation.participants == [
            Participant(id: Fixture.ann, name: "Ann Berg"), Participant(id: "Me Myself", name: "Me Myself"),
        ])
        // The same messages as iOS's database gets the same ids (WhatsAppIOSReaderTests).
        try IMessageTestSupport.expectLines(conversation, [
            #"{"date":"2024-05-01T10:00:00Z","id":"6bini5oxunpy","reactions":[{"by":["Me Myself"],"count":1,"emoji":"❤️"}],"sender":"4915111111111@s.whatsapp.net","text":"Hi there","type":"text"}"#,
            #"{"date":"2024-05-01T10:01:00Z","id":"wjzxduoxknjp","replyTo":"6bini5oxunpy","sender":"Me Myself","text":"Hello Ann","type":"text"}"#,
            #"{"date":"2024-05-01T10:02:00Z","id":"jpgzt2f4pfx6","photo":{"caption":"The beach","file":"Media/WhatsApp Images/IMG-20240501-WA0001.jpg","mimeType":"image/jpeg","size":4},"sender":"4915111111111@s.whatsapp.net","type":"photo"}"#,
            #"{"date":"2024-05-01T10:03:00Z","id":"4j2khxxmqgp5","sender":"Me Myself","type":"voice","voice":{"file":"Media/WhatsApp Voice Notes/202418/PTT-20240501-WA0002.opus","mimeType":"audio/ogg; codecs=opus"}}"#,
            #"{"date":"2024-05-01T10:04:00Z","id":"asr5wmjzc6kr","location":{"address":"Herrengasse 14, Wien","latitude":48.2104,"longitude":16.3655,"name":"Café Central"},"sender":"4915111111111@s.whatsapp.net","type":"location"}"#,
            #"{"contact":{"emails":[],"name":"Eve Fox","phones":["+43 660 1234567"]},"date":"2024-05-01T10:05:00Z","id":"w4feofwxfscb","sender":"Me Myself","type":"contact"}"#,
            #"{"date":"2024-05-01T10:06:00Z","deleted":true,"id":"d6sd6l262nsk","sender":"4915111111111@s.whatsapp.net","text":"","type":"text"}"#,
            #"{"date":"2024-05-01T10:07:00Z","file":{"file":"Media/WhatsApp Documents/lease.pdf","mimeType":"application/pdf","name":"Lease.pdf","size":100},"id":"u5jntxgu5xpa","sender":"4915111111111@s.whatsapp.net","type":"file"}"#,
            #"{"date":"2024-05-01T10:08:00Z","id":"zccbcpgclhxt","sender":"4915111111111@s.whatsapp.net","type":"unsupported","unsupported":{"raw":{"_id":9,"message_type":99,"text_data":"Lunch?"},"type":"message"}}"#,
            #"{"date":"2024-05-01T10:09:00Z","id":"mt23lei4y6z2","sender":"4915111111111@s.whatsapp.net","sticker":{"file":"Media/WhatsApp Stickers/STK-20240501-WA0003.webp","mimeType":"image/webp"},"type":"sticker"}"#,
        ])
        #expect(chat.warnings == [
            "phone/msgstore.db: chat _id 1: 1 message is of a kind transcripts does not know, shown as unsupported: message_type 99 (message _id 9)",
        ])
    }

    @Test func groupEventsAndReactions() throws {
        let read = try Fixture.read(try Fixture.folder())
        let group = read[1]
        #expect(group.conversation.title == "Lisbon trip")
        #expect(group.conversation.kind == .group)
        #expect(group.conversation.participants == [
            Participant(id: "Me Myself", name: "Me Myself"), Participant(id: Fixture.bo, name: "Bo"),
            Participant(id: Fixture.cy, name: "+4915133333333"),
        ])
        try IMessageTestSupport.expectLines(group.conversation, [
            #"{"date":"2024-05-02T09:00:00Z","id":"hv6s63aintgf","system":{"actor":"Me Myself","event":"create","text":"You created the group “Lisbon trip”","title":"Lisbon trip"},"type":"system"}"#,
            #"{"date":"2024-05-02T09:01:00Z","id":"qve5c6m7zr5w","reactions":[{"by":["4915133333333@s.whatsapp.net"],"count":1,"emoji":"👍"}],"sender":"4915122222222@s.whatsapp.net","text":"Flights booked","type":"text"}"#,
            #"{"date":"2024-05-02T09:02:00Z","id":"le2gcblsbnwi","sender":"4915133333333@s.whatsapp.net","text":"Great","type":"text"}"#,
            #"{"date":"2024-05-02T09:03:00Z","id":"weicuq6yrguo","type":"unsupported","unsupported":{"raw":{"_id":14,"action_type":77},"type":"event"}}"#,
        ])
        #expect(group.warnings == [
            "phone/msgstore.db: chat _id 2: 1 message is of a kind transcripts does not know, shown as unsupported: message_system action_type 77 (message _id 14)",
        ])
    }

    /// Newer databases name people by `@lid` ids; `jid_map` gives the phone-number jid of each (KnugiHK's
    /// WhatsApp-Chat-Exporter and other public readers join `jid_map.lid_row_id` to `jid._id` and take
    /// `jid_map.jid_row_id`'s `raw_string`), and `lid_display_name` names those it has no number for.
    @Test func newerLIDsAreTheirPeoplesPhoneNumbers() throws {
        let folder = try Fixture.folder()
        try SQLiteDatabase.openForWriting(folder.appendingPathComponent("msgstore.db")).execute("""
            CREATE TABLE jid_map (lid_row_id INTEGER PRIMARY KEY NOT NULL, jid_row_id INTEGER NOT NULL, sort_id INTEGER);
            CREATE TABLE lid_display_name (lid_row_id INTEGER PRIMARY KEY NOT NULL, display_name TEXT, username TEXT);
            INSERT INTO jid (_id, user, server, type, raw_string) VALUES
              (10, '111111111111111', 'lid', 0, '111111111111111@lid'), (11, '222222222222222', 'lid', 0, '222222222222222@lid'),
              (12, '333333333333333', 'lid', 0, '333333333333333@lid');
            INSERT INTO jid_map (lid_row_id, jid_row_id) VALUES (10, 3), (12, 4);
            INSERT INTO lid_display_name (lid_row_id, display_name) VALUES (11, 'Dana');
            INSERT INTO chat (_id, jid_row_id, subject) VALUES (3, 12, NULL);
            INSERT INTO message (_id, chat_row_id, from_me, key_id, sender_jid_row_id, status, timestamp, message_type, text_data) VALUES
              (20, 2, 0, 'L1', 10, 0, \(Fixture.ms("2024-05-02T10:00:00Z")), 0, 'From the new id'),
              (21, 2, 0, 'L2', 11, 0, \(Fixture.ms("2024-05-02T10:01:00Z")), 0, 'No number known'),
              (22, 3, 0, 'L3', 0, 0, \(Fixture.ms("2024-05-02T10:02:00Z")), 0, 'Hi, Cy here');
            INSERT INTO message_add_on (_id, chat_row_id, from_me, key_id, sender_jid_row_id, parent_message_row_id) VALUES
              (3, 2, 0, 'R3', 10, 21);
            INSERT INTO message_add_on_reaction (message_add_on_row_id, reaction) VALUES (3, '🎉');
            """)
        let read = try Fixture.read(folder)
        try #require(read.count == 3)
        let group = read[1].conversation
        #expect(group.messages.suffix(2).map(\.sender) == [Fixture.bo, "222222222222222@lid"])
        #expect(group.messages.last?.reactions.first?.by == [Fixture.bo])
        #expect(group.participants.map(\.name) == ["Me Myself", "Bo", "+4915133333333", "Dana"])
        // The chat keyed by Cy's new id is Cy's, by her number.
        let direct = read[2].conversation
        #expect(direct.title == "+4915133333333")
        #expect(direct.messages.map(\.sender) == [Fixture.cy])
    }

    @Test func theOlderLayout() throws {
        let read = try Fixture.read(try Fixture.folder(legacy: true).appendingPathComponent("msgstore.db"))
        try #require(read.count == 2)
        try IMessageTestSupport.expectLines(read[0].conversation, [
            #"{"date":"2024-05-01T10:00:00Z","id":"6bini5oxunpy","sender":"4915111111111@s.whatsapp.net","text":"Hi there","type":"text"}"#,
            #"{"date":"2024-05-01T10:01:00Z","id":"wjzxduoxknjp","replyTo":"6bini5oxunpy","sender":"Me Myself","text":"Hello Ann","type":"text"}"#,
            #"{"date":"2024-05-01T10:04:00Z","id":"asr5wmjzc6kr","location":{"latitude":48.2104,"longitude":16.3655},"sender":"4915111111111@s.whatsapp.net","type":"location"}"#,
        ])
        #expect(read[1].conversation.title == "Lisbon trip")
        #expect(read[1].conversation.messages.map(\.sender) == [Fixture.bo])
    }

    @Test func withoutWaDBPeopleAreTheirNumbers() throws {
        let folder = try Fixture.folder()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("wa.db"))
        let read = try Fixture.read(folder)
        #expect(read[0].conversation.title == "+4915111111111")
        #expect(read[0].conversation.participants.first?.name == "+4915111111111")
    }

    @Test func aDatabaseOfAnUnknownVersionIsAnErrorNamingIt() throws {
        let folder = try TestSupport.temporaryFolder()
        try SQLiteDatabase.openForWriting(folder.appendingPathComponent("msgstore.db"))
            .execute("CREATE TABLE message (_id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE props (key TEXT)")
        #expect(IOSBackupImporterTests.error { _ = try Fixture.read(folder) }?.hasPrefix(
            "phone/msgstore.db: a WhatsApp database of an unknown version: it has neither the tables message, chat and jid") == true)
        try Data("not sqlite".utf8).write(to: folder.appendingPathComponent("msgstore.db"))
        #expect(IOSBackupImporterTests.error { _ = try Fixture.read(folder) }
            == "phone/msgstore.db: not a WhatsApp database: not a SQLite database (it does not start with \"SQLite format 3\")")
    }
}
