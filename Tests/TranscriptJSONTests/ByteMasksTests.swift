import CByteMasks
import Testing

@testable import TranscriptJSON


/// `transcripts_json_block_masks` (SSE2 on this machine) and the version for machines without it (eight bytes at
/// a time) give the masks that looking at each byte gives.
@Suite struct ByteMasksTests {
    private enum Way { case block, words, bytewise }

    private func masks(_ bytes: [UInt8], _ way: Way = .block) -> [UInt64] {
        bytes.withUnsafeBufferPointer { buffer in
            let found = switch way {
            case .block: transcripts_json_block_masks(buffer.baseAddress!)
            case .words: transcripts_json_block_masks_words(buffer.baseAddress!)
            case .bytewise: transcripts_json_block_masks_bytewise(buffer.baseAddress!)
            }
            return [found.quotes, found.backslashes, found.opens, found.closes]
        }
    }

    @Test func aBlockOfEachKind() {
        let block = Array(#"{"a": "b\"", "c": [1, 2]}"#.utf8) + Array(repeating: UInt8(ascii: " "), count: 39)
        #expect(block.count == 64)
        // Bits are bytes: bit 0 is the `{`, bit 24 the last `}`.
        let quotes: [UInt64] = [1, 3, 6, 9, 10, 13, 15].map { 1 << $0 }
        let expected: [UInt64] = [quotes.reduce(0, |), 1 << 8, 1 << 0 | 1 << 18, 1 << 23 | 1 << 24]
        #expect(masks(block) == expected)
        #expect(masks(block, .words) == expected)
        #expect(masks(block, .bytewise) == expected)
    }

    /// Random blocks, of the bytes looked for and those that differ from them by one bit (`[` is `{` without
    /// 0x20; 0xFB is `{` with the high bit): the same masks as looking at each byte.
    @Test func randomBlocksGiveTheMasksOfEachByte() {
        var generator = SeededGenerator(seed: 64)
        let alphabet: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0xFB, 0xFD, 0xDB, 0xDD, 0xA2, 0xDC, 0x02, 0x3D, 0x20, 0x61, 0x00, 0xFF]
        for _ in 0..<2000 {
            let block = (0..<64).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = masks(block, .bytewise)
            #expect(masks(block) == expected, "\(block)")
            #expect(masks(block, .words) == expected, "\(block)")
            #expect(expected.reduce(0, |) != 0)
        }
    }
}
