import Testing
import TranscriptTestSupport

@testable import TranscriptSupport

@Suite struct TextPositionTests {
    /// Line feeds counted 32 bytes at a time equal those counted one by one, at every length and alignment, next
    /// to bytes like them (0x0B, 0x8A, 0x09, 0xFF, 0x00), and past the 255 blocks a byte lane can count.
    @Test func countsLineFeedsAsOneByOneDoes() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0B, 0x8A, 0x09, 0x00, 0xFF, 0x7F, 0x80, 0x41, 0x0A ^ 0x80, 0x01]
        for length in 0..<200 {
            let bytes = (0..<length + 7).map { _ in alphabet.randomElement(using: &generator)! }
            bytes.withUnsafeBufferPointer { all in
                for start in 0..<8 {
                    let part = UnsafeBufferPointer(rebasing: all[start..<(start + length)])
                    #expect(TextPosition.lineFeeds(in: part) == part.filter { $0 == 0x0A }.count)
                }
            }
        }
        let long = [UInt8](repeating: 0x0A, count: 1000)
        long.withUnsafeBufferPointer { #expect(TextPosition.lineFeeds(in: $0) == 1000) }
        // Past 255 blocks of 32 bytes, where a byte lane would overflow if it were not summed in time.
        for count in [255 * 32 - 1, 255 * 32, 255 * 32 + 1, 256 * 32, 100_000] {
            let feeds = [UInt8](repeating: 0x0A, count: count)
            feeds.withUnsafeBufferPointer { #expect(TextPosition.lineFeeds(in: $0) == count) }
            var mixed = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            mixed[count - 1] = 0x0A
            mixed.withUnsafeBufferPointer { #expect(TextPosition.lineFeeds(in: $0) == mixed.filter { $0 == 0x0A }.count) }
        }
        #expect(TextPosition.lineFeeds(in: UnsafeBufferPointer(start: nil, count: 0)) == 0)
    }

    /// A text cut anywhere into stretches, measured apart and applied in order, ends where counting it whole does.
    @Test func stretchesAppliedInOrderGiveThePositionOfTheirEnd() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [String] = ["a", "\n", "é", "€", "😀", " ", "\n\n"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0..<60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            var cuts = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
            cuts = ([0] + cuts.sorted() + [bytes.count])
            bytes.withUnsafeBufferPointer { all in
                var position = TextPosition.start
                for (start, end) in zip(cuts, cuts.dropFirst()) {
                    position = position.advanced(over: TextPosition.Stretch(UnsafeBufferPointer(rebasing: all[start..<end])))
                }
                #expect(position == TextPosition.of(bytes.count, in: all), "\(text.debugDescription) cut at \(cuts)")
            }
        }
    }
}
