import Foundation
import TranscriptModel
import TranscriptSupport

/// WhatsApp for Android's database: a decrypted `msgstore.db`, or the folder holding it. Names come from
/// `wa.db` beside it, media from the `WhatsApp` folder beside it (the phone's `WhatsApp/`, holding `Media/`; a
/// `Media` folder right beside the database also does). One conversation per chat with messages, in the order
/// of the chats' rows. See docs/formats/whatsapp-databases.md.
public struct WhatsAppAndroidImporter: ExportImporter {
    public let format = "whatsapp-android"
    public let appName = "WhatsApp"
    /// Its messages take the ids WhatsApp's text exports give them.
    public var messageIDFamily: String? { "whatsapp" }
    public var expectedShape: String {
        "WhatsApp for Android's decrypted database, msgstore.db (tables message, chat and jid, or the older messages), or the folder holding it"
    }

    public init() {}

    static let databaseName = "msgstore.db"
    static let contactsName = "wa.db"

    /// The encrypted backups' extensions.
    static let encryptedExtensions: Set<String> = ["crypt14", "crypt15"]

    /// Whether `name` is an encrypted backup of the database: `msgstore.db.crypt15`, `msgstore-2024-05-01.1.db.crypt14`.
    static func isEncryptedBackup(_ name: String) -> Bool {
        name.hasPrefix("msgstore") && encryptedExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    public func canImport(_ url: URL) -> Bool {
        let manager = FileManager.default
        if manager.isDirectory(url) {
            let database = url.appendingPathComponent(Self.databaseName)
            if manager.fileExists(atPath: database.path) { return !manager.isDirectory(database) && IMessageDatabase.isSQLite(database) }
            return Self.encryptedExtensions.contains { manager.fileExists(atPath: database.path + "." + $0) }
        }
        if Self.isEncryptedBackup(url.lastPathComponent) { return !manager.isDirectory(url) }
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
            var name = Self.databaseName
            if !FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
                name = Self.encryptedExtensions.sorted().reversed().map { "\(Self.databaseName).\($0)" }
                    .first { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) } ?? name
            }
            url = url.appendingPathComponent(name)
            displayPath += "/" + name
        }
        let folder = url.deletingLastPathComponent()
        let databaseURL = Self.isEncryptedBackup(url.lastPathComponent)
            ? try Self.decrypted(url, displayPath: displayPath, workspace: context.workspace) : url
        let database = try WhatsAppAndroidDatabase(databaseURL, displayPath: displayPath)
        var names = WhatsAppNames()
        let contacts = folder.appendingPathComponent(Self.contactsName)
        if FileManager.default.fileExists(atPath: contacts.path) {
            let contactsPath = (displayPath as NSString).deletingLastPathComponent
            try WhatsAppAndroidContacts.read(
                contacts, displayPath: contactsPath.isEmpty ? Self.contactsName : contactsPath + "/" + Self.contactsName, into: &names)
        }
        // Names WhatsApp keeps for `@lid` ids without a phone number come after the address book's.
        for (jid, name) in try database.lidDisplayNames() { names.addPushName(jid, name) }
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

    /// An encrypted backup decrypted into `workspace` (`WhatsAppBackupDecryption`), with the `key` file beside
    /// it, or for crypt15 the 64 hex digits of `TRANSCRIPTS_WHATSAPP_KEY`; an error naming the file when there is
    /// no key, or it does not open the file.
    static func decrypted(_ url: URL, displayPath: String, workspace: URL?) throws -> URL {
        let crypt15 = url.pathExtension.lowercased() == "crypt15"
        let keyFile = url.deletingLastPathComponent().appendingPathComponent("key")
        let keyBytes = (try? Data(contentsOf: keyFile)).map(Array.init)
        let environment = ProcessInfo.processInfo.environment[WhatsAppBackupDecryption.keyVariable].map { Array($0.utf8) }
        guard let workspace else {
            throw TranscriptsError(file: displayPath, message: "an encrypted WhatsApp backup: only transcripts build reads it")
        }
        let data: Data
        do {
            let file = Array(try Data(contentsOf: url))
            if crypt15 {
                guard let stream = keyBytes.flatMap(WhatsAppBackupDecryption.crypt15KeyStream)
                    ?? environment.flatMap(WhatsAppBackupDecryption.crypt15KeyStream)
                else {
                    throw TranscriptsError(
                        file: displayPath,
                        message: "an encrypted WhatsApp backup (crypt15) needs its key: the key file beside it (named key), or its 64 hex digits in the environment variable \(WhatsAppBackupDecryption.keyVariable)")
                }
                data = try WhatsAppBackupDecryption.decryptCrypt15(file, key: WhatsAppBackupDecryption.crypt15Key(stream))
            } else {
                guard let keyBytes else {
                    throw TranscriptsError(file: displayPath, message: "an encrypted WhatsApp backup (crypt14) needs its key file beside it (named key)")
                }
                data = try WhatsAppBackupDecryption.decryptCrypt14(file, keyFile: keyBytes)
            }
        } catch let error as TranscriptsError {
            throw error
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot decrypt this WhatsApp backup with its key (a wrong key, or a damaged file)")
        }
        let target = workspace.appendingPathComponent("whatsapp-" + ContentName.of(Data(url.path.utf8))).appendingPathComponent(databaseName)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target
    }

    /// The folder the database's media paths (`Media/WhatsApp Images/…`) are relative to: `WhatsApp` beside the
    /// database when it is there, else the database's folder (which may hold `Media` itself).
    static func mediaFolder(beside folder: URL) -> URL {
        let whatsapp = folder.appendingPathComponent("WhatsApp")
        return FileManager.default.isDirectory(whatsapp) ? whatsapp : folder
    }
}
