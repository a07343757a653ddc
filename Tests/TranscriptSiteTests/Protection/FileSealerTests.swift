import Foundation
import Testing

@testable import TranscriptSite

@Suite struct FileSealerTests {
    static let sealer = FileSealer(key: try! SiteKey(passphrase: "correct horse battery staple", salt: SiteKeyTests.salt, iterations: 600_000))

    @Test func aSealedFileOpensToItsBytes() throws {
        let bytes = Array("<p>Hello, Alice</p>".utf8)
        let sealed = try Self.sealer.seal(bytes, path: "c/x/2024-05.html")
        #expect(sealed.count == 12 + bytes.count + 16)
        #expect(sealed.firstRange(of: Array("Alice".utf8)) == nil)
        #expect(Self.sealer.open(sealed) == bytes)
    }

    @Test func theSameFileSealsToTheSameBytesAndAnotherToOthers() throws {
        let bytes = Array("the same page".utf8)
        let once = try Self.sealer.seal(bytes, path: "index.html")
        #expect(try Self.sealer.seal(bytes, path: "index.html") == once)
        let elsewhere = try Self.sealer.seal(bytes, path: "search.html")
        let changed = try Self.sealer.seal(Array("the same page!".utf8), path: "index.html")
        #expect(elsewhere.prefix(12) != once.prefix(12))
        #expect(changed.prefix(12) != once.prefix(12))
    }

    @Test func aChangedFileOrAnotherKeyDoesNotOpen() throws {
        var sealed = try Self.sealer.seal(Array("secret".utf8), path: "index.html")
        let other = FileSealer(key: try SiteKey(passphrase: "another passphrase", salt: SiteKeyTests.salt, iterations: 600_000))
        #expect(other.open(sealed) == nil)
        sealed[14] ^= 1
        #expect(Self.sealer.open(sealed) == nil)
        #expect(Self.sealer.open([1, 2, 3]) == nil)
    }
}
