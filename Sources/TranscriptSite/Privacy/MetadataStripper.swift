import Foundation
import TranscriptRender

/// Removes what an image file says besides its pixels: EXIF (with GPS positions, camera serials, times),
/// XMP, IPTC and comments from JPEG; text, `eXIf` and time chunks from PNG; EXIF and XMP from WebP. What
/// decoding needs stays: a JPEG's JFIF, ICC profile and Adobe segments, its orientation (kept in a minimal
/// EXIF of that one tag, so photos stand the right way up), a PNG's other chunks, a WebP's image data.
///
/// HEIC pictures and QuickTime and MP4 files are stripped by exiftool (`ExifToolStripper`). Formats neither
/// knows, and files whose structure is broken, are left as they are: the caller says so.
enum MetadataStripper {
    /// The result of stripping one file.
    enum Outcome: Equatable {
        /// The file without its metadata (possibly the same bytes, when it had none).
        case stripped(Data)
        /// A file of a format that can carry metadata this cannot remove (HEIC, MP4, TIFF, ...).
        case unsupported
        /// A file of a known format whose structure is broken; the reason.
        case broken(String)
        /// A file only exiftool can strip, which cannot be run: why, and how to install it. It is not copied:
        /// the build stops.
        case needsExifTool(String)
    }

    /// The extensions of files that can carry personal metadata (positions, times, devices) and that this
    /// cannot strip. exiftool strips the HEIF pictures and QuickTime and MP4 files among them
    /// (`ExifToolStripper`); the others are copied as they are, with a warning.
    static let unsupportedExtensions: Set<String> = ["heic", "heif", "avif", "tif", "tiff", "mp4", "m4v", "m4a", "mov", "3gp"]

    /// Strips `data`, a file with the extension `fileExtension`; nil for files that carry no such metadata
    /// (sound, documents, GIFs), which are copied as they are.
    static func strip(_ data: Data, fileExtension: String) -> Outcome? {
        switch fileExtension {
        case "jpg", "jpeg": return jpeg(data)
        case "png": return png(data)
        case "webp": return webp(data)
        default: return unsupportedExtensions.contains(fileExtension) ? .unsupported : nil
        }
    }

    // MARK: - JPEG

    static func jpeg(_ data: Data) -> Outcome {
        let bytes = [UInt8](data)
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .broken("it does not start like a JPEG") }
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count)
        var position = 2
        var orientation: UInt16?
        var wroteOrientation = false
        while position < bytes.count {
            guard bytes[position] == 0xFF else { return .broken("a segment is missing at byte \(position)") }
            var markerAt = position + 1
            while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }  // fill bytes
            guard markerAt < bytes.count else { return .broken("it ends inside a marker") }
            let marker = bytes[markerAt]
            position = markerAt + 1
            if marker == 0xD9 {  // end of image
                output += [0xFF, 0xD9]
                return .stripped(Data(output))
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                output += [0xFF, marker]
                continue
            }
            guard position + 2 <= bytes.count else { return .broken("it ends inside a segment's length") }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2, position + length <= bytes.count else { return .broken("a segment runs past the end") }
            let segment = bytes[position + 2 ..< position + length]
            let keep: Bool
            switch marker {
            case 0xE1:  // EXIF or XMP
                if orientation == nil, segment.starts(with: Array("Exif\0\0".utf8)) {
                    orientation = ExifOrientation.of(Array(segment.dropFirst(6)))
                }
                keep = false
            case 0xE2: keep = segment.starts(with: Array("ICC_PROFILE\0".utf8))
            case 0xE0, 0xEE: keep = true  // JFIF, Adobe (colour transform)
            case 0xE3...0xEF, 0xFE: keep = false  // other application segments, comments
            default: keep = true
            }
            if !wroteOrientation, !(0xE0...0xEF).contains(marker), marker != 0xFE {
                // Before the first segment that is not an application segment: the orientation, if any.
                if let orientation, orientation != 1 { output += minimalExif(orientation: orientation) }
                wroteOrientation = true
            }
            if keep { output += bytes[position - 2 ..< position + length] }
            position += length
            if marker == 0xDA {  // start of scan: the compressed data follows, to the end
                output += bytes[position...]
                return .stripped(Data(output))
            }
        }
        return .broken("it ends before the image data")
    }

    /// An APP1 segment with an EXIF of one tag: the orientation.
    static func minimalExif(orientation: UInt16) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // big-endian TIFF, IFD0 at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,  // orientation, SHORT, one value
            UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,  // no next IFD
        ]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    // MARK: - PNG

    /// Chunks that hold text or times: `tEXt`, `zTXt`, `iTXt`, `eXIf`, `tIME`.
    static let pngMetadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]

    static func png(_ data: Data) -> Outcome {
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return .broken("it does not start like a PNG") }
        var output = signature
        output.reserveCapacity(bytes.count)
        var position = 8
        while position < bytes.count {
            guard position + 8 <= bytes.count else { return .broken("it ends inside a chunk's header") }
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8
                | Int(bytes[position + 3])
            let end = position + 12 + length
            guard length <= Int(Int32.max), end <= bytes.count else { return .broken("a chunk runs past the end") }
            let type = String(decoding: bytes[position + 4 ..< position + 8], as: UTF8.self)
            if !pngMetadataChunks.contains(type) { output += bytes[position..<end] }
            position = end
            if type == "IEND" { return .stripped(Data(output)) }
        }
        return .broken("it has no IEND chunk")
    }

    // MARK: - WebP

    static func webp(_ data: Data) -> Outcome {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { return .broken("it does not start like a WebP") }
        var chunks: [UInt8] = []
        var position = 12
        while position < bytes.count {
            guard position + 8 <= bytes.count else { return .broken("it ends inside a chunk's header") }
            let type = String(decoding: bytes[position ..< position + 4], as: UTF8.self)
            let size = Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8 | Int(bytes[position + 6]) << 16
                | Int(bytes[position + 7]) << 24
            let end = position + 8 + size + (size % 2)
            guard end <= bytes.count || (end == bytes.count + 1 && size % 2 == 1) else { return .broken("a chunk runs past the end") }
            var chunk = Array(bytes[position ..< min(end, bytes.count)])
            if chunk.count < end - position { chunk.append(0) }
            switch type {
            case "EXIF", "XMP ": break
            case "VP8X":
                if chunk.count > 8 { chunk[8] &= ~UInt8(0x0C) }  // the EXIF and XMP flags
                chunks += chunk
            default: chunks += chunk
            }
            position = end
        }
        let size = chunks.count + 4
        let header = Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF)]
            + Array("WEBP".utf8)
        return .stripped(Data(header + chunks))
    }
}
