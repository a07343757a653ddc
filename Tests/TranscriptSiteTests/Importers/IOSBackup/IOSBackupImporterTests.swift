import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// iPhone backup folders: detection, the manifest, the Messages database and its attachments, and errors.
@Suite struct IOSBackupImporterTests {
    static func error(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return TranscriptsError.sentence(for: error)
        }
    }

    /// A backup with Messages (`sms.db`, one chat with a photo in the backup and one that is not) and nothing else.
    static func messagesBackup() throws -> IOSBackupFixture {
        typealias Support = IMessageTestSupport
        let rows = """
            INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001111', 'SMS');
            INSERT INTO chat (ROWID, guid, style, chat_identifier) VALUES (1, 'SMS;-;+15550001111', 45, '+15550001111');
            INSERT INTO chat_handle_join VALUES (1, 1);
            INSERT INTO message (ROWID, guid, text, handle_id, is_from_me, date) VALUES
              (1, 'G1', 'Hello Bo', 0, 1, \(Support.date("2024-05-01T10:00:00Z"))),
              (2, 'G2', char(65532), 1, 0, \(Support.date("2024-05-01T10:01:00Z"))),
              (3, 'G3', char(65532), 1, 0, \(Support.date("2024-05-01T10:02:00Z")));
            INSERT INTO chat_message_join (chat_id, message_id) SELECT 1, ROWID FROM message;
            INSERT INTO attachment (ROWID, guid, original_guid, filename, mime_type, transfer_name, total_bytes) VALUES
              (1, 'A1', 'A1', '~/Library/SMS/Attachments/ab/01/A1/IMG_0001.jpg', 'image/jpeg', 'IMG_0001.jpg', 4),
              (2, 'A2', 'A2', '~/Library/SMS/Attachments/cd/02/A2/IMG_0002.jpg', 'image/jpeg', 'IMG_0002.jpg', 4);
            INSERT INTO message_attachment_join VALUES (2, 1), (3, 2);
            """
        var backup = IOSBackupFixture()
        try backup.add("HomeDomain", "Library/SMS/sms.db", database: Support.schema + rows)
        backup.add("MediaDomain", "Library/SMS/Attachments/ab/01/A1/IMG_0001.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0]))
        backup.add("HomeDomain", "Library/Preferences/com.apple.example.plist", text: "<plist/>")
        return backup
    }

    @Test func detectsABackupByItsManifest() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("Backup")
        try Self.messagesBackup().write(to: folder)
        #expect(IOSBackup.isBackup(folder))
        #expect(ImporterRegistry.builtIn.detect(folder)?.format == "ios-backup")
        // The stored files themselves are no export of any format.
        let stored = folder.appendingPathComponent(String(IOSBackupFixture.fileID(domain: "HomeDomain", path: "Library/SMS/sms.db").prefix(2)))
        #expect(!IOSBackup.isBackup(stored))
        #expect(ImporterRegistry.builtIn.formats.contains("ios-backup-whatsapp"))
        #expect(ImporterRegistry.builtIn.formats.contains("ios-backup-messages"))
    }

    /// The phone's address book names the handles (phone numbers as written in Contacts, e-mail without case).
    @Test func thePhonesAddressBookNamesTheHandles() throws {
        var backup = try Self.messagesBackup()
        try backup.add(IOSAddressBook.domain, IOSAddressBook.path, database: """
            CREATE TABLE ABPerson (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, First TEXT, Last TEXT, Middle TEXT,
                Organization TEXT, Nickname TEXT);
            CREATE TABLE ABMultiValue (UID INTEGER PRIMARY KEY, record_id INTEGER, property INTEGER, identifier INTEGER,
                label INTEGER, value TEXT);
            INSERT INTO ABPerson (ROWID, First, Last, Organization) VALUES (1, 'Bo', 'Berg', NULL), (2, NULL, NULL, 'Acme');
            INSERT INTO ABMultiValue (record_id, property, value) VALUES
              (1, 3, '+1 (555) 000-1111'), (1, 4, 'bo@example.com'), (2, 3, '+1 555 999 0000'), (2, 22, 'https://acme.example');
            """)
        let (_, read) = try backup.read()
        try #require(read.count == 1)
        #expect(read[0].conversation.title == "Bo Berg")
        #expect(read[0].conversation.participants.first { $0.id == "+15550001111" }?.name == "Bo Berg")
        // A contacts file of the config names first; the address book fills in the rest.
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("contacts.yml")
        try "\"+15550001111\": Bo from the config\n".write(to: file, atomically: true, encoding: .utf8)
        let configured = try IOSBackupImporter().configured(
            with: ImporterOptions(["contacts": .string("contacts.yml")], folder: folder))
        let (_, named) = try backup.read(try #require(configured as? IOSBackupImporter))
        #expect(named[0].conversation.title == "Bo from the config")
    }

    @Test func messagesAndTheirAttachmentsThroughTheManifest() throws {
        let (folder, read) = try Self.messagesBackup().read()
        try #require(read.count == 1)
        let imported = read[0]
        #expect(imported.mediaFolder == folder)
        let conversation = imported.conversation
        #expect(conversation.id == "imessage-" + ContentName.of(Data("SMS;-;+15550001111".utf8)).prefix(16))
        #expect(conversation.title == "+15550001111")
        #expect(conversation.messages.map(\.id) == ["G1", "G2", "G3"])
        let fileID = IOSBackupFixture.fileID(domain: "MediaDomain", path: "Library/SMS/Attachments/ab/01/A1/IMG_0001.jpg")
        guard case .photo(let found) = conversation.messages[1].kind else {
            Issue.record("not a photo: \(conversation.messages[1].kind)")
            return
        }
        #expect(found.file == String(fileID.prefix(2)) + "/" + fileID)
        #expect(found.name == "IMG_0001.jpg")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(found.file!).path))
        guard case .photo(let missing) = conversation.messages[2].kind else {
            Issue.record("not a photo: \(conversation.messages[2].kind)")
            return
        }
        #expect(missing.file == nil)
        #expect(missing.name == "IMG_0002.jpg")
        #expect(imported.warnings == [
            "Backup/HomeDomain/Library/SMS/sms.db: chat 1: 1 file is not in the backup (its manifest does not list it): Library/SMS/Attachments/cd/02/A2/IMG_0002.jpg [MediaDomain]; shown as placeholders",
        ])
    }

    @Test func aFileTheManifestListsButTheFolderLacksIsAWarningNamingIt() throws {
        var backup = try Self.messagesBackup()
        backup.entries = backup.entries.map { entry in
            var entry = entry
            if entry.path.hasSuffix("IMG_0001.jpg") { entry.contents = nil }
            return entry
        }
        let (_, read) = try backup.read()
        let fileID = IOSBackupFixture.fileID(domain: "MediaDomain", path: "Library/SMS/Attachments/ab/01/A1/IMG_0001.jpg")
        #expect(read[0].warnings == [
            "Backup/HomeDomain/Library/SMS/sms.db: chat 1: 1 file the manifest lists is not in the backup's folder: Library/SMS/Attachments/ab/01/A1/IMG_0001.jpg (\(fileID)); 1 file is not in the backup (its manifest does not list it): Library/SMS/Attachments/cd/02/A2/IMG_0002.jpg [MediaDomain]; shown as placeholders",
        ])
    }

    @Test func aDatabaseTheManifestListsButTheFolderLacksIsAnError() throws {
        var backup = try Self.messagesBackup()
        backup.entries[0].contents = nil
        let fileID = IOSBackupFixture.fileID(domain: "HomeDomain", path: "Library/SMS/sms.db")
        #expect(Self.error { _ = try backup.read() }
            == "Backup/HomeDomain/Library/SMS/sms.db: the backup's manifest lists this file as \(fileID.prefix(2))/\(fileID), which is not in the backup's folder")
    }

    @Test func aBackupWithoutManifestDBIsAnErrorNamingIt() throws {
        var backup = try Self.messagesBackup()
        backup.hasManifest = false
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("Backup")
        try backup.write(to: folder)
        #expect(IOSBackupImporter().canImport(folder))
        #expect(Self.error { _ = try backup.read() } == "Backup/Manifest.db: missing: an iPhone backup lists its files in Manifest.db")
    }

    @Test func anEncryptedBackupIsAnError() throws {
        var backup = try Self.messagesBackup()
        backup.encrypted = true
        #expect(Self.error { _ = try backup.read() }?.hasPrefix("Backup/Manifest.plist: this iPhone backup is encrypted (IsEncrypted)") == true)
    }

    @Test func aManifestOfAnUnknownVersionIsAnError() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("Backup")
        try IOSBackupFixture().write(to: folder)
        let manifest = folder.appendingPathComponent("Manifest.db")
        try FileManager.default.removeItem(at: manifest)
        try SQLiteDatabase.openForWriting(manifest).execute("CREATE TABLE Files (fileID TEXT, domain TEXT)")
        #expect(Self.error {
            try IOSBackupImporter().importConversations(
                from: ExportSource(url: folder, displayPath: "Backup"), context: IMessageTestSupport.context) { _ in }
        } == "Backup/Manifest.db: a backup manifest of an unknown version: its Files table has no relativePath, flags columns")
    }

    @Test func aBackupWithoutTheAppsIsAnErrorNamingWhereTheyWouldBe() throws {
        var backup = IOSBackupFixture()
        backup.add("HomeDomain", "Library/Preferences/x.plist", text: "<plist/>")
        #expect(Self.error { _ = try backup.read() }
            == "Backup: this iPhone backup holds no database of the apps transcripts reads: its manifest lists none of HomeDomain/Library/SMS/sms.db (Messages), AppDomainGroup-group.net.whatsapp.WhatsApp.shared/ChatStorage.sqlite (WhatsApp)")
        #expect(Self.error { _ = try Self.messagesBackup().read(IOSBackupImporter(apps: [.whatsapp])) }
            == "Backup: this iPhone backup holds no database of the apps transcripts reads: its manifest lists none of AppDomainGroup-group.net.whatsapp.WhatsApp.shared/ChatStorage.sqlite (WhatsApp)")
    }

    @Test func eachAppIsASetOfItsOwnAndTheFormatPicksOne() throws {
        var backup = try Self.messagesBackup()
        for entry in try WhatsAppIOSFixture.backup().entries { backup.entries.append(entry) }
        let all = try backup.read().conversations.map(\.conversation.id)
        #expect(all.count == 3)
        #expect(all.first?.hasPrefix("imessage-") == true)
        #expect(all.dropFirst().allSatisfy { $0.hasPrefix("whatsapp-") })
        let whatsapp = try backup.read(try #require(try ImporterRegistry.builtIn.importer(named: "ios-backup-whatsapp") as? IOSBackupImporter))
        #expect(whatsapp.conversations.map(\.conversation.id) == Array(all.dropFirst()))
        let messages = try backup.read(IOSBackupImporter(apps: [.messages]))
        #expect(messages.conversations.map(\.conversation.id) == [all[0]])
    }

    @Test func nothingInTheBackupIsWritten() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("Backup")
        var backup = try Self.messagesBackup()
        for entry in try WhatsAppIOSFixture.backup().entries { backup.entries.append(entry) }
        try backup.write(to: folder)
        func listing() throws -> [String] {
            let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            return try paths.sorted().map { path in
                let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
                return "\(path) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "")"
            }
        }
        let before = try listing()
        try IOSBackupImporter().importConversations(
            from: ExportSource(url: folder, displayPath: "Backup"), context: IMessageTestSupport.context) { _ in }
        #expect(try listing() == before)
    }
}
