import Crypto
import Foundation
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// A digest of an export's files as they are on disk (paths and stamps, not contents): equal fingerprints mean
/// the export was not touched, so the build cache may use what it read from it last time.
enum ExportFingerprint {
    /// Folders deeper than this are not looked into (a symlink loop ends here).
    private static let maximumDepth = 32

    /// The fingerprint of the file or folder at `url` (a folder with everything in it); nil when a file in it
    /// changed too recently to be trusted (see `FileStamp.isRecent`) or it cannot be read.
    package static func of(_ url: URL, now: Int64 = FileStamp.now) -> String? {
        var hash = SHA256()
        var recent = false
        let root = url.standardizedFileURL.path
        var info = stat()
        guard stat(root, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT != S_IFDIR {
            let stamp = FileStamp(info)
            if stamp.isRecent(now: now) { return nil }
            add(stamp, path: "", to: &hash)
            return hash.hexDigest
        }
        walk(root, relative: "", depth: 0, hash: &hash, recent: &recent, now: now)
        return recent ? nil : hash.hexDigest
    }

    private static func walk(_ path: String, relative: String, depth: Int, hash: inout SHA256, recent: inout Bool, now: Int64) {
        guard depth < maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            hash.update("unreadable:" + relative)
            return
        }
        for name in names.sorted() {
            let child = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(child, &info) == 0 else {
                hash.update("broken:" + childRelative)
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                hash.update("folder:" + childRelative)
                walk(child, relative: childRelative, depth: depth + 1, hash: &hash, recent: &recent, now: now)
            } else {
                let stamp = FileStamp(info)
                if stamp.isRecent(now: now) { recent = true }
                add(stamp, path: childRelative, to: &hash)
            }
        }
    }

    private static func add(_ stamp: FileStamp, path: String, to hash: inout SHA256) {
        hash.update("file:" + path)
        hash.update(stamp.size)
        hash.update(stamp.modified)
        hash.update(Int64(bitPattern: stamp.inode))
        hash.update(Int64(bitPattern: stamp.device))
    }
}
