import Foundation

/// The iPhone's address book in a backup, `Library/AddressBook/AddressBook.sqlitedb` in `HomeDomain`: names for
/// the Messages handles, which `sms.db` does not hold. A person is a row of `ABPerson` (`First`, `Middle`, `Last`,
/// else `Organization`, else `Nickname`); their phone numbers and e-mail addresses are rows of `ABMultiValue`
/// (`record_id` the person's `ROWID`, `property` 3 a phone number, 4 an e-mail address, `value`), as the format
/// is described by iOS forensics references (e.g. "iPhone Forensics", J. Zdziarski, and the iLEAPP project's
/// address book parser). Read for names only: a file it cannot read names nobody.
enum IOSAddressBook {
    /// Where the address book is in a backup.
    static let domain = "HomeDomain"
    static let path = "Library/AddressBook/AddressBook.sqlitedb"

    /// Adds the handles and names of the address book at `url` to `contacts`, after those it has (a contacts file
    /// of the config wins); nothing when the file cannot be read as an address book.
    static func read(_ url: URL, displayPath: String, into contacts: inout IMessageContacts) {
        guard let database = try? InspectedDatabase(
            url, displayPath: displayPath, what: "address book", tables: ["ABPerson", "ABMultiValue"]),
            database.has("ABPerson"), database.has("ABMultiValue", "record_id"),
            database.has("ABMultiValue", "property"), database.has("ABMultiValue", "value")
        else { return }
        let names = ["First", "Middle", "Last", "Organization", "Nickname"]
        let sql = """
            SELECT v.value AS handle, v.property AS property, \(database.columns("ABPerson", "p", names))
            FROM ABMultiValue v JOIN ABPerson p ON p.ROWID = v.record_id
            WHERE v.property IN (3, 4) AND v.value IS NOT NULL
            ORDER BY p.ROWID, v.ROWID
            """
        guard let rows = try? database.rows(sql) else { return }
        for row in rows {
            guard let handle = row["handle"].text, let name = name(of: row) else { continue }
            contacts.add(handle, name: name)
        }
    }

    /// A person's name as Contacts shows it: given, middle and family names; else the company; else the nickname.
    private static func name(of row: SQLiteRow) -> String? {
        let parts = ["First", "Middle", "Last"].compactMap { row[$0].text?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        for key in ["Organization", "Nickname"] {
            if let text = row[key].text?.trimmingCharacters(in: .whitespaces), !text.isEmpty { return text }
        }
        return nil
    }
}
