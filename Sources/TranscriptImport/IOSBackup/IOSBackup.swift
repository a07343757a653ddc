import Foundation
import TranscriptModel
import TranscriptSupport

/// An iPhone backup folder, as Finder, iTunes and `idevicebackup2` write it: `Info.plist`,
/// `Manifest.plist`, `Manifest.db` and the files themselves under `xx/<fileID>`, where `fileID` is the SHA-1 of
/// `Domain-relativePath` and `xx` its first two hex digits.
///
/// Files are found only through `Manifest.db`'s `Files` table (`fileID`, `domain`, `relativePath`, `flags`),
/// never by computing their names; nothing in the folder is ever written (the manifest is opened read-only
/// and immutable). An encrypted backup's manifest and files are decrypted into a workspace first.
struct IOSBackup {
    /// The backup's folder (holding `Manifest.db`).
    let folder: URL
    /// How errors and warnings name the folder.
    let displayPath: String
    let manifest: InspectedDatabase
    /// An encrypted backup's keys, and the folder its files are decrypted into (`xx/<fileID>`, as in the backup).
    let decryption: (keybag: IOSBackupKeybag, folder: URL)?

    /// Where the files given to the model are: the backup's folder, or for an encrypted backup the folder its
    /// files are decrypted into.
    var filesFolder: URL { decryption?.folder ?? folder }

    static let manifestName = "Manifest.db"
    /// `flags` of a regular file in the `Files` table (2 is a folder, 4 a symbolic link).
    static let fileFlag: Int64 = 1

    /// Whether `url` is a backup folder: one holding `Manifest.db`, or the `Manifest.plist` and `Info.plist`
    /// every backup has (a backup without its `Manifest.db` is then an error naming the missing file).
    static func isBackup(_ url: URL) -> Bool {
        let manager = FileManager.default
        guard manager.isDirectory(url) else { return false }
        let manifest = url.appendingPathComponent(manifestName)
        if manager.fileExists(atPath: manifest.path), !manager.isDirectory(manifest) { return true }
        return manager.fileExists(atPath: url.appendingPathComponent("Manifest.plist").path)
            && manager.fileExists(atPath: url.appendingPathComponent("Info.plist").path)
    }

    /// Opens the backup's manifest; an error naming the file when the backup has no `Manifest.db` (iOS 9 and
    /// earlier wrote `Manifest.mbdb`) or a manifest of an unknown layout, or is encrypted and `passphrase` does
    /// not open it. An encrypted backup's manifest and files are decrypted into `workspace`.
    init(folder: URL, displayPath: String, passphrase: String? = nil, workspace: URL? = nil) throws {
        self.folder = folder
        self.displayPath = displayPath
        var manifestURL = folder.appendingPathComponent(Self.manifestName)
        let manifestPath = displayPath + "/" + Self.manifestName
        if Self.isEncrypted(folder) {
            let (keybag, decrypted) = try Self.openEncrypted(
                folder, displayPath: displayPath, passphrase: passphrase, workspace: workspace)
            decryption = (keybag, decrypted.deletingLastPathComponent().appendingPathComponent("files"))
            manifestURL = decrypted
        } else {
            decryption = nil
        }
        guard FileManager.default.fileExists(atPath: manifestURL.path) else {
            let old = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Manifest.mbdb").path)
            throw TranscriptsError(
                file: manifestPath,
                message: "missing: an iPhone backup lists its files in Manifest.db"
                    + (old ? " (this backup has Manifest.mbdb, the manifest of iOS 9 and earlier, which transcripts does not read)" : ""))
        }
        manifest = try InspectedDatabase(manifestURL, displayPath: manifestPath, what: "backup manifest", tables: ["Files"])
        let required = ["fileID", "domain", "relativePath", "flags"]
        let missing = required.filter { !manifest.has("Files", $0) }
        guard missing.isEmpty else {
            throw TranscriptsError(
                file: manifestPath,
                message: manifest.has("Files")
                    ? "a backup manifest of an unknown version: its Files table has no \(missing.joined(separator: ", ")) column\(missing.count == 1 ? "" : "s")"
                    : "a backup manifest of an unknown version: it has no Files table")
        }
    }

    /// Whether `Manifest.plist` says the backup is encrypted.
    static func isEncrypted(_ folder: URL) -> Bool {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("Manifest.plist")),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return false }
        return (plist["IsEncrypted"] as? Bool) ?? false
    }

    /// The regular files of `domain` whose path starts with `prefix`, by relative path: their `fileID`.
    func files(in domain: String, under prefix: String = "") throws -> [String: String] {
        var result: [String: String] = [:]
        // `substr` rather than LIKE: paths hold `_` and `%`, which LIKE would read as patterns.
        try manifest.forEachRow(
            "SELECT fileID, relativePath FROM Files WHERE domain = ? AND flags = ? AND substr(relativePath, 1, ?) = ?",
            [.text(domain), .integer(Self.fileFlag), .integer(Int64(prefix.utf8.count)), .text(prefix)]
        ) { row in
            if let path = row["relativePath"].text, let fileID = row["fileID"].text { result[path] = fileID }
        }
        return result
    }

    /// The `fileID` of one regular file, nil when the manifest does not list it.
    func fileID(domain: String, path: String) throws -> String? {
        try manifest.rows(
            "SELECT fileID FROM Files WHERE domain = ? AND relativePath = ? AND flags = ?",
            [.text(domain), .text(path), .integer(Self.fileFlag)]
        ).first?["fileID"].text
    }

    /// Where a file of the manifest is stored, relative to the backup's folder: `ab/ab12…`; nil for a `fileID`
    /// that is not a plain name (a manifest's values are not trusted).
    static func storedPath(_ fileID: String) -> String? {
        guard fileID.count >= 2, fileID.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return String(fileID.prefix(2)) + "/" + fileID
    }

    /// The stored file of `fileID`, when the backup has it (an encrypted backup's decrypted, under
    /// `filesFolder`); nil when the backup lacks it or it cannot be decrypted.
    func storedURL(_ fileID: String) -> URL? {
        guard let path = Self.storedPath(fileID) else { return nil }
        let url = folder.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        guard let decryption else { return url }
        let target = decryption.folder.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: target.path) { return target }
        return (try? decrypt(url, fileID: fileID, keybag: decryption.keybag, to: target)) ?? nil
    }
}
