import Foundation

/// The names of WhatsApp's people by jid, from what the database (or `wa.db` beside it) holds: the phone's
/// contact names first, then the names people gave themselves (push names); a jid without either is shown as
/// its phone number (`491511234567@s.whatsapp.net` → `+491511234567`).
struct WhatsAppNames: Sendable {
    private(set) var contactNames: [String: String] = [:]
    private(set) var pushNames: [String: String] = [:]

    /// Adds a contact's name (the phone's address book), unless one is known.
    mutating func addContact(_ jid: String?, _ name: String?) {
        guard let jid, let name = Self.clean(name), contactNames[jid] == nil else { return }
        contactNames[jid] = name
    }

    /// Adds a name the person gave themselves, unless one is known.
    mutating func addPushName(_ jid: String?, _ name: String?) {
        guard let jid, let name = Self.clean(name), pushNames[jid] == nil else { return }
        pushNames[jid] = name
    }

    /// The name shown for `jid`.
    func name(_ jid: String) -> String {
        contactNames[jid] ?? pushNames[jid] ?? Self.phone(jid)
    }

    /// `+491511234567` of a person's jid; the jid's user part for other servers (`@lid`), the jid itself
    /// without one.
    static func phone(_ jid: String) -> String {
        guard let at = jid.firstIndex(of: "@") else { return jid }
        let user = jid[..<at]
        let server = jid[jid.index(after: at)...]
        if server == "s.whatsapp.net", !user.isEmpty, user.allSatisfy(\.isNumber) { return "+" + user }
        return user.isEmpty ? jid : String(user)
    }

    private static func clean(_ name: String?) -> String? {
        guard let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
        return name
    }
}
