import Testing

import Crypto
@testable import TranscriptSupport

@Suite struct SHA256FingerprintTests {
    func digest(_ bytes: [UInt8], pieces: Int = 1) -> String {
        var hash = SHA256()
        let size = max(1, bytes.count / pieces)
        var start = 0
        while start < bytes.count {
            hash.update(Array(bytes[start..<min(bytes.count, start + size)]))
            start += size
        }
        return hash.hexDigest
    }

    @Test func knownDigests() {
        #expect(digest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(digest(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(digest(million, pieces: 7) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func stringsAreClosedByAZeroByte() {
        var split = SHA256()
        split.update("ab")
        split.update("c")
        var other = SHA256()
        other.update("a")
        other.update("bc")
        #expect(split.hexDigest != other.hexDigest)
        var bytes = SHA256()
        bytes.update(Array("ab\u{0}c\u{0}".utf8))
        #expect(bytes.hexDigest == split.hexDigest)
    }

    @Test func piecesGiveTheSameDigest() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for pieces in [1, 2, 3, 64, 999] { #expect(digest(bytes, pieces: pieces) == digest(bytes)) }
    }
}
