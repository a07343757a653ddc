import CLibDeflate

/// libdeflate, for the raw deflate streams of the search index's document files: whole buffers at once, a third
/// faster than zlib at a like level and a little smaller. The one file that imports `CLibDeflate` and owns its
/// memory.
package enum LibDeflate {
    /// `bytes` as a raw deflate stream (no header or trailer: what `DecompressionStream("deflate-raw")` and
    /// `Zlib.inflateRaw` read), at compression `level` (1, the fastest, to 12, the smallest). The same bytes give
    /// the same stream with the same libdeflate.
    package static func deflateRaw(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            preconditionFailure("libdeflate cannot make a compressor of level \(level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_deflate_compress_bound(compressor, bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { buffer in
                libdeflate_deflate_compress(compressor, input.baseAddress, input.count, buffer.baseAddress, buffer.count)
            }
        }
        // The bound leaves room for any input, and even an empty one takes a final block: nothing written would mean
        // the bound was wrong.
        precondition(written > 0, "libdeflate's bound was too small")
        output.removeSubrange(written...)
        return output
    }
}
