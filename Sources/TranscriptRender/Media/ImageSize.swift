import Foundation

/// Reads an image's width and height from its own header (PNG, JPEG, GIF, WebP), so a page can reserve the
/// image's space before it loads (TUIKit's `contentSize`). Only the first bytes are needed.
public enum ImageSize {
    /// Width and height in pixels, or nil when the bytes are not an image of a known format.
    public static func read(_ data: Data) -> (width: Int, height: Int)? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return png(bytes) ?? gif(bytes) ?? webp(bytes) ?? jpeg(bytes)
        }
    }

    private static func u16be(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func u16le(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func u24le(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int { u16le(b, i) | Int(b[i + 2]) << 16 }
    private static func u32be(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int { u16be(b, i) << 16 | u16be(b, i + 2) }

    private static func matches(_ b: UnsafeBufferPointer<UInt8>, _ offset: Int, _ signature: [UInt8]) -> Bool {
        b.count >= offset + signature.count && signature.indices.allSatisfy { b[offset + $0] == signature[$0] }
    }

    private static func valid(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 && width < 1 << 20 && height < 1 << 20 ? (width, height) : nil
    }

    /// PNG: the IHDR chunk right after the signature.
    private static func png(_ b: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        guard matches(b, 0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), matches(b, 12, Array("IHDR".utf8)),
              b.count >= 24
        else { return nil }
        return valid(u32be(b, 16), u32be(b, 20))
    }

    /// GIF: the logical screen size.
    private static func gif(_ b: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        guard matches(b, 0, Array("GIF87a".utf8)) || matches(b, 0, Array("GIF89a".utf8)), b.count >= 10 else { return nil }
        return valid(u16le(b, 6), u16le(b, 8))
    }

    /// WebP: lossy (VP8), lossless (VP8L) and extended (VP8X).
    private static func webp(_ b: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        guard matches(b, 0, Array("RIFF".utf8)), matches(b, 8, Array("WEBP".utf8)), b.count >= 30 else { return nil }
        if matches(b, 12, Array("VP8 ".utf8)), matches(b, 23, [0x9D, 0x01, 0x2A]) {
            return valid(u16le(b, 26) & 0x3FFF, u16le(b, 28) & 0x3FFF)
        }
        if matches(b, 12, Array("VP8L".utf8)), b[20] == 0x2F {
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return valid((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        }
        if matches(b, 12, Array("VP8X".utf8)) {
            return valid(u24le(b, 24) + 1, u24le(b, 27) + 1)
        }
        return nil
    }

    /// JPEG: the first start-of-frame marker (SOF0–SOF15 except DHT, JPG and DAC), its sides swapped when the
    /// EXIF segment before it turns the image a quarter (as browsers show it).
    private static func jpeg(_ b: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        guard matches(b, 0, [0xFF, 0xD8]) else { return nil }
        var index = 2
        var orientation: UInt16?
        while index + 9 < b.count {
            guard b[index] == 0xFF else { return nil }
            let marker = b[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = u16be(b, index + 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let (width, height) = (u16be(b, index + 7), u16be(b, index + 5))
                return ExifOrientation.swapsSides(orientation) ? valid(height, width) : valid(width, height)
            }
            if marker == 0xE1, orientation == nil, matches(b, index + 4, Array("Exif\0\0".utf8)) {
                let end = min(index + 2 + length, b.count)
                if index + 10 < end { orientation = ExifOrientation.of(Array(b[(index + 10)..<end])) }
            }
            index += 2 + length
        }
        return nil
    }
}
