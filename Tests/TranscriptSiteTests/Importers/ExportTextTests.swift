import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptSite

/// Files in other encodings than UTF-8: UTF-16 with a byte-order mark is read, bytes that are not UTF-8 are
/// shown as U+FFFD with a warning naming the file and the line.
@Suite struct ExportTextTests {
    static let chat = "[03/05/2024, 09:30:00] Ann: Grüße aus Köln 🌧\n[03/05/2024, 09:31:00] Ben: 你好\n"

    static func utf16(_ text: String, bigEndian: Bool) -> Data {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return Data(bytes)
    }

    @Test func utf16WithAByteOrderMarkIsRead() {
        for bigEndian in [false, true] {
            let decoded = ExportText.decode(Self.utf16(Self.chat, bigEndian: bigEndian), displayPath: "chat.txt")
            #expect(String(decoding: decoded.data, as: UTF8.self) == Self.chat)
            #expect(decoded.warning == nil)
        }
    }

    @Test func validUTF8IsTakenAsItIs() {
        let data = Data(Self.chat.utf8)
        #expect(ExportText.decode(data, displayPath: "chat.txt") == .init(data: data, warning: nil))
        #expect(ExportText.firstInvalidUTF8(Data(String(repeating: "abcdefgh", count: 5).utf8 + [0xC3, 0xA9])) == nil)
    }

    @Test(arguments: [
        ([0x41, 0x0A, 0x42, 0xE9, 0x0A], 2, "A\nB\u{FFFD}\n", 1),  // Latin-1 é
        ([0x0A, 0x0A, 0xC0, 0xAF, 0x0A, 0xFF], 3, "\n\n\u{FFFD}\u{FFFD}\n\u{FFFD}", 3),  // an overlong /, a stray FF
        ([0xED, 0xA0, 0x80], 1, "\u{FFFD}\u{FFFD}\u{FFFD}", 3),  // a UTF-16 surrogate written as UTF-8
    ] as [([UInt8], Int, String, Int)])
    func bytesThatAreNotUTF8AreReplacedAndReported(bytes: [UInt8], line: Int, text: String, places: Int) {
        let decoded = ExportText.decode(Data(bytes), displayPath: "log.txt")
        #expect(String(decoding: decoded.data, as: UTF8.self) == text)
        #expect(decoded.warning == "log.txt: line \(line): bytes that are not UTF-8 are shown as �" + (places > 1 ? " (\(places) places in the file)" : ""))
    }

    @Test func aWindowsSavedChatBuildsAndABrokenLogWarns() throws {
        let site = try TestSupport.makeSite(config: "inputs: [chats]\n", conversations: [:])
        let chats = site.appendingPathComponent("chats")
        try FileManager.default.createDirectory(at: chats, withIntermediateDirectories: true)
        try Self.utf16(Self.chat, bigEndian: false).write(to: chats.appendingPathComponent("WhatsApp Chat with Ann.txt"))
        var log = Data("[10:00:00] <ann> hello\n[10:01:00] <ben> caf".utf8)
        log.append(0xE9)
        log.append(contentsOf: Array(" latin\n".utf8))
        try log.write(to: chats.appendingPathComponent("2024-01-14.log"))
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.messagesRead == 4)
        #expect(summary.warnings.count == 1)
        // IRC logs often mix encodings: such a line is read as Windows-1252, and the build says so.
        #expect(summary.warnings.first?.hasSuffix("chats/2024-01-14.log: line 2: bytes that are not UTF-8 are read as Windows-1252") == true)
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        let html = try folders.map { try TestSupport.conversationHTML(site.appendingPathComponent("public/c/" + $0)) }.joined()
        #expect(html.contains("Grüße aus Köln 🌧") && html.contains("你好") && html.contains("café latin"))
        #expect(throws: (any Error).self) { try SiteBuilder(options: BuildOptions(site: site, strict: true)).build() }
    }
}

extension ExportText.Decoded: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.data == rhs.data && lhs.warning == rhs.warning }
}
