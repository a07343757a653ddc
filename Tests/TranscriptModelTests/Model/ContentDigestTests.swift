import Testing
import TranscriptTestSupport

@testable import TranscriptSupport

@Suite struct ContentDigestTests {
    struct Inner: Encodable { var b: Int; var c: Int? }
    struct Outer: Encodable { var a: Inner; var c: Int? }

    @Test func theSameValueGivesTheSameBytesAndAnyChangeOthers() throws {
        let message = try TestSupport.message(#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "hello"}"#)
        var edited = message
        edited.kind = .text("hello!")
        var pinned = message
        pinned.pinned = true
        let bytes = try ContentDigest.bytes(of: message)
        #expect(try ContentDigest.bytes(of: message) == bytes)
        #expect(try ContentDigest.bytes(of: edited) != bytes)
        #expect(try ContentDigest.bytes(of: pinned) != bytes)
    }

    @Test func nestingIsPartOfTheBytes() throws {
        // {a: {b: 1}, c: 2} and {a: {b: 1, c: 2}} hold the same keys and values in the same order.
        let outside = try ContentDigest.bytes(of: Outer(a: Inner(b: 1, c: nil), c: 2))
        let inside = try ContentDigest.bytes(of: Outer(a: Inner(b: 1, c: 2), c: nil))
        #expect(outside != inside)
        // Strings carry their length: ["ab", "c"] is not ["a", "bc"].
        #expect(try ContentDigest.bytes(of: ["ab", "c"]) != ContentDigest.bytes(of: ["a", "bc"]))
        #expect(try ContentDigest.bytes(of: [1, 2]) != ContentDigest.bytes(of: [[1], [2]]))
    }
}
