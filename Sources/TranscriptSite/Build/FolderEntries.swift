#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a folder holds, read with `readdir` (no `FileManager`: a site's output can hold a hundred thousand
/// files, listed on every incremental build).
enum FolderEntries {
    /// The names in the folder at `path` (without `.` and `..`), each with whether it is a folder (a link to one is
    /// not); nil when the folder cannot be opened.
    static func list(_ path: String) -> [(name: String, isFolder: Bool)]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            // Some file systems do not say; then the entry is looked at.
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                var info = stat()
                isFolder = lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        return entries
    }
}
