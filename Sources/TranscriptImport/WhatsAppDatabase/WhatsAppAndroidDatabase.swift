import Foundation
import TranscriptModel
import TranscriptSupport

/// WhatsApp for Android's database, a decrypted `msgstore.db`, opened read-only. Two layouts: the current one
/// (`message`, `chat`, `jid`, and beside `message` the tables `message_media`, `message_quoted`,
/// `message_location`, `message_vcard`, `message_system`, `message_add_on`…), and the older one, a single
/// `messages` table keyed by `key_remote_jid`. Tables and columns an app version lacks are read as NULL.
struct WhatsAppAndroidDatabase {
    let database: InspectedDatabase
    /// Whether the database has the older layout (`messages`).
    let isLegacy: Bool

    static let readTables: Set<String> = [
        "message", "chat", "jid", "message_media", "message_quoted", "message_location", "message_vcard",
        "message_system", "message_add_on", "message_add_on_reaction", "messages", "messages_quotes", "messages_vcards",
        "chat_list", "jid_map", "lid_display_name",
    ]

    /// Whether a database with these tables is a `msgstore.db` (its structure, not its content).
    static func isMsgstore(tables: Set<String>) -> Bool {
        (tables.contains("message") && tables.contains("chat") && tables.contains("jid"))
            || (tables.contains("messages") && (tables.contains("chat_list") || tables.contains("jid")))
    }

    /// Opens the database; an error naming the file when it is not a `msgstore.db` of a layout transcripts knows.
    init(_ url: URL, displayPath: String) throws {
        database = try InspectedDatabase(url, displayPath: displayPath, what: "WhatsApp database", tables: Self.readTables)
        let d = database
        if ["_id", "chat_row_id", "timestamp"].allSatisfy({ d.has("message", $0) }), d.has("chat", "jid_row_id"), d.has("jid", "raw_string") {
            isLegacy = false
        } else if ["_id", "key_remote_jid", "timestamp"].allSatisfy({ d.has("messages", $0) }) {
            isLegacy = true
        } else {
            throw TranscriptsError(
                file: displayPath,
                message: "a WhatsApp database of an unknown version: it has neither the tables message, chat and jid (with message._id, chat_row_id, timestamp, chat.jid_row_id, jid.raw_string) nor the older messages table (with _id, key_remote_jid, timestamp)")
        }
    }

    /// The chats, in the order of their rows (the older layout: of their jids).
    func chats() throws -> [WhatsAppDatabaseChat] {
        let d = database
        if isLegacy {
            var subjects: [String: String] = [:]
            if d.has("chat_list", "key_remote_jid"), d.has("chat_list", "subject") {
                for row in try d.rows("SELECT key_remote_jid, subject FROM chat_list") {
                    if let jid = row["key_remote_jid"].text, let subject = row["subject"].text, !subject.isEmpty { subjects[jid] = subject }
                }
            }
            return try d.rows("SELECT key_remote_jid, min(_id) AS first FROM messages WHERE key_remote_jid IS NOT NULL AND key_remote_jid <> '-1' GROUP BY key_remote_jid ORDER BY first")
                .compactMap { row in
                    guard let jid = row["key_remote_jid"].text else { return nil }
                    return WhatsAppDatabaseChat(jid: jid, name: subjects[jid], isGroup: jid.hasSuffix("@g.us"), rowID: row["first"].integer ?? 0)
                }
        }
        let phone = phoneJID(of: "c.jid_row_id", alias: "cj")
        let sql = """
            SELECT c._id AS id, j.raw_string AS jid, \(phone.expression) AS phone_jid, \(d.column("chat", "c", "subject"))
            FROM chat c JOIN jid j ON j._id = c.jid_row_id\(phone.joins) ORDER BY c._id
            """
        let rows = try d.rows(sql)
        // A chat keyed by a `@lid` id takes its person's phone-number jid, unless a chat of its own has that jid.
        let own = Set(rows.compactMap { $0["jid"].text })
        return rows.compactMap { row in
            guard var jid = row["jid"].text, !jid.isEmpty else { return nil }
            if let phone = row["phone_jid"].text, !phone.isEmpty, !own.contains(phone) { jid = phone }
            let subject = row["subject"].text.flatMap { $0.isEmpty ? nil : $0 }
            return WhatsAppDatabaseChat(jid: jid, name: subject, isGroup: jid.hasSuffix("@g.us"), rowID: row["id"].integer ?? 0)
        }
    }

    /// Whether `jid_map` links the newer `@lid` ids (WhatsApp since 2024) to the phone-number jids of the same
    /// people (`lid_row_id` → `jid_row_id`, both rows of `jid`).
    var mapsLIDs: Bool { !isLegacy && database.has("jid_map", "lid_row_id") && database.has("jid_map", "jid_row_id") }

    /// The SQL of the phone-number jid that `jid_map` gives for the `jid` row `rowID` (a column), as joins to
    /// append and an expression that is NULL where there is none; NULL alone without `jid_map`.
    func phoneJID(of rowID: String, alias: String) -> (joins: String, expression: String) {
        guard mapsLIDs else { return ("", "NULL") }
        return (" LEFT JOIN jid_map \(alias)m ON \(alias)m.lid_row_id = \(rowID) LEFT JOIN jid \(alias)p ON \(alias)p._id = \(alias)m.jid_row_id",
                "\(alias)p.raw_string")
    }

    /// The names WhatsApp keeps for `@lid` ids it has no phone number for (`lid_display_name.display_name`), by
    /// the id's jid.
    func lidDisplayNames() throws -> [(jid: String, name: String)] {
        let d = database
        guard !isLegacy, d.has("lid_display_name", "lid_row_id"), d.has("lid_display_name", "display_name") else { return [] }
        return try d.rows("SELECT j.raw_string AS jid, n.display_name AS name FROM lid_display_name n JOIN jid j ON j._id = n.lid_row_id ORDER BY n.rowid")
            .compactMap { row in
                guard let jid = row["jid"].text, let name = row["name"].text, !jid.isEmpty, !name.isEmpty else { return nil }
                return (jid, name)
            }
    }

    /// A chat's rows, oldest first, with what the tables beside `message` hold of each (a column those tables
    /// lack is NULL): `id`, `from_me`, `key_id`, `timestamp`, `type`, `text`, `status`, `sender_jid`,
    /// `file_path`, `mime_type`, `file_size`, `media_name`, `media_duration`, `media_caption`, `quoted_key_id`,
    /// `latitude`, `longitude`, `place_name`, `place_address`, `action_type`. The tables joined are keyed by
    /// the message's `_id`; vCards, whose table may have no index by message, are read by `vCards()`.
    func messages(inChat chat: WhatsAppDatabaseChat, _ body: (SQLiteRow) throws -> Void) throws {
        let d = database
        let sql: String
        let binding: SQLiteValue
        if isLegacy {
            var select = [
                "m._id AS id", d.column("messages", "m", "key_from_me", as: "from_me"), d.column("messages", "m", "key_id"),
                "m.timestamp AS timestamp", d.column("messages", "m", "media_wa_type", as: "type"),
                d.column("messages", "m", "data", as: "text"), d.column("messages", "m", "status"),
                d.column("messages", "m", "remote_resource", as: "sender_jid"),
                d.column("messages", "m", "media_mime_type", as: "mime_type"), d.column("messages", "m", "media_size", as: "file_size"),
                d.column("messages", "m", "media_name"), d.column("messages", "m", "media_duration"),
                d.column("messages", "m", "media_caption"), d.column("messages", "m", "latitude"),
                d.column("messages", "m", "longitude"), "NULL AS place_name", "NULL AS place_address", "NULL AS action_type",
            ]
            var joins = ""
            if d.has("message_media", "message_row_id"), d.has("message_media", "file_path") {
                select.append("mm.file_path AS file_path")
                joins += " LEFT JOIN message_media mm ON mm.message_row_id = m._id"
            } else {
                select.append("NULL AS file_path")
            }
            if d.has("messages", "quoted_row_id"), d.has("messages_quotes", "key_id") {
                select.append("q.key_id AS quoted_key_id")
                joins += " LEFT JOIN messages_quotes q ON q._id = m.quoted_row_id"
            } else {
                select.append("NULL AS quoted_key_id")
            }
            sql = "SELECT \(select.joined(separator: ", ")) FROM messages m\(joins) WHERE m.key_remote_jid = ? ORDER BY m.timestamp, m._id"
            binding = .text(chat.jid)
        } else {
            var select = [
                "m._id AS id", d.column("message", "m", "from_me"), d.column("message", "m", "key_id"), "m.timestamp AS timestamp",
                d.column("message", "m", "message_type", as: "type"), d.column("message", "m", "text_data", as: "text"),
                d.column("message", "m", "status"),
            ]
            var joins = ""
            func join(_ table: String, _ alias: String, on: String, _ columns: [String], as labels: [String]? = nil) {
                let present = d.has(table, "message_row_id")
                for (index, column) in columns.enumerated() {
                    let label = labels?[index] ?? column
                    select.append(present ? d.column(table, alias, column, as: label) : "NULL AS \(label)")
                }
                if present { joins += " LEFT JOIN \(table) \(alias) ON \(alias).\(on) = m._id" }
            }
            if d.has("message", "sender_jid_row_id") {
                let phone = phoneJID(of: "m.sender_jid_row_id", alias: "sj")
                select.append("COALESCE(\(phone.expression), sj.raw_string) AS sender_jid")
                joins += " LEFT JOIN jid sj ON sj._id = m.sender_jid_row_id" + phone.joins
            } else {
                select.append("NULL AS sender_jid")
            }
            join("message_media", "mm", on: "message_row_id", ["file_path", "mime_type", "file_size", "media_name", "media_duration", "media_caption"])
            join("message_quoted", "mq", on: "message_row_id", ["key_id"], as: ["quoted_key_id"])
            join("message_location", "ml", on: "message_row_id", ["latitude", "longitude", "place_name", "place_address"])
            join("message_system", "ms", on: "message_row_id", ["action_type"])
            sql = "SELECT \(select.joined(separator: ", ")) FROM message m\(joins) WHERE m.chat_row_id = ? ORDER BY m.timestamp, m._id"
            binding = .integer(chat.rowID)
        }
        try d.forEachRow(sql, [binding], body)
    }

    /// The vCard of each message that shares contacts (`message_vcard`, older: `messages_vcards`), by message
    /// `_id`: the first, of a message that shares several. Read once for all chats.
    func vCards() throws -> [Int64: String] {
        let d = database
        let table = isLegacy ? "messages_vcards" : "message_vcard"
        guard d.has(table, "message_row_id"), d.has(table, "vcard") else { return [:] }
        var result: [Int64: String] = [:]
        try d.forEachRow("SELECT message_row_id, vcard FROM \(table) ORDER BY rowid") { row in
            if let id = row["message_row_id"].integer, let vcard = row["vcard"].text, result[id] == nil { result[id] = vcard }
        }
        return result
    }

    /// The reactions of every chat's messages (`message_add_on` with `message_add_on_reaction`), by chat `_id`
    /// and message `_id`, in the order they were given: the emoji, whether the owner gave it, and else the
    /// reactor's jid when the row names one. Read once for all chats (the table may have no index by chat).
    /// Empty for the older layout.
    func reactions() throws -> [Int64: [Int64: [(emoji: String, fromMe: Bool, jid: String?)]]] {
        let d = database
        guard !isLegacy, ["parent_message_row_id", "chat_row_id", "_id"].allSatisfy({ d.has("message_add_on", $0) }),
              d.has("message_add_on_reaction", "message_add_on_row_id"), d.has("message_add_on_reaction", "reaction")
        else { return [:] }
        let hasSender = d.has("message_add_on", "sender_jid_row_id")
        let phone = hasSender ? phoneJID(of: "a.sender_jid_row_id", alias: "j") : (joins: "", expression: "NULL")
        let sql = """
            SELECT a.chat_row_id AS chat, a.parent_message_row_id AS parent, r.reaction AS reaction,
                \(d.column("message_add_on", "a", "from_me")), \(hasSender ? "COALESCE(\(phone.expression), j.raw_string)" : "NULL") AS jid
            FROM message_add_on a JOIN message_add_on_reaction r ON r.message_add_on_row_id = a._id
            \(hasSender ? "LEFT JOIN jid j ON j._id = a.sender_jid_row_id" + phone.joins : "")
            ORDER BY a._id
            """
        var result: [Int64: [Int64: [(emoji: String, fromMe: Bool, jid: String?)]]] = [:]
        try d.forEachRow(sql) { row in
            guard let chat = row["chat"].integer, let parent = row["parent"].integer, let emoji = row["reaction"].text, !emoji.isEmpty
            else { return }
            let fromMe = (row["from_me"].integer ?? 0) != 0
            result[chat, default: [:]][parent, default: []].append((emoji, fromMe, row["jid"].text.flatMap { $0.isEmpty ? nil : $0 }))
        }
        return result
    }
}
