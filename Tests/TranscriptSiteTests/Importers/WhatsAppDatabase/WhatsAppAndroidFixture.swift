import Foundation

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for Android's `msgstore.db` and `wa.db` as the tests write them, with the tables and columns of the
/// public readers' queries (columns the importer does not read are mostly left out):
///
/// - KnugiHK/WhatsApp-Chat-Exporter `Whatsapp_Chat_Exporter/android_handler.py`: the current layout's `message`
///   (`_id`, `chat_row_id`, `from_me`, `key_id`, `sender_jid_row_id`, `status`, `timestamp` in milliseconds since
///   1970, `text_data`, `message_type`: 1 an image with `text_data` its caption, 2 audio, 5 a location,
///   15 deleted, 20 a sticker), `chat` (`_id`, `jid_row_id`, `subject`), `jid` (`_id`, `raw_string`, `type`),
///   `message_media` (`message_row_id`, `file_path` relative to the `WhatsApp` folder, `mime_type`,
///   `media_name`), `message_quoted` (`message_row_id`, `key_id`, `text_data`), `message_location`
///   (`message_row_id`, `latitude`, `longitude`), `message_vcard` (`message_row_id`, `vcard`), `message_system`
///   (`message_row_id`, `action_type`: 1 the group renamed, 4 joined, 5 left, 6 the icon changed, 11 created,
///   19 the end-to-end notice), `message_add_on` (`_id`, `chat_row_id`, `from_me`, `sender_jid_row_id`,
///   `parent_message_row_id`) with `message_add_on_reaction` (`message_add_on_row_id`, `reaction`); the older
///   layout's `messages` (`key_remote_jid`, `key_from_me`, `key_id`, `timestamp`, `data`, `media_wa_type`,
///   `remote_resource` the group member, `media_name`, `media_caption`, `latitude`, `longitude`,
///   `quoted_row_id`) and `messages_quotes`; `wa.db`'s `wa_contacts` (`jid`, `display_name`, `wa_name`);
/// - ALEAPP's and other forensic readers' queries for `message_type` 3 (video), 4 (contact), 9 (document),
///   13 (GIF), 16 (live location); `message_location.place_name` and `place_address`, `message_media.file_size`
///   and `media_duration` are read when the file has them.
enum WhatsAppAndroidFixture {
    static let schema = """
        CREATE TABLE jid (_id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, server TEXT NOT NULL,
            agent INTEGER, device INTEGER, type INTEGER, raw_string TEXT);
        CREATE TABLE chat (_id INTEGER PRIMARY KEY AUTOINCREMENT, jid_row_id INTEGER UNIQUE, hidden INTEGER,
            subject TEXT, created_timestamp INTEGER, sort_timestamp INTEGER);
        CREATE TABLE message (_id INTEGER PRIMARY KEY AUTOINCREMENT, chat_row_id INTEGER NOT NULL,
            from_me INTEGER NOT NULL, key_id TEXT NOT NULL, sender_jid_row_id INTEGER, status INTEGER,
            broadcast INTEGER, timestamp INTEGER, received_timestamp INTEGER, message_type INTEGER,
            text_data TEXT, starred INTEGER, sort_id INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX message_chat_index ON message (chat_row_id, sort_id);
        CREATE TABLE message_media (message_row_id INTEGER PRIMARY KEY, chat_row_id INTEGER, file_path TEXT,
            file_size INTEGER, message_url TEXT, mime_type TEXT, media_name TEXT, file_hash TEXT,
            media_duration INTEGER, width INTEGER, height INTEGER);
        CREATE TABLE message_quoted (message_row_id INTEGER PRIMARY KEY, chat_row_id INTEGER, from_me INTEGER,
            sender_jid_row_id INTEGER, key_id TEXT, timestamp INTEGER, message_type INTEGER, text_data TEXT);
        CREATE TABLE message_location (message_row_id INTEGER PRIMARY KEY, chat_row_id INTEGER, latitude REAL,
            longitude REAL, place_name TEXT, place_address TEXT, url TEXT);
        CREATE TABLE message_vcard (_id INTEGER PRIMARY KEY AUTOINCREMENT, message_row_id INTEGER, vcard TEXT);
        CREATE TABLE message_system (message_row_id INTEGER PRIMARY KEY, action_type INTEGER NOT NULL);
        CREATE TABLE message_add_on (_id INTEGER PRIMARY KEY AUTOINCREMENT, chat_row_id INTEGER NOT NULL,
            from_me INTEGER NOT NULL, key_id TEXT NOT NULL, sender_jid_row_id INTEGER, parent_message_row_id INTEGER,
            timestamp INTEGER, status INTEGER, message_add_on_type INTEGER);
        CREATE TABLE message_add_on_reaction (message_add_on_row_id INTEGER PRIMARY KEY, reaction TEXT,
            sender_timestamp INTEGER);
        """

    static let waSchema = """
        CREATE TABLE wa_contacts (_id INTEGER PRIMARY KEY AUTOINCREMENT, jid TEXT NOT NULL, is_whatsapp_user BOOLEAN,
            status TEXT, number TEXT, raw_contact_id INTEGER, display_name TEXT, given_name TEXT, family_name TEXT,
            wa_name TEXT);
        """

    /// Milliseconds since 1970 of an ISO 8601 UTC time.
    static func ms(_ iso: String) -> String {
        let timestamp = Timestamp(iso8601: iso, defaultTimeZone: TimeZone(identifier: "UTC")!)!
        return String(Int64(timestamp.secondsSince1970 * 1000))
    }

    static let ann = "4915111111111@s.whatsapp.net"
    static let bo = "4915122222222@s.whatsapp.net"
    static let cy = "4915133333333@s.whatsapp.net"
    static let group = "120363000000000001@g.us"

    static func rows() -> String {
        func t(_ iso: String) -> String { ms(iso) }
        return """
            INSERT INTO jid (_id, user, server, type, raw_string) VALUES
              (1, '4915111111111', 's.whatsapp.net', 0, '\(ann)'), (2, '120363000000000001', 'g.us', 1, '\(group)'),
              (3, '4915122222222', 's.whatsapp.net', 0, '\(bo)'), (4, '4915133333333', 's.whatsapp.net', 0, '\(cy)');
            INSERT INTO chat (_id, jid_row_id, subject) VALUES (1, 1, NULL), (2, 2, 'Lisbon trip');
            INSERT INTO message (_id, chat_row_id, from_me, key_id, sender_jid_row_id, status, timestamp, message_type, text_data) VALUES
              (1, 1, 0, 'K1', 0, 0, \(t("2024-05-01T10:00:00Z")), 0, 'Hi there'),
              (2, 1, 1, 'K2', 0, 13, \(t("2024-05-01T10:01:00Z")), 0, 'Hello Ann'),
              (3, 1, 0, 'K3', 0, 0, \(t("2024-05-01T10:02:00Z")), 1, 'The beach'),
              (4, 1, 1, 'K4', 0, 13, \(t("2024-05-01T10:03:00Z")), 2, NULL),
              (5, 1, 0, 'K5', 0, 0, \(t("2024-05-01T10:04:00Z")), 5, NULL),
              (6, 1, 1, 'K6', 0, 13, \(t("2024-05-01T10:05:00Z")), 4, 'Eve Fox'),
              (7, 1, 0, 'K7', 0, 0, \(t("2024-05-01T10:06:00Z")), 15, NULL),
              (8, 1, 0, 'K8', 0, 0, \(t("2024-05-01T10:07:00Z")), 9, NULL),
              (9, 1, 0, 'K9', 0, 0, \(t("2024-05-01T10:08:00Z")), 99, 'Lunch?'),
              (10, 1, 0, 'K10', 0, 0, \(t("2024-05-01T10:09:00Z")), 20, NULL),
              (11, 2, 1, 'K11', 0, 6, \(t("2024-05-02T09:00:00Z")), 7, 'Lisbon trip'),
              (12, 2, 0, 'K12', 3, 0, \(t("2024-05-02T09:01:00Z")), 0, 'Flights booked'),
              (13, 2, 0, 'K13', 4, 0, \(t("2024-05-02T09:02:00Z")), 0, 'Great'),
              (14, 2, 0, 'K14', 4, 6, \(t("2024-05-02T09:03:00Z")), 7, NULL);
            INSERT INTO message_system (message_row_id, action_type) VALUES (11, 11), (14, 77);
            INSERT INTO message_quoted (message_row_id, chat_row_id, key_id, text_data) VALUES (2, 1, 'K1', 'Hi there');
            INSERT INTO message_media (message_row_id, chat_row_id, file_path, mime_type, media_name, file_size) VALUES
              (3, 1, 'Media/WhatsApp Images/IMG-20240501-WA0001.jpg', 'image/jpeg', NULL, 4),
              (4, 1, 'Media/WhatsApp Voice Notes/202418/PTT-20240501-WA0002.opus', 'audio/ogg; codecs=opus', NULL, 0),
              (8, 1, '/storage/emulated/0/Android/media/com.whatsapp/WhatsApp/Media/WhatsApp Documents/lease.pdf', 'application/pdf', 'Lease.pdf', 100),
              (10, 1, 'Media/WhatsApp Stickers/STK-20240501-WA0003.webp', 'image/webp', NULL, 0);
            INSERT INTO message_location (message_row_id, chat_row_id, latitude, longitude, place_name, place_address) VALUES
              (5, 1, 48.2104, 16.3655, 'Café Central', 'Herrengasse 14, Wien');
            INSERT INTO message_vcard (message_row_id, vcard) VALUES
              (6, 'BEGIN:VCARD' || char(10) || 'VERSION:3.0' || char(10) || 'FN:Eve Fox' || char(10) || 'TEL;type=CELL:+43 660 1234567' || char(10) || 'END:VCARD');
            INSERT INTO message_add_on (_id, chat_row_id, from_me, key_id, sender_jid_row_id, parent_message_row_id) VALUES
              (1, 1, 1, 'R1', 0, 1), (2, 2, 0, 'R2', 4, 12);
            INSERT INTO message_add_on_reaction (message_add_on_row_id, reaction) VALUES (1, '❤️'), (2, '👍');
            """
    }

    static let contacts = """
        INSERT INTO wa_contacts (jid, display_name, wa_name) VALUES
          ('\(ann)', 'Ann Berg', 'Annie'), ('\(bo)', NULL, 'Bo');
        """

    /// The older layout: one `messages` table.
    static let legacySchema = """
        CREATE TABLE messages (_id INTEGER PRIMARY KEY AUTOINCREMENT, key_remote_jid TEXT NOT NULL,
            key_from_me INTEGER, key_id TEXT NOT NULL, status INTEGER, needs_push INTEGER, data TEXT,
            timestamp INTEGER, media_url TEXT, media_mime_type TEXT, media_wa_type TEXT, media_size INTEGER,
            media_name TEXT, media_caption TEXT, media_hash TEXT, media_duration INTEGER, origin INTEGER,
            latitude REAL, longitude REAL, thumb_image TEXT, remote_resource TEXT, received_timestamp INTEGER,
            quoted_row_id INTEGER);
        CREATE TABLE messages_quotes (_id INTEGER PRIMARY KEY AUTOINCREMENT, key_remote_jid TEXT, key_id TEXT, data TEXT);
        CREATE TABLE chat_list (_id INTEGER PRIMARY KEY AUTOINCREMENT, key_remote_jid TEXT UNIQUE, subject TEXT);
        """

    static func legacyRows() -> String {
        func t(_ iso: String) -> String { ms(iso) }
        return """
            INSERT INTO chat_list (key_remote_jid, subject) VALUES ('\(ann)', NULL), ('\(group)', 'Lisbon trip');
            INSERT INTO messages_quotes (_id, key_remote_jid, key_id, data) VALUES (1, '\(ann)', 'K1', 'Hi there');
            INSERT INTO messages (_id, key_remote_jid, key_from_me, key_id, status, data, timestamp, media_wa_type, remote_resource, latitude, longitude, quoted_row_id) VALUES
              (1, '-1', 0, '-1', 0, NULL, 0, '0', NULL, NULL, NULL, NULL),
              (2, '\(ann)', 0, 'K1', 0, 'Hi there', \(t("2024-05-01T10:00:00Z")), '0', NULL, NULL, NULL, NULL),
              (3, '\(ann)', 1, 'K2', 13, 'Hello Ann', \(t("2024-05-01T10:01:00Z")), '0', NULL, NULL, NULL, 1),
              (4, '\(group)', 0, 'K3', 0, 'Flights booked', \(t("2024-05-02T09:01:00Z")), '0', '\(bo)', NULL, NULL, NULL),
              (5, '\(ann)', 0, 'K4', 0, NULL, \(t("2024-05-01T10:04:00Z")), '5', NULL, 48.2104, 16.3655, NULL);
            """
    }

    /// A folder with `msgstore.db`, `wa.db` and the phone's `WhatsApp/Media` with the photo.
    static func folder(legacy: Bool = false, name: String = #function) throws -> URL {
        let folder = try TestSupport.temporaryFolder(name)
        try SQLiteDatabase.openForWriting(folder.appendingPathComponent("msgstore.db"))
            .execute(legacy ? legacySchema + legacyRows() : schema + rows())
        try SQLiteDatabase.openForWriting(folder.appendingPathComponent("wa.db")).execute(waSchema + contacts)
        let photo = folder.appendingPathComponent("WhatsApp/Media/WhatsApp Images/IMG-20240501-WA0001.jpg")
        try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: photo)
        return folder
    }

    /// Reads `url`, shown as `phone` (a folder) or by its name (a file).
    static func read(_ url: URL, me: [String] = ["Me Myself"]) throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        try WhatsAppAndroidImporter().importConversations(
            from: ExportSource(url: url, displayPath: url.pathExtension == "db" ? url.lastPathComponent : "phone"),
            context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: me)
        ) { result.append($0) }
        return result
    }
}
