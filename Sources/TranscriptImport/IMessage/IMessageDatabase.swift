import Foundation
import TranscriptModel
import TranscriptSupport

/// The macOS Messages database (`chat.db`), opened read-only, and the rows the importer reads from it.
///
/// Its schema changed with almost every macOS release, so the tables and columns are looked up first
/// (`sqlite_master`, `PRAGMA table_info`) and a column this copy lacks is read as NULL: a missing feature
/// (no edits before macOS 13, no emoji tapbacks before macOS 15), never an error. Only the four tables every
/// version has are required: `message`, `chat`, `handle` and `chat_message_join`.
struct IMessageDatabase {
    let database: SQLiteDatabase
    /// How errors and warnings name the file.
    let displayPath: String
    /// The columns of each table, by table name.
    let columns: [String: Set<String>]

    static let requiredTables = ["message", "chat", "handle", "chat_message_join"]

    /// The first 16 bytes of every SQLite 3 database file.
    static let header = Array("SQLite format 3\0".utf8)

    /// Whether the file starts with the SQLite header.
    static func isSQLite(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: header.count)).map { Array($0) == header } ?? false
    }

    /// Whether the file is a SQLite database with the Messages tables (its structure, not its content).
    static func hasMessagesTables(_ url: URL) -> Bool {
        guard isSQLite(url), let database = try? SQLiteDatabase.openReadOnly(url),
              let tables = try? tableNames(database)
        else { return false }
        return requiredTables.allSatisfy(tables.contains)
    }

    private static func tableNames(_ database: SQLiteDatabase) throws -> Set<String> {
        Set(try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0["name"].text })
    }

    /// Opens the database; an error naming the file when it is not SQLite, cannot be read or lacks the tables.
    init(_ url: URL, displayPath: String) throws {
        self.displayPath = displayPath
        guard Self.isSQLite(url) else {
            throw TranscriptsError(file: displayPath, message: "not a Messages database: not a SQLite database (it does not start with \"SQLite format 3\")")
        }
        do {
            database = try SQLiteDatabase.openReadOnly(url)
            let tables = try Self.tableNames(database)
            let missing = Self.requiredTables.filter { !tables.contains($0) }
            guard missing.isEmpty else {
                throw TranscriptsError(
                    file: displayPath,
                    message: "not a Messages database: it has no \(missing.joined(separator: ", ")) table\(missing.count == 1 ? "" : "s") (a chat.db has message, chat, handle and chat_message_join)")
            }
            var columns: [String: Set<String>] = [:]
            for table in tables where Self.readTables.contains(table) {
                columns[table] = Set(try database.rows("PRAGMA table_info(\(table))").compactMap { $0["name"].text })
            }
            self.columns = columns
        } catch let error as SQLiteError {
            throw Self.error(error, displayPath: displayPath)
        }
    }

    /// The tables the importer reads from, when they are there.
    private static let readTables: Set<String> = [
        "message", "chat", "handle", "chat_message_join", "chat_handle_join", "attachment", "message_attachment_join",
    ]

    private static func error(_ error: SQLiteError, displayPath: String) -> TranscriptsError {
        TranscriptsError(file: displayPath, message: "cannot read the Messages database (SQLite: \(error.message))")
    }

    /// Runs a query; SQLite's errors (a damaged file) become errors naming the file.
    func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        do {
            return try database.rows(sql, bindings)
        } catch let error as SQLiteError {
            throw Self.error(error, displayPath: displayPath)
        }
    }

    func has(_ table: String, _ column: String? = nil) -> Bool {
        guard let names = columns[table] else { return false }
        return column.map(names.contains) ?? true
    }

    /// `alias.column AS column`, or `NULL AS column` when the table has no such column.
    private func select(_ table: String, _ alias: String, _ names: [String]) -> String {
        names.map { has(table, $0) ? "\(alias).\($0) AS \($0)" : "NULL AS \($0)" }.joined(separator: ", ")
    }

    // MARK: Rows

    struct Chat {
        var rowID: Int64
        var guid: String
        /// 43 for a group, 45 for a conversation with one person.
        var style: Int64?
        var identifier: String?
        var displayName: String?
    }

    func chats() throws -> [Chat] {
        let sql = "SELECT c.ROWID AS rowid, \(select("chat", "c", ["guid", "style", "chat_identifier", "display_name"])) FROM chat c ORDER BY c.ROWID"
        return try rows(sql).map { row in
            let rowID = row["rowid"].integer ?? 0
            return Chat(
                rowID: rowID, guid: row["guid"].text ?? "chat\(rowID)", style: row["style"].integer,
                identifier: row["chat_identifier"].text, displayName: row["display_name"].text)
        }
    }

    /// Every handle's address (phone number or email), by ROWID.
    func handles() throws -> [Int64: String] {
        var result: [Int64: String] = [:]
        for row in try rows("SELECT h.ROWID AS rowid, \(select("handle", "h", ["id"])) FROM handle h") {
            if let rowID = row["rowid"].integer, let id = row["id"].text, !id.isEmpty { result[rowID] = id }
        }
        return result
    }

    /// The handles of a chat's members (`chat_handle_join`), in the order they joined.
    func members(ofChat chat: Int64) throws -> [Int64] {
        guard has("chat_handle_join", "chat_id"), has("chat_handle_join", "handle_id") else { return [] }
        return try rows("SELECT handle_id FROM chat_handle_join WHERE chat_id = ? ORDER BY rowid", [.integer(chat)])
            .compactMap { $0["handle_id"].integer }
    }

    /// The columns of `message` the importer reads (those a copy lacks are NULL).
    static let messageColumns = [
        "guid", "text", "attributedBody", "handle_id", "is_from_me", "date", "date_edited", "date_retracted",
        "associated_message_guid", "associated_message_type", "associated_message_emoji", "thread_originator_guid",
        "item_type", "group_action_type", "group_title", "other_handle", "is_audio_message", "message_summary_info",
        "balloon_bundle_id", "cache_has_attachments",
    ]

    /// A chat's messages, oldest first.
    func messages(inChat chat: Int64) throws -> [SQLiteRow] {
        let sql = """
            SELECT m.ROWID AS rowid, \(select("message", "m", Self.messageColumns))
            FROM chat_message_join j JOIN message m ON m.ROWID = j.message_id
            WHERE j.chat_id = ? ORDER BY \(has("message", "date") ? "m.date, " : "")m.ROWID
            """
        return try rows(sql, [.integer(chat)])
    }

    struct Attachment {
        var rowID: Int64
        var filename: String?
        var mimeType: String?
        var uti: String?
        var transferName: String?
        var totalBytes: Int64?
        var isSticker: Bool
    }

    /// The attachments of a chat's messages, by message ROWID, in the order they were added.
    func attachments(inChat chat: Int64) throws -> [Int64: [Attachment]] {
        guard has("attachment"), has("message_attachment_join", "message_id"), has("message_attachment_join", "attachment_id") else { return [:] }
        let sql = """
            SELECT maj.message_id AS message_id, a.ROWID AS rowid, \(select("attachment", "a", ["filename", "mime_type", "uti", "transfer_name", "total_bytes", "is_sticker"]))
            FROM chat_message_join j JOIN message_attachment_join maj ON maj.message_id = j.message_id
            JOIN attachment a ON a.ROWID = maj.attachment_id
            WHERE j.chat_id = ? ORDER BY maj.message_id, a.ROWID
            """
        var result: [Int64: [Attachment]] = [:]
        for row in try rows(sql, [.integer(chat)]) {
            guard let message = row["message_id"].integer else { continue }
            result[message, default: []].append(Attachment(
                rowID: row["rowid"].integer ?? 0, filename: row["filename"].text, mimeType: row["mime_type"].text,
                uti: row["uti"].text, transferName: row["transfer_name"].text, totalBytes: row["total_bytes"].integer,
                isSticker: (row["is_sticker"].integer ?? 0) != 0))
        }
        return result
    }
}
