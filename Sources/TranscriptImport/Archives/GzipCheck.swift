import CLibZ
import Foundation

/// Checks a gzip file against its trailers with zlib: each member's CRC-32 and length of the bytes it holds. The
/// one file that imports `CLibZ` and owns its memory.
///
/// libarchive unpacks a compressed tar without checking the gzip trailer, and a tar has no checksum of its members'
/// bytes, so damage inside a stored (uncompressed) block of the stream would go unnoticed: the archive is read
/// through once more here, a block at a time, before it is unpacked. Members follow one another as in `gzip`'s
/// own files; bytes after the last member that do not start another one are ignored, as libarchive and `gzip`
/// ignore them.
enum GzipCheck {
    /// What zlib found, in its words ("incorrect data check" for a CRC-32 that does not match).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The two bytes every gzip member starts with.
    static let magic: [UInt8] = [0x1F, 0x8B]

    /// Whether the file at `url` starts as a gzip file does.
    static func isGzip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 2)).map { [UInt8]($0) } == magic
    }

    /// Reads the gzip file at `url` from start to end; throws `Failure` when a member's trailer does not match its
    /// bytes, the stream is damaged, or it ends inside a member.
    static func verify(_ url: URL) throws {
        guard let file = fopen(url.path, "rb") else {
            throw Failure(description: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        let blockSize = 1 << 16
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: blockSize)
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: blockSize)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var stream = z_stream()
        // 15 + 16: the largest window, and a gzip header and trailer around the deflate stream (checked by zlib).
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib cannot start")
        }
        defer { inflateEnd(&stream) }
        // Whether the stream is between members (at the start, or after a member's trailer).
        var betweenMembers = true
        var kept = 0
        while true {
            let count = fread(input + kept, 1, blockSize - kept, file)
            let available = kept + count
            kept = 0
            if available == 0 { break }
            stream.next_in = input
            stream.avail_in = UInt32(available)
            while stream.avail_in > 0 {
                if betweenMembers {
                    // Another member only when it starts as one (a byte alone waits for the next block).
                    if stream.avail_in == 1, count > 0 {
                        input[0] = stream.next_in[0]
                        kept = 1
                        break
                    }
                    guard stream.avail_in >= 2, stream.next_in[0] == magic[0], stream.next_in[1] == magic[1] else { return }
                    inflateReset(&stream)
                    betweenMembers = false
                }
                stream.next_out = output
                stream.avail_out = UInt32(blockSize)
                let status = inflate(&stream, Z_NO_FLUSH)
                switch status {
                case Z_STREAM_END:
                    betweenMembers = true
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    continue
                default:
                    throw Failure(description: stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
                }
            }
            if count == 0, kept == 0 { break }
        }
        if ferror(file) != 0 { throw Failure(description: "the file cannot be read to its end") }
        guard betweenMembers else { throw Failure(description: "the gzip stream ends inside a member") }
    }
}
