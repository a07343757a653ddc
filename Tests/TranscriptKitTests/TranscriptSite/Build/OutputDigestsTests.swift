import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

@Suite struct OutputDigestsTests {
    func digest(_ parts: [String]) -> UInt64 {
        var digester = FastDigest()
        for var part in parts { part.withUTF8 { digester.add(UnsafeRawBufferPointer($0)) } }
        return digester.value
    }

    @Test func digestsTellBytesApart() {
        #expect(digest(["<p>hello</p>"]) == digest(["<p>hello</p>"]))
        #expect(digest(["<p>hello</p>"]) != digest(["<p>hellO</p>"]))
        #expect(digest(["abcdefgh", "i"]) != digest(["abcdefghi", ""]))
        #expect(digest([""]) != digest([]))
    }

    @Test func theyComeBackFromTheirBytes() throws {
        var digests = OutputDigests()
        digests.entries["index.html"] = .init(stamp: FileStamp(size: 10, modified: 20, inode: 30, device: 40), digest: 50)
        digests.entries["c/a/2024-05.html"] = .init(stamp: FileStamp(size: 1, modified: -2, inode: 3, device: 4), digest: .max)
        let read = try #require(OutputDigests(digests.encoded()))
        #expect(read.entries == digests.entries)
        #expect(OutputDigests(Array(digests.encoded().dropLast())) == nil)
        #expect(OutputDigests([1, 2, 3]) == nil)
    }
}

extension OutputDigests: Equatable {
    public static func == (a: OutputDigests, b: OutputDigests) -> Bool { a.entries == b.entries }
}
