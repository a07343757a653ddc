import Foundation
import TranscriptModel

/// The macOS Messages database: `chat.db` (from `~/Library/Messages`), or the folder holding it. It is opened
/// read-only and immutable through SQLite (`SQLiteDatabase`), so it is never written and can be read while
/// Messages runs. One conversation per chat with messages, in the order of the chats' rows.
///
/// Participants are the chats' handles (phone numbers and email addresses), named by the optional contacts file
/// (`IMessageContacts`); the owner's messages (`is_from_me`) are sent by the site's `me` (or `me`). Attachments
/// (`~/Library/Messages/Attachments/…`) are looked up in `attachmentsRoot`, the folder that stands for
/// `~/Library/Messages`, by default the database's folder. See docs/formats/imessage.md for how each construct maps to the model.
public struct IMessageImporter: ExportImporter {
    public let format = "imessage"
    public let appName = "iMessage"
    public var expectedShape: String { "the macOS Messages database, chat.db, or the folder holding it" }
    /// The folder that stands for `~/Library/Messages`, holding `Attachments/` (and `StickerCache/`); nil for
    /// the database's folder.
    public var attachmentsRoot: URL?
    /// A vCard or YAML file naming the handles; nil to show handles as they are.
    public var contacts: URL? {
        didSet { contactsStamp = contacts.flatMap { FileStamp(path: $0.path) } }
    }
    /// The contacts file's stamp when the importer was configured: part of the importer's description, which
    /// the build cache's key holds, so a changed contacts file has the database read again.
    private(set) var contactsStamp: FileStamp?

    public init(attachmentsRoot: URL? = nil, contacts: URL? = nil) {
        self.attachmentsRoot = attachmentsRoot
        self.contacts = contacts
        contactsStamp = contacts.flatMap { FileStamp(path: $0.path) }
    }

    /// The database's name in the folder Messages keeps it in.
    static let databaseName = "chat.db"

    public func canImport(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return false }
        if isFolder.boolValue {
            let database = url.appendingPathComponent(Self.databaseName)
            return !FileManager.default.isDirectory(database) && IMessageDatabase.isSQLite(database)
        }
        guard IMessageDatabase.isSQLite(url) else { return false }
        // A file named chat.db is taken as one (and a damaged one is an error that names it); any other SQLite
        // file only when it has the Messages tables.
        return url.lastPathComponent == Self.databaseName || IMessageDatabase.hasMessagesTables(url)
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        var databaseURL = source.url
        var displayPath = source.displayPath
        if FileManager.default.isDirectory(source.url) {
            databaseURL = source.url.appendingPathComponent(Self.databaseName)
            displayPath += "/" + Self.databaseName
        }
        let root = attachmentsRoot ?? databaseURL.deletingLastPathComponent()
        try read(databaseURL, displayPath: displayPath, attachments: IMessageAttachments(root: root), context: context, body)
    }

    /// Reads the database at `url` (named `displayPath`), its attachments found through `attachments`: the
    /// Mac's folder, or an iPhone backup's files.
    /// Reads the database at `url`; `moreContacts` (an iPhone's address book) names the handles the contacts
    /// file does not.
    func read(
        _ url: URL, displayPath: String, attachments: IMessageAttachments, context: ImportContext,
        moreContacts: ((inout IMessageContacts) -> Void)? = nil, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let database = try IMessageDatabase(url, displayPath: displayPath)
        var contacts = try contacts.map { try IMessageContacts(contentsOf: $0, displayPath: $0.relativePathForDisplay) } ?? IMessageContacts()
        moreContacts?(&contacts)
        let people = IMessagePeople(handles: try database.handles(), contacts: contacts, me: context.me.first ?? "me")
        let reader = IMessageChatReader(database: database, people: people, attachments: attachments)
        for chat in try database.chats() {
            guard let imported = try reader.read(chat) else { continue }
            try body(imported)
        }
    }
}

extension FileManager {
    /// Whether there is a folder at `url`.
    func isDirectory(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
