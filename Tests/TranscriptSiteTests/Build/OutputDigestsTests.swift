import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

@Suite struct OutputDigestsTests {
    /// A file's digest as the output makes it: its bytes in four lanes, whatever parts they come in.
    func digest(_ parts: [String]) -> UInt64 {
        var digester = FastDigest.LaneParts(into: FastDigest())
        for var part in parts { part.withUTF8 { digester.add(UnsafeRawBufferPointer($0)) } }
        return digester.finished().value
    }

    @Test func digestsTellBytesApart() {
        #expect(digest(["<p>hello</p>"]) == digest(["<p>hello</p>"]))
        #expect(digest(["<p>hello</p>"]) != digest(["<p>hellO</p>"]))
        #expect(digest(["abcdefgh", "i"]) == digest(["abcdefghi", ""]))
        #expect(digest(["abcdefgh", "i"]) != digest(["abcdefgh", "j"]))
        let long = String(repeating: "<li class=\"message\">text</li>\n", count: 40)
        #expect(digest([long]) != digest([long + " "]))
        var whole = FastDigest()
        long.utf8CString.dropLast().withUnsafeBytes { whole.addInLanes($0) }
        #expect(digest([String(long.prefix(100)), String(long.dropFirst(100))]) == whole.value)
    }

    /// Digests made before they were taken in lanes are of other bytes' digests: such a file is not read.
    @Test func digestsOfTheFirstKindAreNotRead() {
        var writer = BinaryWriter()
        writer.write("output digests 1")
        writer.write(0)
        #expect(OutputDigests(writer.bytes) == nil)
        #expect(OutputDigests(OutputDigests().encoded()) != nil)
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
