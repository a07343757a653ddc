import Foundation
import Testing

@testable import TranscriptRender
@testable import TranscriptSite

/// Image files built byte by byte from their formats' public descriptions: JPEG (ITU T.81, JFIF), EXIF 2.3
/// (a TIFF 6.0 structure in an APP1 segment), PNG (ISO 15948) and WebP's RIFF container.
@Suite struct MetadataStripperTests {
    /// A 1×1 JPEG: SOI, APP0 (JFIF), DQT, SOF2, DHT, SOS and its data.
    static let plainJPEG = [UInt8](Data(base64Encoded:
        "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=")!)

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// An EXIF APP1 payload, little-endian, with IFD0 holding the orientation and a pointer to a GPS IFD
    /// whose latitude reference says "N".
    static func exif(orientation: UInt16) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]  // "II", 42, IFD0 at 8
        tiff += [0x02, 0x00]  // two entries
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation), 0x00, 0x00, 0x00]  // orientation
        tiff += [0x25, 0x88, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x26, 0x00, 0x00, 0x00]  // GPS IFD at 38
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        tiff += [0x01, 0x00]  // GPS IFD: one entry
        tiff += [0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x4E, 0x00, 0x00, 0x00]  // GPSLatitudeRef "N"
        tiff += [0x00, 0x00, 0x00, 0x00]
        return Array("Exif\0\0".utf8) + tiff
    }

    static let secret = Array("GPS of Alice Smith's home".utf8)

    /// The plain JPEG with EXIF (orientation 6, GPS), XMP, IPTC and a comment after its APP0.
    static func jpegWithMetadata(orientation: UInt16 = 6) -> [UInt8] {
        Array(plainJPEG[0..<20]) + segment(0xE1, exif(orientation: orientation))
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + secret)
            + segment(0xED, Array("Photoshop 3.0\0".utf8) + secret) + segment(0xFE, secret)
            + Array(plainJPEG[20...])
    }

    @Test func aJPEGKeepsItsPicturesAndOrientationOnly() throws {
        guard case .stripped(let data) = MetadataStripper.jpeg(Data(Self.jpegWithMetadata())) else {
            Issue.record("not stripped")
            return
        }
        let expected = Array(Self.plainJPEG[0..<20]) + MetadataStripper.minimalExif(orientation: 6) + Array(Self.plainJPEG[20...])
        #expect([UInt8](data) == expected)
        #expect(ExifOrientation.of(Array(MetadataStripper.minimalExif(orientation: 6).dropFirst(10))) == 6)
    }

    @Test func anUprightJPEGKeepsNoExifAtAll() throws {
        #expect(MetadataStripper.jpeg(Data(Self.jpegWithMetadata(orientation: 1))) == .stripped(Data(Self.plainJPEG)))
        #expect(MetadataStripper.jpeg(Data(Self.plainJPEG)) == .stripped(Data(Self.plainJPEG)))
    }

    @Test func brokenFilesSayWhy() {
        #expect(MetadataStripper.jpeg(Data(Self.jpegWithMetadata().prefix(30))) == .broken("a segment runs past the end"))
        #expect(MetadataStripper.jpeg(Data([0x89, 0x50])) == .broken("it does not start like a JPEG"))
        #expect(MetadataStripper.png(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])) == .broken("it ends inside a chunk's header"))
        #expect(MetadataStripper.strip(Data(), fileExtension: "mov") == .unsupported)
        #expect(MetadataStripper.strip(Data(), fileExtension: "gif") == nil)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        // The CRC is not checked by the stripper; any four bytes do.
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    @Test func aPNGLosesItsTextExifAndTimeChunks() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = Self.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
        let pixels = Self.chunk("IDAT", [1, 2, 3])
        let end = Self.chunk("IEND", [])
        let withText = signature + header + Self.chunk("tEXt", Array("Author\0".utf8) + Self.secret)
            + Self.chunk("tIME", [7, 232, 5, 1, 10, 0, 0]) + pixels + Self.chunk("iTXt", Self.secret)
            + Self.chunk("zTXt", Self.secret) + Self.chunk("eXIf", Self.exif(orientation: 1)) + end
        #expect(MetadataStripper.png(Data(withText)) == .stripped(Data(signature + header + pixels + end)))
    }

    @Test func aWebPLosesItsExifAndXMPChunksAndFlags() {
        func riff(_ chunks: [UInt8]) -> [UInt8] {
            let size = chunks.count + 4
            return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + Array("WEBP".utf8) + chunks
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + [UInt8(data.count), 0, 0, 0] + data + (data.count % 2 == 1 ? [0] : [])
        }
        let flags: UInt8 = 0x08 | 0x04 | 0x10  // EXIF, XMP, alpha
        let header = chunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        let image = chunk("VP8L", [0x2F, 0, 0, 0, 0])
        let withMetadata = riff(header + image + chunk("EXIF", Self.exif(orientation: 1)) + chunk("XMP ", Self.secret))
        let expected = riff(chunk("VP8X", [0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + image)
        #expect(MetadataStripper.webp(Data(withMetadata)) == .stripped(Data(expected)))
    }
}
