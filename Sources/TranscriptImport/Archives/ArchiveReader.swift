import CLibArchive
import Foundation

/// Reads an archive's members one after another, each member's bytes block by block, with libarchive: the one
/// file that imports `CLibArchive` and owns its C memory.
///
/// A zip archive is read through its central directory (libarchive's seekable zip reader: the sizes there, and
/// members whose sizes only follow their data, are read right); a tar, compressed with gzip or not, from start to
/// end. libarchive checks each zip member's CRC-32 and sizes as it reads them: a mismatch is an error of the member
/// being read. A tar has a checksum per header but none of its members' bytes, and libarchive does not check the
/// gzip trailer's CRC-32 (libarchive 3.6 leaves it as a to-do): `GzipCheck` checks it before the tar is unpacked.
final class ArchiveReader {
    /// One member, as its header describes it.
    struct Member {
        enum Kind { case file, folder, other }

        /// Its path in the archive (UTF-8; a zip member's name that is not is read as code page 437, a tar member's is shown with �).
        var path: String
        var kind: Kind
        /// The size its header claims, when it has one.
        var claimedSize: Int64?
    }

    /// What went wrong, in libarchive's words.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Whether libarchive found a checksum that does not match (the member's bytes are damaged).
        var isChecksumMismatch: Bool { description.contains("CRC") }
    }

    private let archive: OpaquePointer
    /// What kind of archive it is: a zip member's name that is not UTF-8 is read in code page 437.
    private let kind: ArchiveKind
    /// A UTF-8 character type, made current on this thread while headers are read: libarchive converts members'
    /// names to the locale's character set, and in the C locale (a program's unless it sets another) a name that is
    /// not ASCII cannot be converted and is lost. Thread by thread, so the program's own locale is not touched.
    private let utf8Locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// libarchive's `AE_IFREG` and `AE_IFDIR` (casts in C macros, which Swift does not import): POSIX's values.
    private static let regularFile: UInt32 = 0o100000
    private static let directory: UInt32 = 0o040000

    /// Opens the archive at `url` as a `kind` archive.
    init(url: URL, kind: ArchiveKind) throws {
        guard let archive = archive_read_new() else { throw Failure(description: "out of memory") }
        self.archive = archive
        self.kind = kind
        switch kind {
        case .zip:
            archive_read_support_format_zip_seekable(archive)
        case .tar:
            // gzip by zlib, in the process; no filter that runs an outside program.
            archive_read_support_filter_gzip(archive)
            archive_read_support_filter_none(archive)
            archive_read_support_format_tar(archive)
        }
        guard archive_read_open_filename(archive, url.path, 1 << 16) == ARCHIVE_OK else { throw failure() }
    }

    deinit {
        archive_read_free(archive)
        if let utf8Locale { freelocale(utf8Locale) }
    }

    /// The next member's header (the previous member's bytes not read are skipped), or nil at the end.
    func nextMember() throws -> Member? {
        let previousLocale = utf8Locale.map { uselocale($0) }
        defer { if let previousLocale { uselocale(previousLocale) } }
        var entry: OpaquePointer?
        let status = archive_read_next_header(archive, &entry)
        if status == ARCHIVE_EOF { return nil }
        // A warning (a name not in the locale's character set) still gives the member.
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw failure() }
        // The name in UTF-8; when its bytes are not UTF-8, a zip member's are code page 437 (the zip specification's
        // default, as Windows writes them), a tar member's are shown as far as they are UTF-8.
        let name: String
        if let utf8 = archive_entry_pathname_utf8(entry) {
            name = String(cString: utf8)
        } else if let raw = archive_entry_pathname(entry) {
            let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
            name = kind == .zip && String(validating: bytes, as: UTF8.self) == nil
                ? CodePage437.decode(bytes) : String(decoding: bytes, as: UTF8.self)
        } else {
            name = ""
        }
        let kind: Member.Kind
        switch archive_entry_filetype(entry) {
        case Self.regularFile where archive_entry_hardlink(entry) == nil: kind = .file
        case Self.directory: kind = .folder
        default: kind = .other  // symlinks, hard links, devices: never unpacked
        }
        return Member(path: name, kind: kind, claimedSize: archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil)
    }

    /// Hands the current member's bytes to `body` block by block, in order (a gap in a sparse member as zeros), and
    /// throws `Failure` when libarchive finds them damaged.
    func readMember(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var position: Int64 = 0
        let zeros = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var block: UnsafeRawPointer?
            var size = 0
            var offset: la_int64_t = 0
            let status = archive_read_data_block(archive, &block, &size, &offset)
            if status == ARCHIVE_EOF { return }
            guard status == ARCHIVE_OK else { throw failure() }
            while position < offset {
                let count = Int(min(Int64(zeros.count), offset - position))
                try zeros.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                position += Int64(count)
            }
            try body(UnsafeRawBufferPointer(start: block, count: size))
            position += Int64(size)
        }
    }

    private func failure() -> Failure {
        Failure(description: archive_error_string(archive).map { String(cString: $0) } ?? "unknown error")
    }
}
