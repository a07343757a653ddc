/// The line and column (counting from 1; columns in Unicode scalars) of a byte offset in UTF-8 text.
package struct TextPosition: Equatable, Sendable {
    package var line: Int
    package var column: Int

    /// The positions of several offsets, in one pass over the bytes up to the last of them.
    package static func of(_ offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [TextPosition] {
        var result = [TextPosition](repeating: TextPosition(line: 1, column: 1), count: offsets.count)
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var line = 1
        var lineStart = 0
        var position = 0
        for index in order {
            let limit = min(max(offsets[index], 0), bytes.count)
            while position < limit {
                if bytes[position] == 0x0A {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
            }
            var column = 1
            for character in lineStart..<limit where bytes[character] & 0xC0 != 0x80 { column += 1 }
            result[index] = TextPosition(line: line, column: column)
        }
        return result
    }

    /// The number of line feeds in `bytes`, 32 bytes at a time: each block's bytes are compared with a line feed
    /// at once, and the matches added up per byte lane (255 blocks at most, so that no lane overflows) before
    /// they are summed. An edit's build counts the line feeds of the whole export.
    package static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let lineFeed = SIMD32<UInt8>(repeating: 0x0A)
        var count = 0
        var index = 0
        while index + 32 <= bytes.count {
            var lanes = SIMD32<UInt8>(repeating: 0)
            let end = min(bytes.count - 32, index + 254 * 32)
            while index <= end {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
                // A mask's lanes are all ones (0xFF) where it holds: subtracting it adds one.
                lanes &-= unsafeBitCast(block .== lineFeed, to: SIMD32<UInt8>.self)
                index += 32
            }
            count += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < bytes.count {
            count &+= bytes[index] == 0x0A ? 1 : 0
            index += 1
        }
        return count
    }

    package static func of(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
        let limit = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<limit where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        for position in lineStart..<limit where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return TextPosition(line: line, column: column)
    }
}

extension TextPosition {
    /// The position of a text's first byte.
    package static let start = TextPosition(line: 1, column: 1)

    /// What a stretch of text does to a position: the line feeds it holds, and the scalars after the last of
    /// them. Stretches are measured apart (on several cores) and applied in order.
    package struct Stretch: Equatable, Sendable {
        package var lineFeeds: Int
        /// The Unicode scalars after the stretch's last line feed (all of them when it has none).
        package var trailingScalars: Int

        package init(lineFeeds: Int, trailingScalars: Int) {
            self.lineFeeds = lineFeeds
            self.trailingScalars = trailingScalars
        }

        /// Measures `bytes` (UTF-8).
        package init(_ bytes: UnsafeBufferPointer<UInt8>) {
            lineFeeds = TextPosition.lineFeeds(in: bytes)
            var lineStart = 0
            if lineFeeds > 0 {
                lineStart = bytes.count
                while bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            }
            trailingScalars = 0
            for byte in bytes[lineStart...] where byte & 0xC0 != 0x80 { trailingScalars += 1 }
        }

        /// This stretch and `next`, which follows it, as one.
        package func followed(by next: Stretch) -> Stretch {
            Stretch(
                lineFeeds: lineFeeds + next.lineFeeds,
                trailingScalars: next.lineFeeds > 0 ? next.trailingScalars : trailingScalars + next.trailingScalars)
        }
    }

    /// The position after `stretch`, which starts here.
    package func advanced(over stretch: Stretch) -> TextPosition {
        stretch.lineFeeds > 0
            ? TextPosition(line: line + stretch.lineFeeds, column: 1 + stretch.trailingScalars)
            : TextPosition(line: line, column: column + stretch.trailingScalars)
    }
}
