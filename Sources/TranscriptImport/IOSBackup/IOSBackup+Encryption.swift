import Crypto
import Foundation
import TranscriptModel
import TranscriptSupport

/// An encrypted backup: `Manifest.plist`'s `BackupKeyBag` opened with the passphrase (`IOSBackupKeybag`),
/// `Manifest.db` decrypted with `ManifestKey` (4 bytes, the protection class, little-endian, then the wrapped
/// key), and each file with the key its `Files.file` (an archived `MBFile`) holds: `EncryptionKey` (the class
/// in 4 bytes, then the wrapped key), `ProtectionClass` and `Size`. Files are AES-256-CBC with a zero IV.
extension IOSBackup {
    /// The environment variable that gives an encrypted backup's passphrase.
    static let passphraseVariable = "TRANSCRIPTS_BACKUP_PASSPHRASE"

    /// The keybag and the decrypted `Manifest.db` (in `workspace`).
    static func openEncrypted(
        _ folder: URL, displayPath: String, passphrase: String?, workspace: URL?
    ) throws -> (IOSBackupKeybag, URL) {
        let plistPath = displayPath + "/Manifest.plist"
        guard let passphrase, !passphrase.isEmpty else {
            throw TranscriptsError(
                file: plistPath,
                message: "this iPhone backup is encrypted (IsEncrypted): give its passphrase in the environment variable \(passphraseVariable)")
        }
        guard let workspace else {
            throw TranscriptsError(file: plistPath, message: "this iPhone backup is encrypted: only transcripts build reads encrypted backups")
        }
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("Manifest.plist")),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let keybagData = plist["BackupKeyBag"] as? Data, let manifestKey = plist["ManifestKey"] as? Data, manifestKey.count > 4
        else {
            throw TranscriptsError(file: plistPath, message: "this iPhone backup is encrypted, but its Manifest.plist has no BackupKeyBag or ManifestKey")
        }
        let keybag = try IOSBackupKeybag(keybagData, passphrase: passphrase, displayPath: plistPath)
        let bytes = Array(manifestKey)
        let protectionClass = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        let manifestPath = displayPath + "/" + manifestName
        do {
            let key = try keybag.unwrap(Array(bytes[4...]), protectionClass: protectionClass)
            let encrypted = try Data(contentsOf: folder.appendingPathComponent(manifestName))
            let target = workspace.appendingPathComponent("ios-backup-" + ContentName.of(Data(folder.path.utf8))).appendingPathComponent(manifestName)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try IOSBackupKeybag.decrypt(encrypted, key: key).write(to: target)
            return (keybag, target)
        } catch let error as TranscriptsError {
            throw error
        } catch {
            throw TranscriptsError(file: manifestPath, message: "cannot decrypt the encrypted backup's manifest with its ManifestKey")
        }
    }

    /// Decrypts the stored file `url` into `target`, with the key the manifest's `file` column gives; the target,
    /// or nil when the manifest has no key for it.
    func decrypt(_ url: URL, fileID: String, keybag: IOSBackupKeybag, to target: URL) throws -> URL? {
        guard let blob = try manifest.rows("SELECT file FROM Files WHERE fileID = ?", [.text(fileID)]).first?["file"].bytes,
              let (wrapped, protectionClass, size) = Self.fileKey(blob)
        else { return nil }
        let key = try keybag.unwrap(wrapped, protectionClass: protectionClass)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try IOSBackupKeybag.decrypt(try Data(contentsOf: url), key: key, size: size).write(to: target)
        return target
    }

    /// An archived `MBFile`'s wrapped key (its `EncryptionKey` without the 4 bytes of class), protection class and
    /// size; nil when it has none.
    static func fileKey(_ blob: [UInt8]) -> (wrapped: [UInt8], protectionClass: UInt32, size: Int?)? {
        guard let archive = (try? BinaryPropertyList.parse(blob))?.dictionary,
              let objects = archive["$objects"]?.array,
              let root = archive["$top"]?.dictionary?["root"]?.uid, objects.indices.contains(root),
              let file = objects[root].dictionary,
              let keyReference = file["EncryptionKey"]?.uid, objects.indices.contains(keyReference)
        else { return nil }
        let keyObject = objects[keyReference]
        guard let keyData = keyObject.dictionary?["NS.data"]?.data ?? keyObject.data, keyData.count > 4 else { return nil }
        let protectionClass = file["ProtectionClass"]?.integer.map { UInt32(truncatingIfNeeded: $0) }
            ?? (UInt32(keyData[0]) | UInt32(keyData[1]) << 8 | UInt32(keyData[2]) << 16 | UInt32(keyData[3]) << 24)
        return (Array(keyData[4...]), protectionClass, file["Size"]?.integer.map { Int($0) })
    }
}
