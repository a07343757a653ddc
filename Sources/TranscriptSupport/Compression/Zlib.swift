import CLibZ
import Foundation

/// zlib, for the gzip check of compressed tars and for reading back the raw deflate streams of the search index's
/// packed files (`LibDeflate` writes them).
/// The one file that imports `CLibZ` and owns its memory.
package enum Zlib {
    /// What zlib found, in its words ("incorrect data check" for a CRC-32 that does not match).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// The two bytes every gzip member starts with.
    package static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// The bytes of the raw deflate stream `bytes`; throws `Failure` when the stream is damaged, ends early, has
    /// bytes after its end, or holds more than `limit` bytes.
    package static func inflateRaw(_ bytes: some Collection<UInt8>, limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib cannot start")
        }
        defer { inflateEnd(&stream) }
        let input = Array(bytes)
        var output: [UInt8] = []
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        try input.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                let (status, produced) = buffer.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output += buffer[..<produced]
                guard output.count <= limit else { throw Failure(description: "the stream holds more than \(limit) bytes") }
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in == 0 else { throw Failure(description: "bytes after the end of the stream") }
                    return
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    throw Failure(description: "the stream ends early")
                default:
                    throw Failure(description: stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
                }
            }
        }
        return output
    }

    /// Reads the gzip file at `url` from start to end; throws `Failure` when a member's trailer does not match its
    /// bytes, the stream is damaged, or it ends inside a member. Members follow one another as in `gzip`'s own
    /// files; bytes after the last member that do not start another one are ignored, as libarchive and `gzip`
    /// ignore them.
    package static func verifyGzip(at url: URL) throws {
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
                    guard stream.avail_in >= 2, stream.next_in[0] == gzipMagic[0], stream.next_in[1] == gzipMagic[1] else { return }
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
