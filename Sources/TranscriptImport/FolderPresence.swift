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

    package init() {}

    /// Whether there is nothing at all at `path`, not even a link (`lstat` fails with `ENOENT`). `path` is
    /// absolute, with no `.` or `..` part and no empty one.
    package mutating func isMissing(_ path: String) -> Bool {
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.utf8.startIndex {
            let folder = String(path[..<slash])
            if missing.contains(folder) { return true }
            if !present.contains(folder) {
                if Self.nothing(at: folder) {
                    missing.insert(folder)
                    return true
                }
                present.insert(folder)
            }
        }
        return Self.nothing(at: path)
    }

    private static func nothing(at path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && errno == ENOENT
    }
}
