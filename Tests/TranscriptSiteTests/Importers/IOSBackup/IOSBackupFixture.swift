import Crypto
import Foundation

@testable import TranscriptImport
@testable import TranscriptModel

/// An unencrypted iPhone backup folder written by a test, following the layout's public descriptions:
///
/// - `Info.plist`, `Manifest.plist` (`IsEncrypted` false) and `Manifest.db`, whose `Files` table lists every
///   file: `fileID` (the SHA-1 of `Domain-relativePath`, in hex), `domain`, `relativePath`, `flags` (1 a file,
///   2 a folder, 4 a symbolic link) and `file` (an archived `MBFile` property list, left empty here: transcripts
///   does not read it). Sources: KnugiHK/WhatsApp-Chat-Exporter `Whatsapp_Chat_Exporter/ios_media_handler.py`
///   (the query `SELECT fileID, relativePath, flags, file FROM Files WHERE domain = …`, flags 1 and 2, the file
///   at `<backup>/<fileID[:2]>/<fileID>`), iLEAPP's and iphone_backup_decrypt's descriptions of `Manifest.db`
///   (`Files` and `Properties` tables).
/// - each file stored at `xx/<fileID>`, `xx` the first two hex digits.
struct IOSBackupFixture {
    struct Entry {
        var domain: String
        var path: String
        /// The file's bytes; nil for a file the manifest lists but the folder lacks.
        var contents: Data?
    }

    var entries: [Entry] = []
    /// Whether `Manifest.plist` says the backup is encrypted (without its keys).
    var encrypted = false
    /// Encrypts the backup (`IOSBackupFixture+Encryption.swift`) with this passphrase.
    var encryption: IOSBackupEncryption?
    /// Whether `Manifest.db` is written.
    var hasManifest = true

    /// The `fileID` of a file: the SHA-1 of `Domain-relativePath`.
    static func fileID(domain: String, path: String) -> String {
        Insecure.SHA1.hash(data: Data("\(domain)-\(path)".utf8)).map { String(format: "%02x", $0) }.joined()
    }

    mutating func add(_ domain: String, _ path: String, _ contents: Data?) {
        entries.append(Entry(domain: domain, path: path, contents: contents))
    }

    mutating func add(_ domain: String, _ path: String, text: String) {
        add(domain, path, Data(text.utf8))
    }

    /// Adds a SQLite database made from `sql`.
    mutating func add(_ domain: String, _ path: String, database sql: String, name: String = #function) throws {
        add(domain, path, try Self.database(sql, name: name))
    }

    /// The bytes of a SQLite database made from `sql`.
    static func database(_ sql: String, name: String = #function) throws -> Data {
        let folder = try TestSupport.temporaryFolder(name + "-db")
        let url = folder.appendingPathComponent("made.sqlite")
        try? FileManager.default.removeItem(at: url)
        do {
            let database = try SQLiteDatabase.openForWriting(url)
            try database.execute(sql)
        }
        return try Data(contentsOf: url)
    }

    /// Writes the backup into `folder`.
    func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let info: [String: Any] = ["Device Name": "Test iPhone", "Product Type": "iPhone15,2", "Product Version": "17.5"]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: folder.appendingPathComponent("Info.plist"))
        var manifest: [String: Any] = ["IsEncrypted": encrypted || encryption != nil, "Version": "10.0", "Lockdown": ["ProductVersion": "17.5"]]
        if let encryption {
            manifest["BackupKeyBag"] = try encryption.keybag()
            manifest["ManifestKey"] = try encryption.wrappedManifestKey()
        }
        try PropertyListSerialization.data(fromPropertyList: manifest, format: .xml, options: 0)
            .write(to: folder.appendingPathComponent("Manifest.plist"))
        guard hasManifest else { return }
        let manifestURL = folder.appendingPathComponent("Manifest.db")
        try writeManifest(manifestURL, folder: folder)
        if let encryption {
            try IOSBackupEncryption.encrypt(try Data(contentsOf: manifestURL), with: encryption.manifestKey).write(to: manifestURL)
        }
    }

    private func writeManifest(_ manifestURL: URL, folder: URL) throws {
        let database = try SQLiteDatabase.openForWriting(manifestURL)
        try database.execute("""
            CREATE TABLE Files (fileID TEXT PRIMARY KEY, domain TEXT, relativePath TEXT, flags INTEGER, file BLOB);
            CREATE INDEX FilesDomainIdx ON Files(domain);
            CREATE INDEX FilesRelativePathIdx ON Files(relativePath);
            CREATE TABLE Properties (key TEXT PRIMARY KEY, value BLOB);
            """)
        var folders: Set<String> = []
        for entry in entries {
            // Each folder of the path is listed too (flags 2), as backups list them.
            var parts = entry.path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                let path = parts.joined(separator: "/")
                if folders.insert(entry.domain + "-" + path).inserted {
                    try database.forEachRow(
                        "INSERT INTO Files VALUES (?, ?, ?, 2, X'')",
                        [.text(Self.fileID(domain: entry.domain, path: path)), .text(entry.domain), .text(path)]) { _ in }
                }
                parts = parts.dropLast()
            }
            let fileID = Self.fileID(domain: entry.domain, path: entry.path)
            var contents = entry.contents
            var archive: [UInt8] = []
            if let encryption, let plain = contents {
                (contents, archive) = try encryption.encryptFile(plain)
            }
            try database.forEachRow(
                "INSERT INTO Files VALUES (?, ?, ?, 1, ?)", [.text(fileID), .text(entry.domain), .text(entry.path), .blob(archive)]) { _ in }
            guard let contents else { continue }
            let stored = folder.appendingPathComponent(String(fileID.prefix(2))).appendingPathComponent(fileID)
            try FileManager.default.createDirectory(at: stored.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: stored)
        }
    }

    /// Writes the backup into a new folder named `Backup` and reads it with `importer` (with a workspace
    /// beside it, `work`, for what an encrypted backup decrypts).
    func read(
        _ importer: IOSBackupImporter = IOSBackupImporter(), me: [String] = [], name: String = #function
    ) throws -> (folder: URL, conversations: [ImportedConversation]) {
        let root = try TestSupport.temporaryFolder(name)
        let folder = root.appendingPathComponent("Backup")
        try write(to: folder)
        var result: [ImportedConversation] = []
        var context = ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: me)
        context.workspace = root.appendingPathComponent("work")
        try importer.importConversations(from: ExportSource(url: folder, displayPath: "Backup"), context: context) {
            result.append($0)
        }
        return (folder, result)
    }
}
