import TranscriptSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, whose pages can be handed back once they have been read.
///
/// A big export (a 700 MB `result.json`) is read a part at a time; the pages of a part that was parsed are
/// released (`release(_:)`), so the process's resident memory follows the parts being read, not the file.
/// A released page that is read again is read from the file again: releasing never changes what the bytes
/// are, only whether they stay in the process's memory.
package final class MappedFile: @unchecked Sendable {  // the mapping is never written; `release` is safe from any thread
    /// The file's bytes (empty for an empty file).
    package let bytes: UnsafeBufferPointer<UInt8>
    private let mapping: UnsafeMutableRawPointer?
    private let pageSize: Int

    /// Maps the file at `path`; nil (with `errno` set) when it cannot be opened or mapped.
    package init?(path: String) {
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
        let descriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            errno = EISDIR
            return nil
        }
        pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let size = Int(status.st_size)
        if size == 0 {
            mapping = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        mapping = address
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        if let mapping { munmap(mapping, bytes.count) }
    }

    /// Hands back the memory of the whole pages inside `range` (byte offsets): the next read of them reads
    /// the file again. Pages that `range` only partly covers are kept.
    package func release(_ range: Range<Int>) {
        guard let mapping, !range.isEmpty else { return }
        let first = (range.lowerBound + pageSize - 1) / pageSize * pageSize
        let end = min(range.upperBound, bytes.count) / pageSize * pageSize
        guard first < end else { return }
        _ = madvise(mapping + first, end - first, Int32(MADV_DONTNEED))
    }
}

extension MappedFile {
    /// Maps the file at `url`; an error names it by `displayPath` and gives the system's reason.
    package static func open(_ path: String, displayPath: String) throws -> MappedFile {
        guard let file = MappedFile(path: path) else {
            let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
            throw TranscriptsError(file: displayPath, message: "cannot read the file (\(reason))")
        }
        return file
    }
}
