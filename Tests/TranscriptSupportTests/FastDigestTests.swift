import Testing
import TranscriptTestSupport

@testable import TranscriptSupport

/// The digest the build cache tells changed bytes by: in lanes (for whole chats) as one by one, a change of any
/// byte, anywhere, or of the length changes it, and the same bytes give the same digest.
@Suite struct FastDigestTests {
    func digest(_ bytes: [UInt8], inLanes: Bool) -> UInt64 {
        var digest = FastDigest()
        bytes.withUnsafeBytes { inLanes ? digest.addInLanes($0) : digest.add($0) }
        return digest.value
    }

    @Test(arguments: [false, true])
    func anyChangedByteOrLengthChangesTheDigest(inLanes: Bool) {
        var generator = SeededGenerator(seed: 5)
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let original = digest(bytes, inLanes: inLanes)
        #expect(digest(bytes, inLanes: inLanes) == original)
        var seen: Set<UInt64> = [original]
        for position in bytes.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var changed = bytes
                changed[position] ^= flip
                seen.insert(digest(changed, inLanes: inLanes))
            }
        }
        #expect(seen.count == 1 + 2 * bytes.count)
        let prefixes = Set((0...bytes.count).map { digest(Array(bytes[..<$0]), inLanes: inLanes) })
        #expect(prefixes.count == bytes.count + 1)
        // Two words swapped between lanes.
        var swapped = bytes
        swapped.swapAt(0, 8)
        if swapped != bytes { #expect(digest(swapped, inLanes: inLanes) != original) }
    }

    /// Bytes given in parts have the digest of the whole piece added at once in lanes, wherever the parts end
    /// (empty parts, one byte at a time, parts across words and blocks), after something else was added or not.
    @Test func partsGiveTheDigestOfTheWhole() {
        var generator = SeededGenerator(seed: 9)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for before in [nil, "stored as key"] {
                var whole = FastDigest()
                if let before { whole.add(before) }
                bytes.withUnsafeBytes { whole.addInLanes($0) }
                for _ in 0..<20 {
                    var cuts = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Int.random(in: 0...length, using: &generator) }
                    cuts = ([0] + cuts + [length]).sorted()
                    var start = FastDigest()
                    if let before { start.add(before) }
                    var parts = FastDigest.LaneParts(into: start)
                    for (from, to) in zip(cuts, cuts.dropFirst()) {
                        bytes[from..<to].withUnsafeBytes { parts.add($0) }
                    }
                    #expect(parts.finished().value == whole.value, "\(length) bytes cut at \(cuts)")
                }
                var byByte = FastDigest.LaneParts(into: FastDigest())
                for byte in bytes { [byte].withUnsafeBytes { byByte.add($0) } }
                if before == nil { #expect(byByte.finished().value == whole.value) }
            }
        }
    }
}
