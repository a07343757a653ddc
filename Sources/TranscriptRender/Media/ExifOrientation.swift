/// The orientation an EXIF block gives an image (tag 0x0112 of IFD0): 1 as stored; 5 to 8 turned a quarter,
/// so that it is shown with its width and height swapped (browsers turn JPEGs by it).
package enum ExifOrientation {
    /// The orientation in `tiff` (EXIF's TIFF structure, after `Exif\0\0`), 1 to 8; nil when it has none.
    package static func of(_ tiff: [UInt8]) -> UInt16? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return bigEndian ? Int(tiff[at]) << 8 | Int(tiff[at + 1]) : Int(tiff[at + 1]) << 8 | Int(tiff[at])
        }
        func read32(_ at: Int) -> Int? {
            guard let high = read16(bigEndian ? at : at + 2), let low = read16(bigEndian ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard let ifd = read32(4), let count = read16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = read16(at) else { return nil }
            if tag == 0x0112, let value = read16(at + 8), (1...8).contains(value) { return UInt16(value) }
        }
        return nil
    }

    /// Whether `orientation` shows the image turned a quarter (its width and height swapped).
    package static func swapsSides(_ orientation: UInt16?) -> Bool {
        (5...8).contains(orientation ?? 1)
    }
}
