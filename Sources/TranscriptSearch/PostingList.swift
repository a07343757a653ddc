/// A term's postings as `SearchPostings` keeps them: the differences between one posting and the one before (the
/// first from 0, wrapping) in 7-bit groups, the high bit set on all but a posting's last byte, as `PostingPool`
/// writes them. Read in order; equal lists have equal bytes.
package struct PostingList: Sequence, Equatable, Sendable {
    package let bytes: ArraySlice<UInt8>

    package init(bytes: ArraySlice<UInt8> = []) {
        self.bytes = bytes
    }

    /// The bytes of `postings`, appended to `output`.
    package static func append(_ postings: some Sequence<UInt32>, to output: inout [UInt8]) {
        var previous: UInt32 = 0
        for posting in postings {
            forEachByte(of: posting &- previous) { output.append($0) }
            previous = posting
        }
    }

    /// The bytes of one difference, in order: 7 bits a byte, the high bit set on all but the last.
    @inline(__always)
    static func forEachByte(of difference: UInt32, _ body: (UInt8) -> Void) {
        var value = difference
        while value >= 0x80 {
            body(UInt8(truncatingIfNeeded: value & 0x7F) | 0x80)
            value >>= 7
        }
        body(UInt8(value))
    }

    /// How many postings: a pass over the bytes.
    package var count: Int { bytes.reduce(0) { $0 + ($1 < 0x80 ? 1 : 0) } }
    package var isEmpty: Bool { bytes.isEmpty }
    package var underestimatedCount: Int { bytes.count / 5 }

    package func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    package struct Iterator: IteratorProtocol {
        let bytes: ArraySlice<UInt8>
        var position: Int
        var previous: UInt32 = 0

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        package mutating func next() -> UInt32? {
            guard position < bytes.endIndex else { return nil }
            var value: UInt32 = 0
            var shift: UInt32 = 0
            while true {
                let byte = bytes[position]
                position += 1
                value |= UInt32(byte & 0x7F) &<< shift
                if byte < 0x80 || position == bytes.endIndex { break }
                shift += 7
            }
            previous &+= value
            return previous
        }
    }
}
