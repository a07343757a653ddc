import Foundation
import Testing

@testable import TranscriptModel

@Suite struct ContentNameTests {
    /// FNV-1a's published test vectors (64-bit), then the size: the names of files already in sites stay as they were.
    @Test func namesBytesByFNV1aAndSize() {
        #expect(ContentName.of(Data()) == "cbf29ce484222325-0")
        #expect(ContentName.of(Data("a".utf8)) == "af63dc4c8601ec8c-1")
        #expect(ContentName.of(Data("foobar".utf8)) == "85944171f73967e8-6")
        // A slice of a bigger buffer is named by its own bytes.
        let big = Data("xxfoobarxx".utf8)
        #expect(ContentName.of(big[2..<8]) == "85944171f73967e8-6")
    }
}
