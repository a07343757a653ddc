import Foundation
import TranscriptModel

/// WhatsApp for iOS's database outside a backup: `ChatStorage.sqlite`, or the folder holding it (WhatsApp's app
/// group folder as a backup tool extracts it, or the Mac app's `~/Library/Group Containers/
/// group.net.whatsapp.WhatsApp.shared`), with the media under `Message/` beside it and names from
/// `ContactsV2.sqlite` beside it. Read as in an iPhone backup (`WhatsAppIOSReader`); see
/// docs/formats/whatsapp-databases.md.
public struct WhatsAppIOSImporter: ExportImporter {
    public let format = "whatsapp-ios"
    public let appName = "WhatsApp"
    /// Its messages take the ids WhatsApp's text exports give them.
    public var messageIDFamily: String? { "whatsapp" }
    public var expectedShape: String {
        "WhatsApp for iOS's database, ChatStorage.sqlite (tables ZWACHATSESSION and ZWAMESSAGE), or the folder holding it"
    }

    public init() {}

    static let databaseName = "ChatStorage.sqlite"

    public func canImport(_ url: URL) -> Bool {
        let manager = FileManager.default
        if manager.isDirectory(url) {
            let database = url.appendingPathComponent(Self.databaseName)
            return manager.fileExists(atPath: database.path) && !manager.isDirectory(database) && IMessageDatabase.isSQLite(database)
        }
        guard IMessageDatabase.isSQLite(url) else { return false }
        return url.lastPathComponent == Self.databaseName
            || InspectedDatabase.tableNames(url).map { $0.contains("ZWAMESSAGE") && $0.contains("ZWACHATSESSION") } ?? false
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
        let folder = url.deletingLastPathComponent()
        var reader = WhatsAppIOSReader(
            database: try WhatsAppIOSDatabase(url, displayPath: displayPath),
            media: WhatsAppMediaLocator(folderPrefix: "Message/"), mediaFolder: folder)
        let contacts = folder.appendingPathComponent("ContactsV2.sqlite")
        if FileManager.default.fileExists(atPath: contacts.path) {
            let folderPath = (displayPath as NSString).deletingLastPathComponent
            try WhatsAppIOSContacts.read(
                contacts, displayPath: folderPath.isEmpty ? contacts.lastPathComponent : folderPath + "/" + contacts.lastPathComponent,
                into: &reader.names)
        }
        try reader.read(context: context, body)
    }
}
