import Foundation
import TranscriptModel
import TranscriptSupport

/// WhatsApp for iOS's database, `ChatStorage.sqlite` (Core Data: tables `Z…`, keys `Z_PK`), opened read-only.
/// Only `ZWACHATSESSION` and `ZWAMESSAGE` (with `ZCHATSESSION` and `ZMESSAGEDATE`) are required; every other
/// table and column is read when the database has it (a column of another app version is NULL).
struct WhatsAppIOSDatabase {
    let database: InspectedDatabase

    static let readTables: Set<String> = [
        "ZWACHATSESSION", "ZWAMESSAGE", "ZWAMEDIAITEM", "ZWAGROUPMEMBER", "ZWAPROFILEPUSHNAME",
    ]

    /// Opens the database; an error naming the file when it is not one of WhatsApp for iOS.
    init(_ url: URL, displayPath: String) throws {
        database = try InspectedDatabase(url, displayPath: displayPath, what: "WhatsApp database", tables: Self.readTables)
        var missing: [String] = []
        for (table, column) in [("ZWACHATSESSION", "Z_PK"), ("ZWAMESSAGE", "ZCHATSESSION"), ("ZWAMESSAGE", "ZMESSAGEDATE")]
        where !database.has(table, column) {
            missing.append(database.has(table) ? "\(table).\(column)" : table)
        }
        guard missing.isEmpty else {
            throw TranscriptsError(
                file: displayPath,
                message: "a WhatsApp database of an unknown version: it has no \(Array(Set(missing)).sorted().joined(separator: ", ")) (ChatStorage.sqlite has the tables ZWACHATSESSION and ZWAMESSAGE)")
        }
    }

    /// The chats, in the order of their rows.
    func chats() throws -> [WhatsAppDatabaseChat] {
        let d = database
        let sql = "SELECT c.Z_PK AS pk, \(d.columns("ZWACHATSESSION", "c", ["ZCONTACTJID", "ZPARTNERNAME", "ZSESSIONTYPE", "ZGROUPINFO"])) FROM ZWACHATSESSION c ORDER BY c.Z_PK"
        return try d.rows(sql).map { row in
            let rowID = row["pk"].integer ?? 0
            let jid = row["ZCONTACTJID"].text.flatMap { $0.isEmpty ? nil : $0 } ?? "chat\(rowID)"
            let isGroup = row["ZSESSIONTYPE"].integer == 1 || jid.hasSuffix("@g.us") || row["ZGROUPINFO"].integer != nil
            return WhatsAppDatabaseChat(
                jid: jid, name: row["ZPARTNERNAME"].text.flatMap { $0.isEmpty ? nil : $0 }, isGroup: isGroup, rowID: rowID)
        }
    }

    /// The names the database knows: the partners of direct chats (as the phone's contacts name them), group
    /// members' contact names, and push names.
    func names(into names: inout WhatsAppNames) throws {
        let d = database
        if d.has("ZWACHATSESSION", "ZCONTACTJID"), d.has("ZWACHATSESSION", "ZPARTNERNAME") {
            for row in try d.rows("SELECT ZCONTACTJID, ZPARTNERNAME FROM ZWACHATSESSION") {
                if let jid = row["ZCONTACTJID"].text, !jid.hasSuffix("@g.us") { names.addContact(jid, row["ZPARTNERNAME"].text) }
            }
        }
        if d.has("ZWAGROUPMEMBER", "ZMEMBERJID"), d.has("ZWAGROUPMEMBER", "ZCONTACTNAME") {
            for row in try d.rows("SELECT ZMEMBERJID, ZCONTACTNAME FROM ZWAGROUPMEMBER") {
                names.addContact(row["ZMEMBERJID"].text, row["ZCONTACTNAME"].text)
            }
        }
        if d.has("ZWAPROFILEPUSHNAME", "ZJID"), d.has("ZWAPROFILEPUSHNAME", "ZPUSHNAME") {
            for row in try d.rows("SELECT ZJID, ZPUSHNAME FROM ZWAPROFILEPUSHNAME") {
                names.addPushName(row["ZJID"].text, row["ZPUSHNAME"].text)
            }
        }
    }

    /// The columns of `ZWAMESSAGE` read (those a version lacks are NULL).
    static let messageColumns = ["ZISFROMME", "ZMESSAGEDATE", "ZTEXT", "ZMESSAGETYPE", "ZGROUPEVENTTYPE", "ZSTANZAID"]
    /// The columns of `ZWAMEDIAITEM` read.
    static let mediaColumns = [
        "ZMEDIALOCALPATH", "ZTITLE", "ZVCARDSTRING", "ZVCARDNAME", "ZLATITUDE", "ZLONGITUDE", "ZFILESIZE", "ZMOVIEDURATION",
        "ZMETADATA",
    ]

    /// A chat's rows (a message with its media item and its group member's jid), oldest first.
    func messages(inChat chat: Int64, _ body: (SQLiteRow) throws -> Void) throws {
        let d = database
        var select = "m.Z_PK AS pk, " + d.columns("ZWAMESSAGE", "m", Self.messageColumns)
        var joins = ""
        if d.has("ZWAGROUPMEMBER", "ZMEMBERJID"), d.has("ZWAMESSAGE", "ZGROUPMEMBER") {
            select += ", gm.ZMEMBERJID AS member_jid"
            joins += " LEFT JOIN ZWAGROUPMEMBER gm ON gm.Z_PK = m.ZGROUPMEMBER"
        } else {
            select += ", NULL AS member_jid"
        }
        var order = "m.ZMESSAGEDATE, m.Z_PK"
        if d.has("ZWAMEDIAITEM", "ZMESSAGE") {
            select += ", mi.Z_PK AS media_pk, " + d.columns("ZWAMEDIAITEM", "mi", Self.mediaColumns)
            joins += " LEFT JOIN ZWAMEDIAITEM mi ON mi.ZMESSAGE = m.Z_PK"
            order += ", mi.Z_PK"
        } else {
            select += ", NULL AS media_pk, " + Self.mediaColumns.map { "NULL AS \($0)" }.joined(separator: ", ")
        }
        let sql = "SELECT \(select) FROM ZWAMESSAGE m\(joins) WHERE m.ZCHATSESSION = ? ORDER BY \(order)"
        var previous: Int64?
        try d.forEachRow(sql, [.integer(chat)]) { row in
            // A message with two media items (which WhatsApp does not make) is read once, with the first.
            let pk = row["pk"].integer
            if pk != nil, pk == previous { return }
            previous = pk
            try body(row)
        }
    }
}
