import Foundation
import TranscriptModel

/// WhatsApp for Android's database: a decrypted `msgstore.db`, or the folder holding it. Names come from
/// `wa.db` beside it, media from the `WhatsApp` folder beside it (the phone's `WhatsApp/`, holding `Media/`; a
/// `Media` folder right beside the database also does). One conversation per chat with messages, in the order
/// of the chats' rows. See docs/formats/whatsapp-databases.md.
public struct WhatsAppAndroidImporter: ExportImporter {
    public let format = "whatsapp-android"
    public var expectedShape: String {
        "WhatsApp for Android's decrypted database, msgstore.db (tables message, chat and jid, or the older messages), or the folder holding it"
    }

    public init() {}

    static let databaseName = "msgstore.db"
    static let contactsName = "wa.db"

    public func canImport(_ url: URL) -> Bool {
        let manager = FileManager.default
        if manager.isDirectory(url) {
            let database = url.appendingPathComponent(Self.databaseName)
            return manager.fileExists(atPath: database.path) && !manager.isDirectory(database) && IMessageDatabase.isSQLite(database)
        }
        guard IMessageDatabase.isSQLite(url) else { return false }
        // A file named msgstore.db is taken as one (and one of an unknown layout is an error that names it); any
        // other SQLite file only when it has the tables.
        return url.lastPathComponent == Self.databaseName
            || InspectedDatabase.tableNames(url).map(WhatsAppAndroidDatabase.isMsgstore) ?? false
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        var url = source.url
        var displayPath = source.displayPath
        if FileManager.default.isDirectory(url) {
            url = url.appendingPathComponent(Self.databaseName)
            displayPath += "/" + Self.databaseName
        }
        let database = try WhatsAppAndroidDatabase(url, displayPath: displayPath)
        let folder = url.deletingLastPathComponent()
        var names = WhatsAppNames()
        let contacts = folder.appendingPathComponent(Self.contactsName)
        if FileManager.default.fileExists(atPath: contacts.path) {
            let contactsPath = (displayPath as NSString).deletingLastPathComponent
            try WhatsAppAndroidContacts.read(
                contacts, displayPath: contactsPath.isEmpty ? Self.contactsName : contactsPath + "/" + Self.contactsName, into: &names)
        }
        let mediaFolder = Self.mediaFolder(beside: folder)
        let me = context.me.first ?? "me"
        let assembler = WhatsAppChatAssembler(names: names, me: me)
        let allReactions = try database.reactions()
        let vCards = try database.vCards()
        for chat in try database.chats() {
            var notes = WhatsAppAndroidMessageKinds.Notes()
            var rows: [WhatsAppDatabaseMessage] = []
            let reactions = allReactions[chat.rowID] ?? [:]
            try database.messages(inChat: chat) { row in
                let id = row["id"].integer ?? 0
                var message = WhatsAppAndroidMessageKinds.message(row, chat: chat, vCard: vCards[id], names: names, me: me, notes: &notes)
                // A reaction of someone else without a jid is the other person's in a direct chat; in a group,
                // whose it is is unknown, and it is left out.
                message.reactions = (reactions[message.rowID] ?? []).compactMap { reaction in
                    if reaction.fromMe { return (reaction.emoji, nil) }
                    guard let jid = reaction.jid ?? (chat.isGroup ? nil : chat.jid) else { return nil }
                    return (reaction.emoji, jid)
                }
                rows.append(message)
            }
            guard let conversation = assembler.conversation(chat, rows) else { continue }
            let table = database.isLegacy ? "messages" : "message"
            let what = "\(displayPath): chat \(database.isLegacy ? chat.jid : "_id \(chat.rowID)")"
            let warnings = [WhatsAppDatabaseWarnings.unknown(notes.unknown, table: table, key: "_id", in: what)].compactMap { $0 }
            try body(ImportedConversation(conversation: conversation, mediaFolder: mediaFolder, warnings: warnings))
        }
    }

    /// The folder the database's media paths (`Media/WhatsApp Images/…`) are relative to: `WhatsApp` beside the
    /// database when it is there, else the database's folder (which may hold `Media` itself).
    static func mediaFolder(beside folder: URL) -> URL {
        let whatsapp = folder.appendingPathComponent("WhatsApp")
        return FileManager.default.isDirectory(whatsapp) ? whatsapp : folder
    }
}
