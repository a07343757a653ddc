#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The folders found missing or present while many paths under them are looked up (by one task: the value is
/// not shared). Nothing can be at a path whose folder does not exist, so an export whose media folder is
/// missing (an export made without its media) costs one look-up per folder, not one per file.
package struct FolderPresence {
    private var missing: Set<String> = []
    private var present: Set<String> = []
    /// The folder of the path asked about last, and whether it is missing: paths come folder by folder, so most
    /// often the next one's folder is the same, and then no string is made or hashed for it.
    private var last: (folder: String, isMissing: Bool)?

    package init() {}

    /// Whether there is nothing at all at `path`, not even a link (`lstat` fails with `ENOENT`). `path` is
    /// absolute, with no `.` or `..` part and no empty one.
    package mutating func isMissing(_ path: String) -> Bool {
        var path = path
        // The folder's length, and whether it is the last one's (compared in place, byte for byte).
        let (folderLength, isLast) = path.withUTF8 { bytes -> (Int?, Bool) in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return (nil, false) }
            guard var folder = last?.folder, folder.utf8.count == slash else { return (slash, false) }
            return (slash, folder.withUTF8 { memcmp($0.baseAddress!, bytes.baseAddress!, slash) == 0 })
        }
        if let folderLength {
            if isLast, let last {
                if last.isMissing { return true }
            } else {
                let folder = String(path.utf8.prefix(folderLength))!
                let isMissing = folderIsMissing(folder)
                last = (folder, isMissing)
                if isMissing { return true }
            }
        }
        return Self.nothing(at: path)
    }

    /// Whether there is nothing at `folder`, looked up once.
    private mutating func folderIsMissing(_ folder: String) -> Bool {
        if missing.contains(folder) { return true }
        if present.contains(folder) { return false }
        if Self.nothing(at: folder) {
            missing.insert(folder)
            return true
        }
        present.insert(folder)
        return false
    }

    private static func nothing(at path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && errno == ENOENT
    }
}
