import CSQLiteFuzz
import Foundation

/// A minimal macOS Messages database (`chat.db`): one chat, one handle and one message whose `attributedBody`
/// (a typedstream blob, the binary format the importer decodes itself) is the fuzz input. The tables carry the
/// columns the importer reads (those of the tests' schema, Tests/…/IMessage/IMessageTestSupport.swift).
public enum FuzzMessagesDatabase {
    static let schema = """
        PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
        CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, country TEXT,
            service TEXT NOT NULL, uncanonicalized_id TEXT, person_centric_id TEXT, UNIQUE (id, service));
        CREATE TABLE chat (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, style INTEGER,
            state INTEGER, account_id TEXT, properties BLOB, chat_identifier TEXT, service_name TEXT, room_name TEXT,
            account_login TEXT, is_archived INTEGER DEFAULT 0, last_addressed_handle TEXT, display_name TEXT,
            group_id TEXT);
        CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT,
            handle_id INTEGER DEFAULT 0, subject TEXT, attributedBody BLOB, type INTEGER DEFAULT 0, service TEXT,
            error INTEGER DEFAULT 0, date INTEGER, date_read INTEGER, date_delivered INTEGER,
            is_delivered INTEGER DEFAULT 0, is_from_me INTEGER DEFAULT 0, is_read INTEGER DEFAULT 0,
            is_system_message INTEGER DEFAULT 0, is_sent INTEGER DEFAULT 0, cache_has_attachments INTEGER DEFAULT 0,
            is_audio_message INTEGER DEFAULT 0, item_type INTEGER DEFAULT 0, other_handle INTEGER DEFAULT 0,
            group_title TEXT, group_action_type INTEGER DEFAULT 0, associated_message_guid TEXT,
            associated_message_type INTEGER DEFAULT 0, balloon_bundle_id TEXT, payload_data BLOB,
            expressive_send_style_id TEXT, associated_message_range_location INTEGER DEFAULT 0,
            associated_message_range_length INTEGER DEFAULT 0, message_summary_info BLOB, reply_to_guid TEXT,
            thread_originator_guid TEXT, thread_originator_part TEXT, date_retracted INTEGER, date_edited INTEGER,
            associated_message_emoji TEXT DEFAULT NULL);
        CREATE TABLE chat_handle_join (chat_id INTEGER, handle_id INTEGER, UNIQUE(chat_id, handle_id));
        CREATE TABLE chat_message_join (chat_id INTEGER, message_id INTEGER, message_date INTEGER DEFAULT 0,
            PRIMARY KEY (chat_id, message_id));
        CREATE TABLE attachment (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL,
            created_date INTEGER DEFAULT 0, filename TEXT, uti TEXT, mime_type TEXT, transfer_name TEXT,
            total_bytes INTEGER DEFAULT 0, is_sticker INTEGER DEFAULT 0, hide_attachment INTEGER DEFAULT 0);
        CREATE TABLE message_attachment_join (message_id INTEGER, attachment_id INTEGER, UNIQUE(message_id, attachment_id));
        INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001', 'iMessage');
        INSERT INTO chat (ROWID, guid, style, chat_identifier, service_name) VALUES (1, 'iMessage;-;+15550001', 45, '+15550001', 'iMessage');
        INSERT INTO chat_handle_join VALUES (1, 1);
        INSERT INTO message (ROWID, guid, handle_id, date, service) VALUES (1, 'M1', 1, 700000000000000000, 'iMessage');
        INSERT INTO chat_message_join VALUES (1, 1, 700000000000000000);
        """

    /// The bytes of a database whose message has `body` as its `attributedBody`.
    public static func database(attributedBody body: Data) -> Data {
        let url = FuzzScratch.folder.appendingPathComponent("chat.db")
        write(to: url, attributedBody: body)
        return try! Data(contentsOf: url)
    }

    /// Writes `chat.db` at `url` with `body` as its message's `attributedBody`.
    static func write(to url: URL, attributedBody body: Data) {
        try? FileManager.default.removeItem(at: url)
        var database: OpaquePointer?
        guard sqlite3_open(url.path, &database) == SQLITE_OK else { fatalError("cannot create \(url.path)") }
        defer { sqlite3_close(database) }
        guard sqlite3_exec(database, schema, nil, nil, nil) == SQLITE_OK else {
            fatalError("cannot write the schema: \(String(cString: sqlite3_errmsg(database)))")
        }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(database, "UPDATE message SET attributedBody = ?1 WHERE ROWID = 1", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        _ = body.withUnsafeBytes { bytes in
            // SQLITE_TRANSIENT: SQLite copies the bytes.
            sqlite3_bind_blob(statement, 1, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                              unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        guard sqlite3_step(statement) == SQLITE_DONE else { fatalError("cannot store the input") }
    }
}
