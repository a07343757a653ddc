import Foundation

/// The files an app keeps under one folder of its backup domain (Messages' `Library/SMS/` in `MediaDomain`,
/// WhatsApp's `Message/` in its app group), looked up by the path the app's database names: where the backup
/// stores each (`ab/ab12…`, relative to the backup's folder, which is the conversations' media folder).
struct IOSBackupFiles: Sendable {
    /// The domain, as warnings name it: `MediaDomain`.
    let domain: String
    /// The folder inside the domain that the database's paths are relative to: `Library/SMS/`.
    let prefix: String
    /// Each file's `fileID`, by its path relative to `prefix`.
    let fileIDs: [String: String]
    /// The folder the stored paths are relative to: the backup's, or an encrypted backup's decrypted files'.
    let folder: URL

    /// Where a file named by the database is, or why it is not.
    enum Location: Equatable {
        /// Stored at this path, relative to the backup's folder.
        case stored(String)
        /// The manifest does not list it (not backed up: kept in iCloud, or deleted).
        case notInManifest
        /// The manifest lists it with this `fileID`, but the backup's folder lacks the file.
        case missing(fileID: String)
    }

    init(backup: IOSBackup, domain: String, prefix: String) throws {
        self.domain = domain
        self.prefix = prefix
        folder = backup.filesFolder
        var ids: [String: String] = [:]
        for (path, fileID) in try backup.files(in: domain, under: prefix) {
            ids[String(path.dropFirst(prefix.count))] = fileID
            // An encrypted backup's files are decrypted now, into `filesFolder`, where `locate` finds them.
            if backup.decryption != nil { _ = backup.storedURL(fileID) }
        }
        fileIDs = ids
    }

    /// The file at `path` (relative to `prefix`).
    func locate(_ path: String) -> Location {
        guard let fileID = fileIDs[path] else { return .notInManifest }
        guard let stored = IOSBackup.storedPath(fileID) else { return .missing(fileID: fileID) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(stored).path, isDirectory: &isFolder),
              !isFolder.boolValue
        else { return .missing(fileID: fileID) }
        return .stored(stored)
    }

    /// The warning for the files of a chat that could not be found (each `(path, location)`), naming the first
    /// three; nil when there are none.
    func warning(_ problems: [(path: String, location: Location)], in what: String) -> String? {
        var notListed: [String] = []
        var missing: [String] = []
        for (path, location) in problems {
            switch location {
            case .notInManifest: notListed.append(prefix + path)
            case .missing(let fileID): missing.append("\(prefix + path) (\(fileID))")
            case .stored: continue
            }
        }
        var parts: [String] = []
        if !missing.isEmpty {
            parts.append("\(Self.count(missing.count)) the manifest lists \(missing.count == 1 ? "is" : "are") not in the backup's folder: \(Self.listed(missing))")
        }
        if !notListed.isEmpty {
            parts.append("\(Self.count(notListed.count)) \(notListed.count == 1 ? "is" : "are") not in the backup (its manifest does not list \(notListed.count == 1 ? "it" : "them")): \(Self.listed(notListed))")
        }
        guard !parts.isEmpty else { return nil }
        return "\(what): \(parts.joined(separator: "; ")) [\(domain)]; shown as placeholders"
    }

    private static func count(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }

    private static func listed(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
    }
}
