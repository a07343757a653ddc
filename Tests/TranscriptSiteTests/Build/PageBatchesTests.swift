import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

/// A long conversation's pages are rendered a batch at a time, the next batch's rows while a batch's pages are
/// made and written: every message once, in order, quotes across batches, and an error of a later batch stops
/// the build.
@Suite struct PageBatchesTests {
    /// Three and a half batches of messages over 40 days (a page a day, or more), each replying to the message a
    /// batch and a half before it.
    private var count: Int { ConversationRenderer.pagesBatch * 7 / 2 }

    private func messages(deleting deleted: Int? = nil) -> [String] {
        let perDay = count / 40 + 1
        return (0..<count).map { number in
            let day = String(format: "%02d", 1 + number / perDay % 28)
            let month = number / perDay < 28 ? "05" : "06"
            let second = number % perDay
            let time = String(format: "%02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60)
            let reply = number >= ConversationRenderer.pagesBatch * 3 / 2
                ? #", "replyTo": "\#(number - ConversationRenderer.pagesBatch * 3 / 2)""# : ""
            let gone = number == deleted ? #", "deleted": true"# : ""
            return #"{"id": "\#(number)", "sender": "ann", "date": "2024-\#(month)-\#(day)T\#(time)Z", "text": "text \#(number)"\#(reply)\#(gone)}"#
        }
    }

    @Test func everyMessageOnceInOrderWithQuotesAcrossBatches() throws {
        let site = try TestSupport.makeSite(
            conversations: ["c.json": TestSupport.conversation(messages: messages())],
            extra: ["Templates/message.mustache": "<li id=\"{{anchor}}\">{{#reply}}[{{snippet}}]{{/reply}}{{{bodyHTML}}}</li>\n"])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.messagesRendered == count)
        // The pages in their order: a month's, then its parts (`2024-05.html`, `2024-05-2.html`, … `2024-05-10.html`).
        let folder = site.appendingPathComponent("public/c/chat")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .compactMap { name in name.wholeMatch(of: /(\d{4}-\d{2})(?:-(\d+))?\.html/).map { (name, String($0.output.1), Int($0.output.2 ?? "1")!) } }
            .sorted { ($0.1, $0.2) < ($1.1, $1.2) }
        #expect(pages.count > 4)
        let html = try pages.map { try TestSupport.read(folder.appendingPathComponent($0.0)) }.joined()
        let anchors = html.matches(of: /<li id="m-(\d+)">/).map { Int($0.output.1)! }
        let inOrder = anchors == Array(0..<count)
        #expect(inOrder, "\(anchors.count) anchors, the first out of place at \(anchors.indices.first { anchors[$0] != $0 } ?? -1)")
        // The last message quotes one rendered two batches before it.
        let last = count - 1, quoted = last - ConversationRenderer.pagesBatch * 3 / 2
        #expect(html.contains("<li id=\"m-\(last)\">[text \(quoted)]<p>text \(last)</p>\n</li>"))
    }

    @Test func anErrorOfALaterBatchStopsTheBuild() throws {
        // The message template includes itself without end for a deleted message, the last one of the third batch.
        let site = try TestSupport.makeSite(
            conversations: ["c.json": TestSupport.conversation(messages: messages(deleting: ConversationRenderer.pagesBatch * 3 - 1))],
            extra: ["Templates/message.mustache": "{{#deleted}}{{#anchor}}{{> message}}{{/anchor}}{{/deleted}}<li>{{anchor}}</li>\n"])
        #expect {
            _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        } throws: { error in
            "\(error)".contains("the template \"message\" nests partials more than 32 deep")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }
}
