import Testing
import TranscriptTestSupport

@testable import TranscriptModel

@Suite struct URLScannerTests {
    /// The test byte by byte, as it was before it looked at eight bytes at a time.
    static func reference(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0..<(bytes.count - 3) {
            let byte = bytes[index]
            if byte == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F { return true }
            if byte | 0x20 == 0x77, bytes[index + 1] | 0x20 == 0x77, bytes[index + 2] | 0x20 == 0x77, bytes[index + 3] == 0x2E {
                return true
            }
        }
        return false
    }

    static func mayContainURL(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { URLScanner.mayContainURL($0) }
    }

    @Test func findsASchemeOrWwwAnywhere() {
        #expect(Self.mayContainURL("see https://example.org"))
        #expect(Self.mayContainURL("ftp://x"))
        #expect(Self.mayContainURL("www."))
        #expect(Self.mayContainURL("go to WwW.example.org now"))
        #expect(Self.mayContainURL(String(repeating: "a", count: 61) + "://x"))
        #expect(!Self.mayContainURL(String(repeating: "a", count: 61) + "://"))  // a match has four bytes
        #expect(Self.mayContainURL(String(repeating: "é", count: 40) + "www.x"))
    }

    @Test func findsNothingWithoutOne() {
        #expect(!Self.mayContainURL(""))
        #expect(!Self.mayContainURL("://"))  // three bytes: too short for the test
        #expect(!Self.mayContainURL("ww.w"))
        #expect(!Self.mayContainURL("wwwx and :/ and : // and w ww www"))
        #expect(!Self.mayContainURL(String(repeating: "we were wary: ", count: 20)))
        // A `w` in the last three bytes cannot start `www.`; `:/` at the very end is not `://`.
        #expect(!Self.mayContainURL(String(repeating: "x", count: 13) + "ww."))
        #expect(!Self.mayContainURL(String(repeating: "x", count: 14) + ":/"))
    }

    /// Every length below 40 and every place of a match, among bytes that come close to one (`:`, `/`, `w`, `W`,
    /// `.`, bytes that differ from `:` or `w` in one bit, and bytes above 0x7F): the same answer as byte by byte.
    @Test func answersAsTheByteByByteTestDoes() {
        let alphabet: [UInt8] = Array("://wW.x".utf8) + [0x3B, 0x1A, 0x76, 0xF7, 0xD7]
        var generator = SeededGenerator(seed: 13)
        var checked = 0
        for length in 0..<40 {
            for _ in 0..<400 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                let found = bytes.withUnsafeBufferPointer { URLScanner.mayContainURL($0) }
                #expect(found == Self.reference(bytes), "\(bytes)")
                checked += 1
            }
        }
        // A match at each offset of a longer text, alone.
        for length in 4..<70 {
            for offset in 0...(length - 4) {
                for needle in ["://x", "www.", "WWW."] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes.replaceSubrange(offset..<(offset + 4), with: Array(needle.utf8))
                    #expect(bytes.withUnsafeBufferPointer { URLScanner.mayContainURL($0) })
                }
            }
        }
        #expect(checked == 16_000)
    }
}
