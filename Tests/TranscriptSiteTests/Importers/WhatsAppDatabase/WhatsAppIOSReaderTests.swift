import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for iOS's `ChatStorage.sqlite` in an iPhone backup, into the model.
@Suite struct WhatsAppIOSReaderTests {
    typealias Fixture = WhatsAppIOSFixture

    static func stored(_ path: String) -> String {
        let fileID = IOSBackupFixture.fileID(domain: Fixture.domain, path: path)
        return fileID.prefix(2) + "/" + fileID
    }

    @Test func directChatEveryKind() throws {
        let (folder, read) = try Fixture.backup().read(me: ["Me Myself"])
        // The third chat has no messages.
        try #require(read.count == 2)
        let chat = read[0]
        #expect(chat.mediaFolder == folder)
        let conversation = chat.conversation
        #expect(conversation.id == "whatsapp-" + ContentName.of(Data(Fixture.ann.utf8)).prefix(16))
        #expect(conversation.title == "Ann Berg")
        #expect(conversation.kind == .direct)
        #expect(conversation.participants == [
            Participant(id: Fixture.ann, name: "Ann Berg"), Participant(id: "Me Myself", name: "Me Myself"),
        ])
        let photo = Self.stored("Message/Media/\(Fixture.ann)/a/b/photo-1.jpg")
        try IMessageTestSupport.expectLines(conversation, [
            #"{"date":"2024-05-01T10:00:00Z","id":"6bini5oxunpy","sender":"4915111111111@s.whatsapp.net","text":"Hi there","type":"text"}"#,
            #"{"date":"2024-05-01T10:01:00Z","id":"wjzxduoxknjp","replyTo":"6bini5oxunpy","sender":"Me Myself","text":"Hello Ann","type":"text"}"#,
            #"{"date":"2024-05-01T10:02:00Z","id":"jpgzt2f4pfx6","photo":{"caption":"The beach","file":"\#(photo)","name":"photo-1.jpg"},"sender":"4915111111111@s.whatsapp.net","type":"photo"}"#,
            #"{"date":"2024-05-01T10:03:00Z","id":"4j2khxxmqgp5","sender":"Me Myself","type":"voice","voice":{"name":"voice-1.opus"}}"#,
            #"{"date":"2024-05-01T10:04:00Z","id":"asr5wmjzc6kr","location":{"latitude":48.2104,"longitude":16.3655,"name":"Café Central"},"sender":"4915111111111@s.whatsapp.net","type":"location"}"#,
            #"{"contact":{"emails":[],"name":"Eve Fox","phones":["+43 660 1234567"]},"date":"2024-05-01T10:05:00Z","id":"w4feofwxfscb","sender":"Me Myself","type":"contact"}"#,
            #"{"date":"2024-05-01T10:06:00Z","deleted":true,"id":"d6sd6l262nsk","sender":"4915111111111@s.whatsapp.net","text":"","type":"text"}"#,
            #"{"date":"2024-05-01T10:07:00Z","id":"grnhth3y3muj","system":{"actor":"4915111111111@s.whatsapp.net","event":"call","text":"Incoming call"},"type":"system"}"#,
            #"{"date":"2024-05-01T10:08:00Z","id":"zccbcpgclhxt","sender":"4915111111111@s.whatsapp.net","type":"unsupported","unsupported":{"raw":{"ZMESSAGETYPE":46,"ZTEXT":"Lunch?","Z_PK":9},"type":"message"}}"#,
            #"{"date":"2024-05-01T10:09:00Z","file":{"name":"Lease.pdf"},"id":"mt23lei4y6z2","sender":"4915111111111@s.whatsapp.net","type":"file"}"#,
        ])
        let voiceID = IOSBackupFixture.fileID(domain: Fixture.domain, path: "Message/Media/\(Fixture.ann)/c/d/voice-1.opus")
        #expect(chat.warnings == [
            "Backup/\(Fixture.domain)/ChatStorage.sqlite: chat 1 (ZWACHATSESSION): 1 message is of a kind transcripts does not know, shown as unsupported: ZMESSAGETYPE 46 (ZWAMESSAGE Z_PK 9)",
            "Backup/\(Fixture.domain)/ChatStorage.sqlite: chat 1 (ZWACHATSESSION): 1 file the manifest lists is not in the backup's folder: Message/Media/\(Fixture.ann)/c/d/voice-1.opus (\(voiceID)); 1 file is not in the backup (its manifest does not list it): Message/Media/\(Fixture.ann)/e/f/lease.pdf [\(Fixture.domain)]; shown as placeholders",
        ])
    }

    @Test func groupMembersEventsAndNames() throws {
        let (_, read) = try Fixture.backup().read(me: ["Me Myself"])
        let group = read[1]
        #expect(group.conversation.title == "Lisbon trip")
        #expect(group.conversation.kind == .group)
        // Bo by the push name, Cy (no name anywhere) by the phone number.
        #expect(group.conversation.participants == [
            Participant(id: "Me Myself", name: "Me Myself"), Participant(id: Fixture.bo, name: "Bo"),
            Participant(id: Fixture.cy, name: "+4915133333333"),
        ])
        try IMessageTestSupport.expectLines(group.conversation, [
            #"{"date":"2024-05-02T09:00:00Z","id":"rmitr3wyoh4n","system":{"actor":"Me Myself","event":"rename","text":"You changed the group name to “Lisbon trip”","title":"Lisbon trip"},"type":"system"}"#,
            #"{"date":"2024-05-02T09:01:00Z","id":"qve5c6m7zr5w","sender":"4915122222222@s.whatsapp.net","text":"Flights booked","type":"text"}"#,
            #"{"date":"2024-05-02T09:02:00Z","id":"le2gcblsbnwi","sender":"4915133333333@s.whatsapp.net","text":"Great","type":"text"}"#,
            #"{"date":"2024-05-02T09:03:00Z","id":"c7mhvvxryrm7","system":{"actor":"4915133333333@s.whatsapp.net","event":"join","text":"+4915133333333 joined"},"type":"system"}"#,
        ])
        #expect(group.warnings.isEmpty)
    }

    @Test func contactNamesFromContactsV2() throws {
        var backup = try Fixture.backup()
        // ContactsV2.sqlite's ZWHATSAPPID may lack the server part (KnugiHK's ios_handler.py appends it).
        try backup.add(Fixture.domain, "ContactsV2.sqlite", database: """
            CREATE TABLE ZWAADDRESSBOOKCONTACT (Z_PK INTEGER PRIMARY KEY, ZFULLNAME VARCHAR, ZPHONENUMBER VARCHAR, ZWHATSAPPID VARCHAR, ZABOUTTEXT VARCHAR);
            INSERT INTO ZWAADDRESSBOOKCONTACT (ZFULLNAME, ZWHATSAPPID) VALUES ('Cyrus Dee', '4915133333333');
            """)
        let (_, read) = try backup.read()
        #expect(read[1].conversation.participants.first { $0.id == Fixture.cy }?.name == "Cyrus Dee")
    }

    @Test func columnsOfAnotherVersionAreMissingFeaturesNotErrors() throws {
        // An older ChatStorage: no media items, members or push names; no ZGROUPEVENTTYPE or ZSTANZAID.
        var backup = IOSBackupFixture()
        try backup.add(Fixture.domain, "ChatStorage.sqlite", database: """
            CREATE TABLE ZWACHATSESSION (Z_PK INTEGER PRIMARY KEY, ZCONTACTJID VARCHAR, ZPARTNERNAME VARCHAR);
            CREATE TABLE ZWAMESSAGE (Z_PK INTEGER PRIMARY KEY, ZCHATSESSION INTEGER, ZISFROMME INTEGER, ZMESSAGETYPE INTEGER, ZMESSAGEDATE TIMESTAMP, ZTEXT VARCHAR);
            INSERT INTO ZWACHATSESSION VALUES (1, '\(Fixture.ann)', 'Ann Berg');
            INSERT INTO ZWAMESSAGE VALUES (1, 1, 0, 0, \(Fixture.date("2024-05-01T10:00:00Z")), 'Hi'), (2, 1, 0, 1, \(Fixture.date("2024-05-01T10:01:00Z")), NULL);
            """)
        let (_, read) = try backup.read()
        try IMessageTestSupport.expectLines(read[0].conversation, [
            #"{"date":"2024-05-01T10:00:00Z","id":"qsjgzjyvplm4","sender":"4915111111111@s.whatsapp.net","text":"Hi","type":"text"}"#,
            #"{"date":"2024-05-01T10:01:00Z","id":"hrrabub5o4jz","photo":{},"sender":"4915111111111@s.whatsapp.net","type":"photo"}"#,
        ])
        #expect(read[0].warnings.isEmpty)
    }

    @Test func aDatabaseOfAnUnknownVersionIsAnErrorNamingIt() throws {
        var backup = IOSBackupFixture()
        try backup.add(Fixture.domain, "ChatStorage.sqlite", database: "CREATE TABLE ZWACHATSESSION (Z_PK INTEGER PRIMARY KEY); CREATE TABLE ZMESSAGES (Z_PK INTEGER)")
        #expect(IOSBackupImporterTests.error { _ = try backup.read() }
            == "Backup/\(Fixture.domain)/ChatStorage.sqlite: a WhatsApp database of an unknown version: it has no ZWAMESSAGE (ChatStorage.sqlite has the tables ZWACHATSESSION and ZWAMESSAGE)")
    }
}
