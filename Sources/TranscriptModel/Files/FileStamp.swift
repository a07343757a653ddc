import Foundation
import TranscriptSupport

/// What the build cache compares of a file to know it is unchanged without reading it: size, modification
/// time (nanoseconds), inode and device.
package struct FileStamp: Codable, Equatable, Hashable, Sendable {
    package var size: Int64
    package var modified: Int64
    package var inode: UInt64
    package var device: UInt64

    package init(size: Int64, modified: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
        self.device = device
    }

    /// The stamp of the regular file at `path` (symlinks followed); nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    package init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        size = Int64(info.st_size)
        self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    /// Whether the file was changed so shortly before `now` (nanoseconds since 1970) that a further change
    /// within the file system's timestamp granularity could leave the stamp as it is. Such a file is read
    /// again by the next build rather than trusted.
    package func isRecent(now: Int64) -> Bool {
        modified > now - Self.racyWindow
    }

    /// Two seconds: the coarsest modification times in use (FAT) are that fine.
    static let racyWindow: Int64 = 2_000_000_000

    /// Now, in nanoseconds since 1970.
    package static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

extension BinaryWriter {
    /// A file's stamp: its size and time as signed numbers, its inode and device (`BinaryReader.readStamp`).
    package mutating func write(_ stamp: FileStamp) {
        write(signed: stamp.size)
        write(signed: stamp.modified)
        write(stamp.inode)
        write(stamp.device)
    }
}

extension BinaryReader {
    /// A stamp as `BinaryWriter.write(_:)` wrote it.
    package mutating func readStamp() throws -> FileStamp {
        FileStamp(size: try readSigned(), modified: try readSigned(), inode: try readUInt64(), device: try readUInt64())
    }
}
