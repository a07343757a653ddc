import Foundation

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for iOS's `ChatStorage.sqlite` as the tests write it: the Core Data tables and the columns the
/// importer reads (with a few it does not, as the real file has many more), from the public readers:
///
/// - KnugiHK/WhatsApp-Chat-Exporter `Whatsapp_Chat_Exporter/ios_handler.py`: `ZWACHATSESSION` (`Z_PK`,
///   `ZCONTACTJID`, `ZPARTNERNAME`, `ZGROUPINFO`), `ZWAMESSAGE` (`Z_PK`, `ZCHATSESSION`, `ZISFROMME`,
///   `ZMESSAGEDATE` and `ZSENTDATE` in seconds since 2001-01-01 (`APPLE_TIME = 978307200` in `utility.py`),
///   `ZTEXT`, `ZMESSAGETYPE`, `ZGROUPMEMBER`, `ZSTANZAID`), `ZWAGROUPMEMBER` (`Z_PK`, `ZMEMBERJID`),
///   `ZWAPROFILEPUSHNAME` (`ZJID`, `ZPUSHNAME`), `ZWAMEDIAITEM` (`ZMESSAGE`, `ZMEDIALOCALPATH` relative to the
///   app group's `Message/` folder, `ZTITLE` the caption, `ZVCARDSTRING` the vCard, `ZVCARDNAME`, `ZMETADATA`
///   whose field 5 (`0x2A`, a length, the bytes) is the quoted message's `ZSTANZAID`); message types 6 (a group
///   event; `ZTEXT` the group's new name), 14 (deleted) and 15 (sticker);
/// - abrignoni/iLEAPP `scripts/artifacts/whatsapp.py`: `ZWAMESSAGE.ZFROMJID`, `ZTOJID`, `ZMEDIAITEM`,
///   `ZSTARRED`; `ZWAMEDIAITEM.ZLATITUDE`, `ZLONGITUDE`, `ZXMPPTHUMBPATH`; type 5 a location; the files under
///   `*/Message/Media/*/*/*/*.*`; `ContactsV2.sqlite`'s `ZWAADDRESSBOOKCONTACT` (`ZFULLNAME`, `ZWHATSAPPID`);
/// - forensic queries of the same tables in public code (`ZMESSAGETYPE` 1 or 38 images, 2 or 39 videos, 3 audio,
///   4 contacts, 5 locations, 7 links, 8 documents, 11 GIFs, 15 stickers, 59 and 66 calls, 6 and 10 events;
///   `ZSESSIONTYPE` 0 a person, 1 a group, 3 status updates).
///
/// `ZWAGROUPMEMBER.ZCONTACTNAME` and `ZWAMEDIAITEM.ZFILESIZE` / `ZMOVIEDURATION` were not seen in those sources'
/// queries: the importer reads them when the file has them.
enum WhatsAppIOSFixture {
    static let schema = """
        CREATE TABLE ZWACHATSESSION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZARCHIVED INTEGER,
            ZSESSIONTYPE INTEGER, ZGROUPINFO INTEGER, ZLASTMESSAGEDATE TIMESTAMP, ZCONTACTJID VARCHAR, ZPARTNERNAME VARCHAR);
        CREATE TABLE ZWAMESSAGE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZISFROMME INTEGER,
            ZMESSAGETYPE INTEGER, ZGROUPEVENTTYPE INTEGER, ZSTARRED INTEGER, ZCHATSESSION INTEGER, ZGROUPMEMBER INTEGER,
            ZMEDIAITEM INTEGER, ZMESSAGEDATE TIMESTAMP, ZSENTDATE TIMESTAMP, ZFROMJID VARCHAR, ZTOJID VARCHAR,
            ZSTANZAID VARCHAR, ZTEXT VARCHAR);
        CREATE INDEX ZWAMESSAGE_ZCHATSESSION_INDEX ON ZWAMESSAGE (ZCHATSESSION);
        CREATE TABLE ZWAMEDIAITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFILESIZE INTEGER,
            ZMESSAGE INTEGER, ZLATITUDE FLOAT, ZLONGITUDE FLOAT, ZMOVIEDURATION INTEGER, ZMEDIALOCALPATH VARCHAR,
            ZMEDIAURL VARCHAR, ZTITLE VARCHAR, ZVCARDNAME VARCHAR, ZVCARDSTRING VARCHAR, ZXMPPTHUMBPATH VARCHAR,
            ZMETADATA BLOB);
        CREATE INDEX ZWAMEDIAITEM_ZMESSAGE_INDEX ON ZWAMEDIAITEM (ZMESSAGE);
        CREATE TABLE ZWAGROUPMEMBER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHATSESSION INTEGER,
            ZCONTACTNAME VARCHAR, ZMEMBERJID VARCHAR);
        CREATE TABLE ZWAPROFILEPUSHNAME (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZJID VARCHAR, ZPUSHNAME VARCHAR);
        """

    static let domain = "AppDomainGroup-group.net.whatsapp.WhatsApp.shared"

    /// A date of the database (seconds since 2001-01-01 UTC) of an ISO 8601 UTC time.
    static func date(_ iso: String) -> String {
        let timestamp = Timestamp(iso8601: iso, defaultTimeZone: TimeZone(identifier: "UTC")!)!
        return String(timestamp.secondsSince1970 - 978_307_200)
    }

    /// `ZMETADATA` of a reply: field 5, the quoted message's stanza id, as an SQL blob literal.
    static func quoting(_ stanzaID: String) -> String {
        let bytes = [0x2A, UInt8(stanzaID.utf8.count)] + Array(stanzaID.utf8)
        return "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
    }

    static let ann = "4915111111111@s.whatsapp.net"
    static let bo = "4915122222222@s.whatsapp.net"
    static let cy = "4915133333333@s.whatsapp.net"
    static let group = "120363000000000001@g.us"

    /// A direct chat with Ann (every kind of message) and a group with Bo and Cy.
    static func rows() -> String {
        func d(_ iso: String) -> String { date(iso) }
        return """
            INSERT INTO ZWACHATSESSION (Z_PK, ZSESSIONTYPE, ZGROUPINFO, ZCONTACTJID, ZPARTNERNAME) VALUES
              (1, 0, NULL, '\(ann)', 'Ann Berg'),
              (2, 1, 1, '\(group)', 'Lisbon trip'),
              (3, 0, NULL, '4915144444444@s.whatsapp.net', 'Di');
            INSERT INTO ZWAGROUPMEMBER (Z_PK, ZCHATSESSION, ZCONTACTNAME, ZMEMBERJID) VALUES
              (1, 2, NULL, '\(bo)'), (2, 2, NULL, '\(cy)');
            INSERT INTO ZWAPROFILEPUSHNAME (Z_PK, ZJID, ZPUSHNAME) VALUES (1, '\(bo)', 'Bo');
            INSERT INTO ZWAMESSAGE (Z_PK, ZCHATSESSION, ZISFROMME, ZMESSAGETYPE, ZGROUPEVENTTYPE, ZGROUPMEMBER, ZMESSAGEDATE, ZFROMJID, ZSTANZAID, ZTEXT) VALUES
              (1, 1, 0, 0, 0, NULL, \(d("2024-05-01T10:00:00Z")), '\(ann)', '3A0000000000000000A1', 'Hi there'),
              (2, 1, 1, 0, 0, NULL, \(d("2024-05-01T10:01:00Z")), NULL, '3A0000000000000000A2', 'Hello Ann'),
              (3, 1, 0, 1, 0, NULL, \(d("2024-05-01T10:02:00Z")), '\(ann)', '3A0000000000000000A3', NULL),
              (4, 1, 1, 3, 0, NULL, \(d("2024-05-01T10:03:00Z")), NULL, '3A0000000000000000A4', NULL),
              (5, 1, 0, 5, 0, NULL, \(d("2024-05-01T10:04:00Z")), '\(ann)', '3A0000000000000000A5', NULL),
              (6, 1, 1, 4, 0, NULL, \(d("2024-05-01T10:05:00Z")), NULL, '3A0000000000000000A6', NULL),
              (7, 1, 0, 14, 0, NULL, \(d("2024-05-01T10:06:00Z")), '\(ann)', '3A0000000000000000A7', NULL),
              (8, 1, 0, 59, 0, NULL, \(d("2024-05-01T10:07:00Z")), '\(ann)', '3A0000000000000000A8', NULL),
              (9, 1, 0, 46, 0, NULL, \(d("2024-05-01T10:08:00Z")), '\(ann)', '3A0000000000000000A9', 'Lunch?'),
              (10, 1, 0, 8, 0, NULL, \(d("2024-05-01T10:09:00Z")), '\(ann)', '3A0000000000000000AA', NULL),
              (11, 2, 1, 6, 1, NULL, \(d("2024-05-02T09:00:00Z")), NULL, '3A0000000000000000B1', 'Lisbon trip'),
              (12, 2, 0, 0, 0, 1, \(d("2024-05-02T09:01:00Z")), '\(group)', '3A0000000000000000B2', 'Flights booked'),
              (13, 2, 0, 0, 0, 2, \(d("2024-05-02T09:02:00Z")), '\(group)', '3A0000000000000000B3', 'Great'),
              (14, 2, 0, 6, 2, 2, \(d("2024-05-02T09:03:00Z")), '\(group)', '3A0000000000000000B4', NULL);
            INSERT INTO ZWAMEDIAITEM (Z_PK, ZMESSAGE, ZMEDIALOCALPATH, ZTITLE, ZVCARDNAME, ZVCARDSTRING, ZLATITUDE, ZLONGITUDE, ZMETADATA) VALUES
              (1, 2, NULL, NULL, NULL, NULL, NULL, NULL, \(quoting("3A0000000000000000A1"))),
              (2, 3, 'Media/\(ann)/a/b/photo-1.jpg', 'The beach', NULL, 'image/jpeg', NULL, NULL, NULL),
              (3, 4, 'Media/\(ann)/c/d/voice-1.opus', NULL, NULL, 'audio/ogg', NULL, NULL, NULL),
              (4, 5, NULL, 'Café Central', NULL, NULL, 48.2104, 16.3655, NULL),
              (5, 6, NULL, NULL, 'Eve Fox', 'BEGIN:VCARD' || char(10) || 'VERSION:3.0' || char(10) || 'FN:Eve Fox' || char(10) || 'TEL;type=CELL:+43 660 1234567' || char(10) || 'END:VCARD', NULL, NULL, NULL),
              (6, 10, 'Media/\(ann)/e/f/lease.pdf', 'Lease.pdf', NULL, 'application/pdf', NULL, NULL, NULL);
            """
    }

    /// The backup: WhatsApp's database, its photo (the voice message is listed but missing, the document not listed).
    static func backup() throws -> IOSBackupFixture {
        var backup = IOSBackupFixture()
        try backup.add(domain, "ChatStorage.sqlite", database: schema + rows())
        backup.add(domain, "Message/Media/\(ann)/a/b/photo-1.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]))
        backup.add(domain, "Message/Media/\(ann)/c/d/voice-1.opus", nil)
        return backup
    }
}
