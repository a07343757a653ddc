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
        let path = folder + "/spill-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        func failure(_ doing: String) -> TranscriptsError {
            let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
            return TranscriptsError(file: folder, message: "cannot \(doing) a file of the build's own (\(reason))")
        }
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #else
        let descriptor = Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #endif
        guard descriptor >= 0 else { throw failure("create") }
        defer { unlink(path) }
        let written = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard written, closed else { throw failure("write") }
        guard let file = MappedFile(path: path) else { throw failure("map") }
        return file
    }
}
