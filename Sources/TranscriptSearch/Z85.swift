/// Z85, ZeroMQ's base 85 (RFC 32/Z85): four bytes as five characters of an alphabet without `"`, `\` or
/// controls, so it goes in a JSON or JavaScript string as it is: 1.25 characters a byte, where base64 takes 1.33.
///
/// Bytes that are no multiple of four end in a shorter group: its n bytes (1 to 3) as the first n + 1 of the five
/// characters they give when padded with zeros. A reader takes the missing characters as the largest digit
/// (`#`, 84), as Ascii85 does, and keeps the group's first n bytes.
package enum Z85 {
    package static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#".utf8)

    /// Each character's digit, 0xFF for a byte outside the alphabet.
    private static let digits: [UInt8] = {
        var digits = [UInt8](repeating: 0xFF, count: 256)
        for (digit, character) in alphabet.enumerated() { digits[Int(character)] = UInt8(digit) }
        return digits
    }()

    /// The characters of `bytes`, appended to `text`.
    package static func encode(_ bytes: [UInt8], to text: inout [UInt8]) {
        text.reserveCapacity(text.count + bytes.count / 4 * 5 + 5)
        alphabet.withUnsafeBufferPointer { alphabet in
            bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                while start < bytes.count {
                    let count = min(4, bytes.count - start)
                    var value: UInt32 = 0
                    for index in start..<(start + 4) {
                        value = value << 8 | (index < start + count ? UInt32(bytes[index]) : 0)
                    }
                    // The five digits, the first (most significant) first: at most 82 × 85⁴ fits.
                    let group = (
                        alphabet[Int(value / 52_200_625)], alphabet[Int(value / 614_125 % 85)], alphabet[Int(value / 7225 % 85)],
                        alphabet[Int(value / 85 % 85)], alphabet[Int(value % 85)]
                    )
                    text.append(group.0)
                    text.append(group.1)
                    if count > 1 { text.append(group.2) }
                    if count > 2 { text.append(group.3) }
                    if count > 3 { text.append(group.4) }
                    start += 4
                }
            }
        }
    }

    /// The bytes `encode(_:to:)` wrote as `text`; nil when it holds a character outside the alphabet, a last
    /// group of one character, or a group past 2³² − 1.
    package static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let characters = Array(text)
        guard characters.count % 5 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 5 * 4 + 3)
        var start = 0
        while start < characters.count {
            let count = min(5, characters.count - start)
            var value: UInt64 = 0
            for index in start..<(start + 5) {
                let digit = index < start + count ? digits[Int(characters[index])] : 84
                guard digit != 0xFF else { return nil }
                value = value * 85 + UInt64(digit)
            }
            guard value <= UInt64(UInt32.max) else { return nil }
            for shift in stride(from: 24, to: 24 - 8 * (count - 1), by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
            start += 5
        }
        return bytes
    }
}
