import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// Encrypted iPhone backups: the keybag, the manifest and the files decrypted with the passphrase.
@Suite struct IOSBackupEncryptionTests {
    /// The backup of `IOSBackupImporterTests` and `WhatsAppIOSFixture`, encrypted when `passphrase` is given.
    static func backup(passphrase: String? = nil) throws -> IOSBackupFixture {
        var backup = try IOSBackupImporterTests.messagesBackup()
        backup.entries += try WhatsAppIOSFixture.backup().entries
        backup.encryption = passphrase.map { IOSBackupEncryption(passphrase: $0) }
        return backup
    }

    @Test func anEncryptedBackupReadsAsTheSameUnencryptedOne() throws {
        let plain = try Self.backup().read(me: ["Me Myself"])
        var importer = IOSBackupImporter()
        importer.passphrase = "correct horse"
        let encrypted = try Self.backup(passphrase: "correct horse").read(importer, me: ["Me Myself"])
        #expect(encrypted.conversations.map(\.conversation) == plain.conversations.map(\.conversation))
        #expect(encrypted.conversations.map(\.warnings) == plain.conversations.map(\.warnings))
        // The files are decrypted into the workspace, where the conversations' media folder is.
        let folder = encrypted.conversations[0].mediaFolder
        #expect(folder.path.contains("/work/"))
        guard case .photo(let photo) = encrypted.conversations[0].conversation.messages[1].kind, let file = photo.file else {
            Issue.record("no photo")
            return
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == Data([0xFF, 0xD8, 0xFF, 0xE0]))
    }

    @Test func aWrongPassphraseIsAnError() throws {
        var importer = IOSBackupImporter()
        importer.passphrase = "wrong"
        #expect(IOSBackupImporterTests.error { _ = try Self.backup(passphrase: "correct horse").read(importer) }
            == "Backup/Manifest.plist: the passphrase does not open this encrypted backup (a class key does not unwrap with it)")
    }

    @Test func withoutAPassphraseTheErrorSaysWhereToGiveIt() throws {
        #expect(IOSBackupImporterTests.error { _ = try Self.backup(passphrase: "correct horse").read() }
            == "Backup/Manifest.plist: this iPhone backup is encrypted (IsEncrypted): give its passphrase in the environment variable TRANSCRIPTS_BACKUP_PASSPHRASE")
    }

    @Test func anArchivedMBFileGivesItsKey() throws {
        let wrapped = [3, 0, 0, 0] + [UInt8](repeating: 7, count: 40)
        let key = try #require(IOSBackup.fileKey(BinaryPlistWriter.mbFile(encryptionKey: wrapped, protectionClass: 3, size: 1234)))
        #expect(key.wrapped == [UInt8](repeating: 7, count: 40))
        #expect(key.protectionClass == 3)
        #expect(key.size == 1234)
        #expect(IOSBackup.fileKey(Array("bplist00 not really".utf8)) == nil)
        #expect(IOSBackup.fileKey([]) == nil)
    }

    @Test func keybagRecords() {
        let bytes = IOSBackupEncryption.record("VERS", [0, 0, 0, 3]) + IOSBackupEncryption.record("SALT", [1, 2])
        #expect(IOSBackupKeybag.records(bytes).map(\.tag) == ["VERS", "SALT"])
        #expect(IOSBackupKeybag.records(bytes).last?.value == [1, 2])
        // Cut short: nothing.
        #expect(IOSBackupKeybag.records(Array(bytes.dropLast())).isEmpty)
    }
}
