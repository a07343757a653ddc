import Foundation
import TranscriptModel
import TranscriptSupport

/// An iPhone backup folder (`Manifest.db` and the files under `xx/<fileID>`; an encrypted one is decrypted with
/// its passphrase into the build's workspace, see `IOSBackup+Encryption.swift`): the conversations of
/// the apps it holds, each app's a set of its own. Messages (iMessage, SMS, RCS: `Library/SMS/sms.db` in
/// `HomeDomain`, the schema of the Mac's `chat.db`, read by the iMessage importer) and WhatsApp
/// (`ChatStorage.sqlite` in its app group, read by `WhatsAppIOSReader`). Every file is found through the
/// manifest; nothing in the backup is written. See docs/formats/ios-backup.md.
///
/// `ios-backup` reads every app it knows; `ios-backup-messages` and `ios-backup-whatsapp` (`--format`) one.
public struct IOSBackupImporter: ExportImporter {
    /// An app whose conversations a backup holds.
    public enum App: String, Sendable, CaseIterable {
        /// Messages: iMessage, SMS and RCS.
        case messages
        case whatsapp
    }

    public let format: String
    /// The format of every app's conversations; one app's is `ios-backup-<app>`.
    public static let format = "ios-backup"
    /// The apps read, in this order.
    public let apps: [App]
    /// The app pages name: the one read (`WhatsApp`, `iMessage`), or `iPhone` for several.
    public var appName: String {
        apps == [.whatsapp] ? "WhatsApp" : apps == [.messages] ? "iMessage" : "iPhone"
    }
    /// A vCard or YAML file naming the Messages handles (as the iMessage importer's `contacts`); nil to show
    /// the handles. For library users: the config file does not set it yet.
    public var contacts: URL? {
        didSet { contactsStamp = contacts.flatMap { FileStamp(path: $0.path) } }
    }
    /// The contacts file's stamp, part of the importer's description (the build cache's key).
    private(set) var contactsStamp: FileStamp?
    /// An encrypted backup's passphrase; nil to take the context's (`--passphrase-file`), else the environment
    /// variable `TRANSCRIPTS_BACKUP_PASSPHRASE`.
    public var passphrase: String?

    /// Reads `apps` (by default every app); the format is `ios-backup`, or `ios-backup-<app>` for one app.
    public init(apps: [App] = App.allCases, contacts: URL? = nil) {
        self.apps = apps
        format = apps == App.allCases ? Self.format : Self.format + "-" + apps.map(\.rawValue).joined(separator: "-")
        self.contacts = contacts
        contactsStamp = contacts.flatMap { FileStamp(path: $0.path) }
    }

    /// WhatsApp's messages take the ids WhatsApp's text exports give them.
    public var messageIDFamily: String? { apps.contains(.whatsapp) ? "whatsapp" : nil }

    public var expectedShape: String {
        "an iPhone backup folder (Info.plist, Manifest.plist, Manifest.db and the files under 00/ … ff/)"
    }

    public func canImport(_ url: URL) -> Bool { IOSBackup.isBackup(url) }

    /// Where each app keeps its database and files in a backup.
    enum Place {
        static let messagesDomain = "HomeDomain"
        static let messagesDatabase = "Library/SMS/sms.db"
        static let messagesMediaDomain = "MediaDomain"
        static let messagesMediaFolder = "Library/SMS/"
        static let whatsappDomain = "AppDomainGroup-group.net.whatsapp.WhatsApp.shared"
        static let whatsappDatabase = "ChatStorage.sqlite"
        static let whatsappContacts = "ContactsV2.sqlite"
        static let whatsappMediaFolder = "Message/"
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let backup = try IOSBackup(
            folder: source.url, displayPath: source.displayPath,
            passphrase: passphrase ?? context.backupPassphrase ?? ProcessInfo.processInfo.environment[IOSBackup.passphraseVariable],
            workspace: context.workspace)
        var found: [App] = []
        for app in apps {
            switch app {
            case .messages:
                guard let database = try database(Place.messagesDomain, Place.messagesDatabase, in: backup) else { continue }
                found.append(app)
                var attachments = IMessageAttachments(root: backup.filesFolder)
                attachments.backupFiles = try IOSBackupFiles(
                    backup: backup, domain: Place.messagesMediaDomain, prefix: Place.messagesMediaFolder)
                // The phone's address book names the handles.
                let addressBook = try self.database(IOSAddressBook.domain, IOSAddressBook.path, in: backup)
                try IMessageImporter(contacts: contacts).read(
                    database.url, displayPath: database.displayPath, attachments: attachments, context: context,
                    moreContacts: addressBook.map { book in
                        { contacts in IOSAddressBook.read(book.url, displayPath: book.displayPath, into: &contacts) }
                    }, body)
            case .whatsapp:
                guard let database = try database(Place.whatsappDomain, Place.whatsappDatabase, in: backup) else { continue }
                found.append(app)
                let files = try IOSBackupFiles(backup: backup, domain: Place.whatsappDomain, prefix: Place.whatsappMediaFolder)
                var reader = WhatsAppIOSReader(
                    database: try WhatsAppIOSDatabase(database.url, displayPath: database.displayPath),
                    media: WhatsAppMediaLocator(backupFiles: files), mediaFolder: backup.filesFolder)
                if let contactsFile = try self.database(Place.whatsappDomain, Place.whatsappContacts, in: backup) {
                    try WhatsAppIOSContacts.read(contactsFile.url, displayPath: contactsFile.displayPath, into: &reader.names)
                }
                try reader.read(context: context, body)
            }
        }
        guard !found.isEmpty else {
            let places = apps.map { app in
                switch app {
                case .messages: "\(Place.messagesDomain)/\(Place.messagesDatabase) (Messages)"
                case .whatsapp: "\(Place.whatsappDomain)/\(Place.whatsappDatabase) (WhatsApp)"
                }
            }
            throw TranscriptsError(
                file: source.displayPath,
                message: "this iPhone backup holds no database of the apps transcripts reads: its manifest lists none of \(places.joined(separator: ", "))")
        }
    }

    /// An app's database in the backup: its stored file and how messages name it; nil when the manifest does not
    /// list it (the app is not installed); an error when the manifest lists it but the backup lacks the file.
    private func database(_ domain: String, _ path: String, in backup: IOSBackup) throws -> (url: URL, displayPath: String)? {
        guard let fileID = try backup.fileID(domain: domain, path: path) else { return nil }
        let displayPath = "\(backup.displayPath)/\(domain)/\(path)"
        guard let url = backup.storedURL(fileID) else {
            throw TranscriptsError(
                file: displayPath,
                message: "the backup's manifest lists this file as \(IOSBackup.storedPath(fileID) ?? fileID), which is not in the backup's folder")
        }
        return (url, displayPath)
    }
}
