import Foundation
import Testing

@testable import TranscriptSite

/// The extension a file without one gets from its first bytes.
@Suite struct FileSignatureTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0], "jpg"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], "png"),
        (bytes("GIF89a…"), "gif"),
        (bytes("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 "), "webp"),
        (bytes("%PDF-1.7"), "pdf"),
        (bytes("OggS\u{0}"), "ogg"),
        (bytes("#!AMR\n"), "amr"),
        ([0, 0, 0, 0x18] + bytes("ftypheic"), "heic"),
        ([0, 0, 0, 0x18] + bytes("ftypqt  "), "mov"),
        ([0, 0, 0, 0x18] + bytes("ftypM4A "), "m4a"),
        ([0, 0, 0, 0x18] + bytes("ftypisom"), "mp4"),
        (bytes("BEGIN:VCARD\r\n"), "vcf"),
    ] as [([UInt8], String)])
    func known(head: [UInt8], fileExtension: String) {
        #expect(FileSignature.fileExtension(of: head) == fileExtension)
    }

    @Test func unknownBytesHaveNone() {
        #expect(FileSignature.fileExtension(of: Self.bytes("<html><script>")) == nil)
        #expect(FileSignature.fileExtension(of: []) == nil)
    }
}
