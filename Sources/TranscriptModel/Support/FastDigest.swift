/// A fast 64-bit digest, eight bytes at a time: enough to tell changed inputs from unchanged ones (the build
/// cache's message, page, file and document-file digests), not a defence against crafted collisions.
package struct FastDigest {

    package init() {}
    private var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var total = 0

    /// Adds bytes; where one piece ends is part of the digest.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        total += bytes.count
        var index = 0
        while index + 8 <= bytes.count {
            mix(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
    }

    package mutating func add(_ number: UInt64) {
        total += 8
        mix(number)
    }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    private mutating func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x0000_0100_0000_01B3
        hash = (hash << 29) | (hash >> 35)
    }

    package var value: UInt64 {
        var result = hash ^ UInt64(total)
        result = (result ^ (result >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return result ^ (result >> 33)
    }
}
