import Foundation

/// A baseline JPEG of one grey, of any size, made in a few bytes per block: every 8 × 8 block is mid-grey, so
/// its coefficients are all zero and each is written as two one-bit codes. With an EXIF orientation when given.
enum FlatJPEG {
    static func make(width: Int, height: Int, orientation: UInt16? = nil) -> Data {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let orientation {
            // TIFF, big-endian: IFD0 at 8 with one entry, 0x0112 (SHORT, 1 value), then no next IFD.
            let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
                + be16(Int(orientation)) + [0, 0, 0, 0, 0, 0]
            bytes += segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
        }
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC0, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0])
        // One code each: DC category 0, AC end of block.
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0])
        bytes += segment(0xDA, [1, 1, 0, 0, 0x3F, 0])
        let bits = ((width + 7) / 8) * ((height + 7) / 8) * 2
        bytes += [UInt8](repeating: 0, count: bits / 8)
        if bits % 8 != 0 { bytes.append(0xFF >> (bits % 8)) }
        return Data(bytes + [0xFF, 0xD9])
    }
}
