import Foundation
import TranscriptSupport

/// Checks a gzip file against its trailers: each member's CRC-32 and length of the bytes it holds (zlib's work,
/// `Zlib.verifyGzip(at:)`).
///
/// libarchive unpacks a compressed tar without checking the gzip trailer, and a tar has no checksum of its members'
/// bytes, so damage inside a stored (uncompressed) block of the stream would go unnoticed: the archive is read
/// through once more here, a block at a time, before it is unpacked.
enum GzipCheck {
    /// What zlib found, in its words ("incorrect data check" for a CRC-32 that does not match).
    typealias Failure = Zlib.Failure

    /// The two bytes every gzip member starts with.
    static let magic = Zlib.gzipMagic

    /// Whether the file at `url` starts as a gzip file does.
    static func isGzip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 2)).map { [UInt8]($0) } == magic
    }

    /// Reads the gzip file at `url` from start to end; throws `Failure` when a member's trailer does not match its
    /// bytes, the stream is damaged, or it ends inside a member.
    static func verify(_ url: URL) throws {
        try Zlib.verifyGzip(at: url)
    }
}
