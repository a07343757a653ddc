import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSupport

/// One look-up of a file an export names (a photo, an avatar, ...) and what it gave: the build cache reuses
/// a conversation's pages only while every one of its look-ups would give the same again.
struct MediaDependency: Equatable, Sendable {
    /// The export's media folder, as the importer gave it.
    package var folder: String
    /// The path as the export names it.
    package var path: String
    var imageOnly: Bool
    /// For a file that was found: its real path, its stamp when it was read (nil when it was too new to
    /// trust) and its path in the site.
    package var source: String?
    var stamp: FileStamp?
    var sitePath: String?
    /// For a file that was refused: why.
    var refusal: String?

    init(folder: String, path: String, imageOnly: Bool) {
        self.folder = folder
        self.path = path
        self.imageOnly = imageOnly
    }

    /// Whether looking the file up now would give the same as when this was recorded, without reading it.
    /// `realFolders` keeps the real paths of media folders between calls.
    func isUnchanged(realFolders: inout [String: String]) -> Bool {
        var folders = FolderPresence()
        return isUnchanged(realFolders: &realFolders, folders: &folders)
    }

    /// The same, for one of many dependencies checked in turn: `folders` keeps what was found of their folders.
    func isUnchanged(realFolders: inout [String: String], folders: inout FolderPresence) -> Bool {
        let root: String
        if let known = realFolders[folder] {
            root = known
        } else {
            root = Self.realPath(of: folder)
            realFolders[folder] = root
        }
        // The quick way for a file that was missing: still nothing at all at a plain path (no `.` or `..`).
        if refusal == Self.missing {
            if let normalized = ExportFile.relativePath(path), ExportFile.isPlain(normalized) {
                return folders.isMissing(String.joining(root, "/", normalized))
            }
        }
        // The quick way for a file that was found: the same real file with the same stamp, by realpath(3).
        if refusal == nil, let source, let stamp {
            guard let normalized = ExportFile.relativePath(path), let real = realpath(root + "/" + normalized, nil)
            else { return false }
            defer { free(real) }
            let resolved = String(cString: real)
            guard resolved == source, resolved.hasPrefix(root + "/") else { return false }
            return FileStamp(path: resolved) == stamp
        }
        return isUnchangedSlowly
    }

    /// The real path of a media folder, as `isUnchanged` compares paths under it.
    static func realPath(of folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// How a missing file's refusal is recorded.
    private static let missing = "\(MediaCopier.Refusal.missing)"

    /// Whether every one of `dependencies` is unchanged (`isUnchanged`), checked on all cores when there are many.
    static func allUnchanged(_ dependencies: [MediaDependency], realFolders: inout [String: String]) -> Bool {
        for folder in Set(dependencies.map(\.folder)) where realFolders[folder] == nil {
            realFolders[folder] = realPath(of: folder)
        }
        guard dependencies.count > 256 else {
            var folders = FolderPresence()
            return dependencies.allSatisfy { $0.isUnchanged(realFolders: &realFolders, folders: &folders) }
        }
        let roots = realFolders
        let checked = try? chunkRanges(count: dependencies.count, chunkSize: 256).concurrentMap { range in
            var roots = roots
            var folders = FolderPresence()
            return range.allSatisfy { dependencies[$0].isUnchanged(realFolders: &roots, folders: &folders) }
        }
        return checked?.allSatisfy { $0 } ?? false
    }

    /// The same check, through `ExportFile.resolve`, for refused files.
    private var isUnchangedSlowly: Bool {
        switch ExportFile.resolve(path, in: URL(fileURLWithPath: folder)) {
        case .failure(let refusal):
            return self.refusal == "\(refusal)"
        case .success(let url):
            if imageOnly, !MediaCopier.imageExtensions.contains(url.pathExtension.lowercased()) {
                return refusal == "\(MediaCopier.Refusal.notAnImage)"
            }
            guard refusal == nil, source == url.path, let stamp else { return false }
            return FileStamp(path: url.path) == stamp
        }
    }
}
