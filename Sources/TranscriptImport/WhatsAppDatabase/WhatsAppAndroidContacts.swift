import Foundation

/// WhatsApp for Android's `wa.db` (beside `msgstore.db`): `wa_contacts` (`jid`, `display_name`: the phone's
/// contact name, `wa_name`: the name the person gave themselves). Read for names only; a file it cannot read
/// names nobody.
enum WhatsAppAndroidContacts {
    static func read(_ url: URL, displayPath: String, into names: inout WhatsAppNames) throws {
        guard let database = try? InspectedDatabase(url, displayPath: displayPath, what: "WhatsApp contacts database", tables: ["wa_contacts"]),
              database.has("wa_contacts", "jid")
        else { return }
        let sql = "SELECT jid, \(database.column("wa_contacts", "c", "display_name")), \(database.column("wa_contacts", "c", "wa_name")) FROM wa_contacts c"
        for row in try database.rows(sql) {
            let jid = row["jid"].text
            names.addContact(jid, row["display_name"].text)
            names.addPushName(jid, row["wa_name"].text)
        }
    }
}
