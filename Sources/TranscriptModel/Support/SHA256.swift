import Foundation

/// SHA-256 (FIPS 180-4), for the build cache's fingerprints: fed in pieces, finished once.
///
/// ```swift
/// var hash = SHA256()
/// hash.update("abc")
/// hash.hexDigest   // "ba7816bf..."
/// ```
package struct SHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    package init() {
        buffer.reserveCapacity(64)
    }

    /// Adds bytes.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var count = bytes.count
        length &+= UInt64(count)
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, count)
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            base += take
            count -= take
            if buffer.count == 64 {
                buffer.withUnsafeBytes { compress($0.baseAddress!) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        while count >= 64 {
            compress(base)
            base += 64
            count -= 64
        }
        if count > 0 { buffer.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count)) }
    }

    /// Adds the bytes of `data` (any contiguous bytes: `Data`, `[UInt8]`).
    package mutating func update(_ data: some ContiguousBytes) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds a string's UTF-8 bytes, then a 0 byte so that ("ab", "c") and ("a", "bc") differ.
    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
        update([UInt8(0)])
    }

    /// Adds an integer's 8 bytes.
    package mutating func update(_ number: Int64) {
        withUnsafeBytes(of: number.littleEndian) { update($0) }
    }

    /// The digest of everything added, as 64 lowercase hex digits.
    package var hexDigest: String {
        var copy = self
        let bytes = copy.finish()
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        let padding = buffer.count <= 55 ? 55 - buffer.count : 119 - buffer.count
        tail += [UInt8](repeating: 0, count: padding)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let saved = length
        tail.withUnsafeBytes { update($0) }
        length = saved
        precondition(buffer.isEmpty)
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<16 {
                    let b = block + 4 * i
                    w[i] = UInt32(b.load(fromByteOffset: 0, as: UInt8.self)) << 24
                        | UInt32(b.load(fromByteOffset: 1, as: UInt8.self)) << 16
                        | UInt32(b.load(fromByteOffset: 2, as: UInt8.self)) << 8
                        | UInt32(b.load(fromByteOffset: 3, as: UInt8.self))
                }
                for i in 16..<64 {
                    let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
                    let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = state
                for i in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g
                    g = f
                    f = e
                    e = d &+ t1
                    d = c
                    c = b
                    b = a
                    a = t1 &+ t2
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                         state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
