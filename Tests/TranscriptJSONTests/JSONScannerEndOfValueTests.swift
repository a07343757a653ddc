import Testing

@testable import TranscriptJSON

/// `endOfValue` reads an object or a list 64 bytes at a time (`JSONBlockState`), and looks for a string's end a
/// word at a time before memchr: it must find what reading byte by byte finds, wherever a value's quotes, brackets
/// and backslashes fall in the blocks and words, and whatever follows the end of the bytes.
@Suite struct JSONScannerEndOfValueTests {
    /// The end of the value at `start` read byte by byte, as the scanner did before it read words and blocks.
    private func endReadByByte(_ bytes: [UInt8], at start: Int) -> Int? {
        var index = start
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        func endOfString(_ start: Int) -> Int? {
            var index = start + 1
            while index < bytes.count {
                if bytes[index] == 0x5C { index += 2; continue }
                if bytes[index] == 0x22 { return index + 1 }
                index += 1
            }
            return nil
        }
        switch bytes[index] {
        case 0x22: return endOfString(index)
        case 0x7B, 0x5B:
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x22:
                    guard let end = endOfString(index) else { return nil }
                    index = end
                    continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            while index < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            return index
        }
    }

    private func end(_ bytes: [UInt8], at start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { JSONScanner(bytes: $0).endOfValue(at: start) }
    }

    @Test func examples() {
        #expect(end(Array(#"{"a": "b\"}", "c": [1, {"d": "]"}]} tail"#.utf8), at: 0) == 35)
        #expect(end(Array(#"  "a long string of more than thirty-two bytes, \\" , x"#.utf8), at: 0) == 51)
        #expect(end(Array(#""\\\"still in the string, past the words read first, \\\\""x"#.utf8), at: 0) == 58)
        #expect(end(Array(#"[1, 2, "#.utf8), at: 0) == nil)
        #expect(end(Array(#""never closed, and longer than the thirty-two bytes looked at first"#.utf8), at: 0) == nil)
        #expect(end(Array(#""short"#.utf8), at: 0) == nil)
        #expect(end(Array("[[]] ".utf8), at: 0) == 4)
        #expect(end(Array("12.5e3,".utf8), at: 0) == 6)
    }

    /// Random values of quotes, backslashes, brackets, bytes beyond ASCII (whose bit 0x20 or high bit might
    /// confuse a word test: `[` is `{` without bit 0x20, 0xFB is `{` with the high bit), spaces and other bytes,
    /// cut at random places: the same end as reading byte by byte, from every start.
    @Test func endsAreThoseFoundByteByByte() {
        var generator = SeededGenerator(seed: 16)
        let alphabet: [UInt8] = [0x22, 0x22, 0x5C, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0xFB, 0xFD, 0xDB, 0xDD, 0xA2, 0x3B, 0x3D, 0x02,
            0x20, 0x20, 0x0A, 0x2C, 0x3A, 0x61, 0x31, 0x00, 0x80, 0xFF, 0x01, 0x5A]
        var found = 0
        for _ in 0..<4000 {
            let count = Int.random(in: 0..<120, using: &generator)
            // Some rounds mostly letters, so that values run over several words.
            let plain = Bool.random(using: &generator)
            let bytes = (0..<count).map { _ in
                plain && Int.random(in: 0..<8, using: &generator) > 0
                    ? UInt8(ascii: "a") : alphabet.randomElement(using: &generator)!
            }
            for start in 0..<max(count, 1) {
                let expected = endReadByByte(bytes, at: start)
                #expect(end(bytes, at: start) == expected, "\(bytes) from \(start)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 10_000)
    }

    /// Longer values (several hundred bytes, as a pretty-printed message is): runs of backslashes of every length
    /// ending around the 64th and 128th byte, strings and brackets over many words, values cut short anywhere give
    /// the end that reading byte by byte gives.
    @Test func longerValuesGiveTheEndsFoundByteByByte() {
        // A run of backslashes in a string, then a quote, placed around the first blocks' edges.
        for edge in [64, 128] {
            for runEnd in (edge - 6)...(edge + 6) {
                for run in 1...5 {
                    var bytes = Array(#"{"a": ""#.utf8)
                    while bytes.count < runEnd - run { bytes.append(UInt8(ascii: "x")) }
                    bytes += Array(repeating: 0x5C, count: run) + Array(#"" , "]": [1]} }"#.utf8)
                    #expect(end(bytes, at: 0) == endReadByByte(bytes, at: 0), "run of \(run) ending at \(runEnd)")
                }
            }
        }
        // The last byte of a block a backslash, in a string (escaping the next block's first byte, a quote or
        // not) and outside one (escaping nothing, as reading byte by byte has it).
        for next in [#"""#, "n", #"\"#, "}", "]"] {
            for inString in [true, false] {
                var bytes = Array((inString ? #"{"a": ""# : #"{"a": 1, "#).utf8)
                while bytes.count < 63 { bytes.append(UInt8(ascii: "x")) }
                bytes += [0x5C] + Array(next.utf8) + Array(#"", "b": [2]} }"#.utf8)
                let expected = endReadByByte(bytes, at: 0)
                #expect(end(bytes, at: 0) == expected, "\(next), in a string: \(inString)")
                if inString { #expect(expected == bytes.count - 2) }
            }
        }
        var generator = SeededGenerator(seed: 19)
        let pieces: [[UInt8]] = [
            Array(#"{"k": "#.utf8), Array(#"", "#.utf8), Array(#""v\"w", "#.utf8), Array(#"\\"#.utf8), Array(#"\""#.utf8),
            Array("[".utf8), Array("]".utf8), Array("{".utf8), Array("}".utf8), Array(#"""#.utf8), Array(#"\"#.utf8),
            Array("      ".utf8), Array("\n   ".utf8), Array("text of a message ".utf8), Array("é ".utf8), [0xFB, 0xDD],
        ]
        var found = 0
        for _ in 0..<1500 {
            var bytes: [UInt8] = [Bool.random(using: &generator) ? 0x7B : 0x5B]
            let length = Int.random(in: 1..<120, using: &generator)
            for _ in 0..<length { bytes += pieces.randomElement(using: &generator)! }
            let expected = endReadByByte(bytes, at: 0)
            #expect(end(bytes, at: 0) == expected, "\(bytes)")
            if expected != nil { found += 1 }
        }
        #expect(found > 150)
    }
}
