import Foundation
import TranscriptSupport

/// The output a build replaced, kept beside the new one (`.NAME.spare`) for the next build to start from.
///
/// An incremental build makes a whole new site in a staging folder, most of it hard links to the current
/// output's files. Starting from an empty folder, that is one link per unchanged file, and one unlink per file
/// to remove the replaced output afterwards: most of a one-message edit's commit. Started from the spare, a
/// file the spare already holds as the same file as the output's (same device and inode) is kept as it is;
/// only the files that changed in the last two builds are unlinked and made again, and what the new site does
/// not have is swept away before the exchange.
///
/// What the spare holds never matters for the result: a file is kept only when it is the output's own file,
/// every other path is cleared before it is made, and everything not made is removed. A spare is kept only
/// after a build that took most of its files over unchanged, so it costs little room (the old bytes of the
/// files that changed).
enum SpareFolder {
    /// The spare of the output folder `name` in `parent`.
    static func path(of name: String, in parent: String) -> String {
        parent + "/." + name + ".spare"
    }

    /// Moves the spare to `staging` (which must not exist); whether there was one to move.
    static func take(_ spare: String, to staging: String) -> Bool {
        var info = stat()
        guard lstat(spare, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return rename(spare, staging) == 0
    }

    /// Whether the spare's entry at `path` is the file `info` describes (the output's file): the same file.
    static func holds(_ path: String, sameAs info: stat) -> Bool {
        var own = stat()
        guard lstat(path, &own) == 0, own.st_mode & S_IFMT == S_IFREG else { return false }
        return own.st_ino == info.st_ino && own.st_dev == info.st_dev
    }

    /// Clears `path` for a new file: removes whatever the spare has there, a file or a folder.
    static func clear(_ path: String) {
        if unlink(path) != 0, errno == EISDIR || errno == EPERM {
            FolderRemoval.remove(path)
        }
    }

    /// Makes the folder `folder` (an absolute path inside `root`), removing a file of the spare that stands
    /// where it or one of the folders above it should be.
    static func makeFolder(_ folder: String, inside root: String) throws {
        var partial = root
        for component in folder.dropFirst(root.count + 1).split(separator: "/") {
            partial += "/" + component
            var info = stat()
            if lstat(partial, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { unlink(partial) }
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Removes everything in `root` (a staging folder made from a spare) that is not one of `kept` (paths
    /// relative to it), and the folders left empty.
    static func sweep(_ root: String, keeping kept: Set<String>) {
        sweep(root, relative: "", keeping: kept)
    }

    /// Sweeps the folder `root + "/" + relative`; whether it is empty afterwards.
    @discardableResult
    private static func sweep(_ root: String, relative: String, keeping kept: Set<String>) -> Bool {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let entries = FolderEntries.list(folder) else { return false }
        var empty = true
        for entry in entries {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.isFolder {
                if sweep(root, relative: path, keeping: kept) {
                    rmdir(root + "/" + path)
                } else {
                    empty = false
                }
            } else if kept.contains(path) {
                empty = false
            } else {
                unlink(root + "/" + path)
            }
        }
        return empty
    }
}
