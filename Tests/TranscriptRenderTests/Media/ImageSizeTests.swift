import Foundation
import Testing

@testable import TranscriptRender

@Suite struct ImageSizeTests {
    static func bytes(_ hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return data
    }

    @Test func readsTheFourFormatsFromTheirHeaders() {
        // PNG 640×480 (signature, IHDR length and type, width, height).
        #expect(ImageSize.read(Self.bytes("89504e470d0a1a0a0000000d4948445200000280000001e0080200000000")) ?? (0, 0) == (640, 480))
        // GIF 300×200.
        #expect(ImageSize.read(Data("GIF89a".utf8) + Self.bytes("2c01c800f70000")) ?? (0, 0) == (300, 200))
        // JPEG 1600×1067: SOI, an APP0 segment, then SOF0 (precision, height, width).
        let jpeg = Self.bytes("ffd8ffe000104a46494600010100000100010000ffc0001108042b064003012200021101031101")
        #expect(ImageSize.read(jpeg) ?? (0, 0) == (1600, 1067))
        // WebP: lossy (VP8), lossless (VP8L), extended (VP8X).
        let lossy = Data("RIFF".utf8) + Self.bytes("00000000") + Data("WEBPVP8 ".utf8) + Self.bytes("00000000" + "000000" + "9d012a" + "8002" + "5801")
        #expect(ImageSize.read(lossy) ?? (0, 0) == (640, 344))
        let lossless = Data("RIFF".utf8) + Self.bytes("00000000") + Data("WEBPVP8L".utf8) + Self.bytes("000000002f7f8025000000000000")
        #expect(ImageSize.read(lossless) ?? (0, 0) == (128, 151))
        let extended = Data("RIFF".utf8) + Self.bytes("00000000") + Data("WEBPVP8X".utf8) + Self.bytes("0a00000000000000ff0300df0200")
        #expect(ImageSize.read(extended) ?? (0, 0) == (1024, 736))
    }

    @Test func aJPEGTurnedAQuarterByItsEXIFHasItsSidesSwapped() {
        let frame = Self.bytes("ffc0001108042b064003012200021101031101")  // SOF0: 1600×1067
        // APP1 "Exif\0\0", little-endian TIFF, IFD0 of one entry: orientation (SHORT) = value.
        func exif(_ orientation: UInt8) -> Data {
            Self.bytes("ffe10022") + Data("Exif".utf8)
                + Self.bytes("0000" + "49492a0008000000" + "0100" + "1201" + "0300" + "01000000" + String(format: "%02x", orientation) + "000000" + "00000000")
        }
        let soi = Self.bytes("ffd8")
        #expect(ImageSize.read(soi + exif(6) + frame) ?? (0, 0) == (1067, 1600))
        #expect(ImageSize.read(soi + exif(8) + frame) ?? (0, 0) == (1067, 1600))
        #expect(ImageSize.read(soi + exif(1) + frame) ?? (0, 0) == (1600, 1067))
        #expect(ImageSize.read(soi + exif(3) + frame) ?? (0, 0) == (1600, 1067))
        // An EXIF segment cut short or naming no orientation leaves the sides as stored.
        #expect(ImageSize.read(soi + Self.bytes("ffe10008") + Data("Exif".utf8) + Self.bytes("0000") + frame) ?? (0, 0) == (1600, 1067))
    }

    @Test func refusesWhatIsNotAnImage() {
        #expect(ImageSize.read(Data("hello world, not an image".utf8)) == nil)
        #expect(ImageSize.read(Self.bytes("89504e470d0a1a0a")) == nil)
        #expect(ImageSize.read(Self.bytes("ffd8ffe0")) == nil)
        #expect(ImageSize.read(Data()) == nil)
    }
}
