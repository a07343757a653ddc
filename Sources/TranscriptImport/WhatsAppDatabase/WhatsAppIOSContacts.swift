import Foundation

/// WhatsApp for iOS's `ContactsV2.sqlite` (beside `ChatStorage.sqlite` in its app group): the phone's
/// contacts that use WhatsApp, `ZWAADDRESSBOOKCONTACT` (`ZWHATSAPPID`, `ZFULLNAME`). Read for names only; a
/// file it cannot read names nobody (the messages do not depend on it).
enum WhatsAppIOSContacts {
    static func read(_ url: URL, displayPath: String, into names: inout WhatsAppNames) throws {
        guard let database = try? InspectedDatabase(
            url, displayPath: displayPath, what: "WhatsApp contacts database", tables: ["ZWAADDRESSBOOKCONTACT"]),
            database.has("ZWAADDRESSBOOKCONTACT", "ZWHATSAPPID"), database.has("ZWAADDRESSBOOKCONTACT", "ZFULLNAME")
        else { return }
        for row in try database.rows("SELECT ZWHATSAPPID, ZFULLNAME FROM ZWAADDRESSBOOKCONTACT") {
            guard var jid = row["ZWHATSAPPID"].text, !jid.isEmpty else { continue }
            if !jid.contains("@") { jid += "@s.whatsapp.net" }
            names.addContact(jid, row["ZFULLNAME"].text)
        }
    }
}
