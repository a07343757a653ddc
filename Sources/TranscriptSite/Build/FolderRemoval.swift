import Dispatch
import Foundation
import TranscriptModel
import TranscriptSupport

/// Removes a folder and everything in it on all cores: the previous output at the end of every build is thousands
/// of files, and removing them on one thread was a sixth of a one-message edit's time.
///
/// The folders are listed first; then each folder's files are unlinked by one thread (a file system takes a
/// folder's lock for each unlink, so two threads in one folder wait on each other), the folders with the most
/// files first; then the folders are removed, innermost first. Symbolic links are removed, never followed.
enum FolderRemoval {
    /// Removes `path` and everything in it, as far as it can; whether nothing is left.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        guard info.st_mode & S_IFMT == S_IFDIR else { return unlink(path) == 0 }
        var folders: [Folder] = []
        list(path, into: &folders)
        // Largest first: the one thread that takes it is busy while the others share the rest.
        let order = folders.indices.sorted { folders[$0].files.count > folders[$1].files.count }
        let shared = folders
        DispatchQueue.concurrentPerform(iterations: order.count) { position in
            let folder = shared[order[position]]
            // Each path joined at once and handed to the system in place (a string passed as a C string is
            // copied into a new array first).
            for file in folder.files { _ = String.joining(folder.path, "/", file).withCString { unlink($0) } }
        }
        // Listed outer before inner: removed in the opposite order.
        for folder in folders.reversed() { _ = rmdir(folder.path) }
        if lstat(path, &info) == 0 {
            // What a path built from a name could not reach (a name that is not UTF-8): Foundation's way.
            try? FileManager.default.removeItem(atPath: path)
        }
        return lstat(path, &info) != 0 && errno == ENOENT
    }

    /// A folder's path and the names of what is in it that is not a folder.
    private struct Folder: Sendable {
        var path: String
        var files: [String]
    }

    /// Lists `path` and the folders in it, at any depth, outer ones before inner ones.
    private static func list(_ path: String, into folders: inout [Folder]) {
        guard let entries = FolderEntries.list(path) else { return }
        var files: [String] = []
        var inner: [String] = []
        for entry in entries {
            if entry.isFolder { inner.append(path + "/" + entry.name) } else { files.append(entry.name) }
        }
        folders.append(Folder(path: path, files: files))
        for folder in inner { list(folder, into: &folders) }
    }
}
