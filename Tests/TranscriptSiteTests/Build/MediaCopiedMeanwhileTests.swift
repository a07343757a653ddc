import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

/// A long conversation's files are copied on a thread of their own while its frame is made: the same files,
/// pages and warnings as copying them first, and an error of the frame waits for the copy.
@Suite struct MediaCopiedMeanwhileTests {
    /// `count` messages, a photo every 500th (present when its number is even, else missing), as the canonical
    /// JSON of one conversation.
    private func messages(_ count: Int, duplicateLast: Bool = false) -> [String] {
        (0..<count).map { number in
            let id = duplicateLast && number == count - 1 ? "0" : String(number)
            let minute = String(format: "%02d:%02d", number / 60 % 24, number % 60)
            guard number % 500 == 0 else {
                return #"{"id": "\#(id)", "sender": "ann", "date": "2024-05-03T\#(minute):00Z", "text": "message \#(number)"}"#
            }
            return #"{"id": "\#(id)", "sender": "ann", "date": "2024-05-03T\#(minute):00Z", "type": "photo", "photo": {"file": "media/p\#(number).png"}}"#
        }
    }

    private func site(_ messages: [String], name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(
            config: "me: me\n", conversations: ["c.json": TestSupport.conversation(messages: messages)], name: name)
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for number in stride(from: 0, to: messages.count, by: 1000) {
            try AvatarTests.png.write(to: media.appendingPathComponent("p\(number).png"))
        }
        return site
    }

    @Test func aLongConversationGetsItsFilesAndWarnings() throws {
        let count = BuildContext.mediaCopiedMeanwhileFrom + 1000
        let site = try site(messages(count))
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        // 19 photos: 10 present (one copy, as they are the same bytes), 9 missing.
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        #expect(media == ["\(ContentName.of(AvatarTests.png)).png"])
        #expect(summary.missingMedia == 9)
        #expect(summary.warnings == [
            "\(summary.conversations[0].file): 9 media files are missing or refused, shown as placeholders: media/p500.png (does not exist), "
                + "media/p1500.png (does not exist), media/p2500.png (does not exist), ..."
        ])
        #expect(summary.messagesRendered == count)
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c/chat").path)
            .filter { $0.hasPrefix("2024") }
        let html = try pages.map { try String(contentsOf: site.appendingPathComponent("public/c/chat/\($0)"), encoding: .utf8) }.joined()
        #expect(html.components(separatedBy: "<img src=\"../../media/\(ContentName.of(AvatarTests.png)).png\"").count == 11)
        #expect(html.components(separatedBy: "p8500.png does not exist").count == 2)
    }

    @Test func anErrorOfTheFrameComesAfterTheCopy() throws {
        let site = try site(messages(BuildContext.mediaCopiedMeanwhileFrom + 10, duplicateLast: true))
        #expect {
            try SiteBuilder(options: BuildOptions(site: site)).build()
        } throws: { error in
            "\(error)".contains("the id \"0\" is already used by messages[0]; message ids must be unique")
        }
        // The previous output is untouched: there was none.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }
}
