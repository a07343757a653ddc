import Foundation
import Testing

import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptRender
import TranscriptSupport
@testable import TranscriptTemplates

/// A long conversation's other pages (overview, feed, gallery), made on a thread of their own while its rows are
/// rendered, are written once each, between two batches of month pages or after the last.
@Suite struct OtherPagesWrittenTests {
    @Test func everyPageOfALongConversationIsWrittenOnce() throws {
        // 20,000 messages, one a minute, two with a link (the gallery's links page), over 14 days: pages of 1,000.
        let start = 1_714_550_400.0
        let messages = (0..<20_000).map { (number: Int) -> Message in
            let date = Timestamp(secondsSince1970: start + Double(number) * 60)
            let kind: MessageKind = number % 9_000 == 1
                ? .linkPreview(LinkPreview(url: "https://example.org/\(number)")) : .text("message \(number)")
            return Message(id: String(number), sender: number % 2 == 0 ? "ann" : "me", date: date, kind: kind)
        }
        let conversation = Conversation(
            id: "chat", title: "Chat", kind: .direct,
            participants: [Participant(id: "me", name: "Me"), Participant(id: "ann", name: "Ann")], messages: messages)
        var order: [String] = []
        let output = try MessagePagesProducerTests.renderer(ConversationPages.standardProducers).render(
            conversation, file: "chat.json", url: "c/chat/index.html", root: "../../"
        ) { made in
            order += made.map(\.file)
        }
        #expect(Set(order).count == order.count)
        let monthPages = order.filter { $0.hasPrefix("2024-05") }
        #expect(monthPages.count == 20)
        #expect(Set(order).isSuperset(of: ["index.html", "feed.xml", "links.html"]))
        #expect(output.pages == order.count - 1)  // the feed is not a page
        // The month pages in the order of their messages, whatever came between them.
        #expect(monthPages == monthPages.sorted { $0.count < $1.count || $0.count == $1.count && $0 < $1 })
    }
}
