import Testing

@testable import TranscriptModel

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
}
