/// Writes ascending lists of numbers (document ids, or ids with a weight in their low bits) as short ASCII
/// text that a script can hold in a string literal: the first number, then each gap to the next, as
/// variable-length base-45 numbers.
///
/// A digit is one of 90 characters (`$` to `~` without `\`): the first 45 end a number, the other 45 say
/// that more digits follow; digits go least significant first. Gaps below 45 take one character, below
/// 2,025 two.
enum PostingCoder {
    package static let base = 45
    /// The characters, in digit order: ending digits, then continuing digits.
    static let alphabet: [UInt8] = Array((UInt8(ascii: "$")...UInt8(ascii: "~")).filter { $0 != UInt8(ascii: "\\") })

    /// `alphabet[digit]`, worked out (the table is a global made on first use, each read of which checks that
    /// it was made: a few million times when a big index is written).
    @inline(__always)
    static func character(_ digit: Int) -> UInt8 {
        let byte = UInt8(truncatingIfNeeded: 0x24 &+ digit)
        return byte >= UInt8(ascii: "\\") ? byte &+ 1 : byte
    }

    /// The most characters one value takes (45^12 is more than `Int.max`).
    private static let maximumLength = 12

    /// The text of an ascending list: the first value as it is, then the gaps. Written straight into memory of
    /// the most room the values can take, then made a string at once (appended to an array character by
    /// character, each append would check the array's room and that it is not shared).
    package static func encode<Values: Collection<Int>>(ascending values: Values) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(values.count * maximumLength, 1)) { buffer in
            guard let start = buffer.baseAddress else { return "" }
            var end = start
            var previous = 0
            for value in values {
                var rest = value - previous
                precondition(rest >= 0)
                while rest >= base {
                    end.pointee = character(base + rest % base)
                    end += 1
                    rest /= base
                }
                end.pointee = character(rest)
                end += 1
                previous = value
            }
            return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
    }

    /// The list `encode(ascending:)` wrote (used by the tests; the browser has its own reader).
    package static func decode(_ text: String) -> [Int] {
        var values: [Int] = []
        var current = 0
        var multiplier = 1
        var previous = 0
        for byte in text.utf8 {
            guard let digit = alphabet.firstIndex(of: byte) else { return [] }
            if digit >= base {
                current += (digit - base) * multiplier
                multiplier *= base
            } else {
                current += digit * multiplier
                previous += current
                values.append(previous)
                current = 0
                multiplier = 1
            }
        }
        return values
    }
}
