import Foundation
import Testing

@testable import TranscriptSupport

@Suite struct LibDeflateTests {
    /// Lines like a document file's: repeated words, names and numbers.
    static let lines = Array((0..<3000).map { "[\($0 % 7),\($0 * 37 % 1009),\"m-\($0)\",\"Coffee at noon? \($0 % 13)\"]," }.joined().utf8)

    @Test func aRawStreamThatZlibInflatesToTheSameBytes() throws {
        let deflated = LibDeflate.deflateRaw(Self.lines)
        #expect(deflated.count < Self.lines.count / 4)
        #expect(try Zlib.inflateRaw(deflated, limit: Self.lines.count) == Self.lines)
        #expect(try Zlib.inflateRaw(LibDeflate.deflateRaw([]), limit: 1) == [])
        #expect(try Zlib.inflateRaw(LibDeflate.deflateRaw([42], level: 1), limit: 1) == [42])
    }

    @Test func theSameBytesGiveTheSameStreamAndAHigherLevelAsSmallOne() throws {
        let fast = LibDeflate.deflateRaw(Self.lines, level: 1)
        #expect(LibDeflate.deflateRaw(Self.lines, level: 1) == fast)
        let small = LibDeflate.deflateRaw(Self.lines, level: 12)
        #expect(small.count < fast.count)
        #expect(try Zlib.inflateRaw(small, limit: Self.lines.count) == Self.lines)
    }
}
