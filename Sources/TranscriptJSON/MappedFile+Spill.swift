import TranscriptSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MappedFile {
    /// `bytes` moved out of the process's memory: written to a new file in `folder`, mapped read-only and the
    /// file removed at once (the mapping keeps its bytes until it is let go). Reading them reads the file's
    /// pages, which the system can drop and read again, where bytes held in memory stay resident until freed.
    package static func spilling(_ bytes: [UInt8], in folder: String) throws -> MappedFile {
        try spilling(in: folder) { writer in
            _ = try bytes.withUnsafeBytes { try writer.append($0) }
        }
    }

    /// What `write` gives a `SpillWriter` moved out of memory like `spilling(_:in:)`: one file, mapped once.
    package static func spilling(in folder: String, _ write: (inout SpillWriter) throws -> Void) throws -> MappedFile {
        let path = folder + "/spill-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #else
        let descriptor = Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #endif
        guard descriptor >= 0 else { throw SpillWriter.failure("create", in: folder) }
        defer { unlink(path) }
        var writer = SpillWriter(descriptor: descriptor, folder: folder)
        do {
            try write(&writer)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw SpillWriter.failure("write", in: folder) }
        guard let file = MappedFile(path: path) else { throw SpillWriter.failure("map", in: folder) }
        return file
    }

    /// Writes runs of bytes one after another into the file `spilling(in:_:)` makes, each from an offset that is
    /// a multiple of 8 unless said otherwise, so that numbers of any size can be read where they lie once the file
    /// is mapped.
    package struct SpillWriter {
        fileprivate let descriptor: Int32
        fileprivate let folder: String
        /// How many bytes were written so far.
        package private(set) var size = 0

        fileprivate init(descriptor: Int32, folder: String) {
            self.descriptor = descriptor
            self.folder = folder
        }

        /// Writes `bytes` from the next offset that is a multiple of `alignment` (a power of two, at most 8): the
        /// offset in the file where they begin.
        package mutating func append(_ bytes: UnsafeRawBufferPointer, alignment: Int = 8) throws -> Int {
            precondition(alignment > 0 && alignment <= 8 && alignment & (alignment - 1) == 0)
            let padding = (alignment - size % alignment) % alignment
            if padding > 0 {
                let zeros: UInt64 = 0
                try withUnsafeBytes(of: zeros) { try writeAll(UnsafeRawBufferPointer(rebasing: $0[..<padding])) }
            }
            let start = size
            try writeAll(bytes)
            return start
        }

        private mutating func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw Self.failure("write", in: folder) }
                offset += count
            }
            size += bytes.count
        }

        fileprivate static func failure(_ doing: String, in folder: String) -> TranscriptsError {
            let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
            return TranscriptsError(file: folder, message: "cannot \(doing) a file of the build's own (\(reason))")
        }
    }
}
