import Foundation
import Testing

@testable import TranscriptSupport

@Suite struct ZlibTests {
    @Test func aRawDeflateStreamInflatesToItsBytes() throws {
        let text = Array(String(repeating: "[0,1,1714557600,\"2024-05\",\"m-1\",0,\"Coffee at noon?\"],\n", count: 200).utf8)
        let deflated = LibDeflate.deflateRaw(text)
        // Repeated lines take a few bytes; no zlib header (0x78) before the stream (written by libdeflate).
        #expect(deflated.count < text.count / 20)
        #expect(deflated.first != 0x78)
        #expect(try Zlib.inflateRaw(deflated, limit: 1 << 20) == text)
        // The same bytes give the same stream.
        #expect(LibDeflate.deflateRaw(text) == deflated)
        #expect(try Zlib.inflateRaw(LibDeflate.deflateRaw([]), limit: 1) == [])
    }

    @Test func aDamagedCutLongOrOverfullStreamIsAFailure() throws {
        let text = Array((0..<5000).map { "\($0 * 7919 % 10007)," }.joined().utf8)
        let deflated = LibDeflate.deflateRaw(text)
        #expect(throws: Zlib.Failure.self) { try Zlib.inflateRaw(deflated.dropLast(10), limit: 1 << 20) }
        #expect(throws: Zlib.Failure.self) { try Zlib.inflateRaw(deflated + [0], limit: 1 << 20) }
        #expect(throws: Zlib.Failure.self) { try Zlib.inflateRaw(deflated, limit: text.count - 1) }
        #expect(throws: Zlib.Failure.self) { try Zlib.inflateRaw([0xFF, 0xFF, 0xFF, 0xFF], limit: 1 << 20) }
    }
}
