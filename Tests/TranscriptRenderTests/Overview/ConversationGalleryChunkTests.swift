import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptRender

/// The gallery made a chunk of messages per core and put together is the gallery of one pass over the messages:
/// the same entries in the same order, across the chunks' ends.
@Suite struct ConversationGalleryChunkTests {
    @Test func chunksPutTogetherAreOnePass() throws {
        var generator = SeededGenerator(seed: 4096)
        let count = ConversationGallery.chunkSize * 3 + 17
        let messages = (0..<count).map { index -> Message in
            let kind: MessageKind = switch Int.random(in: 0..<6, using: &generator) {
            case 0: .photo(MediaItem(file: "p\(index).jpg", caption: index % 2 == 0 ? "photo \(index)" : nil))
            case 1: .file(MediaItem(file: "docs/f\(index).pdf", size: index * 10))
            case 2: .text("see https://example.com/\(index) and www.example.org/\(index % 5)")
            case 3: .linkPreview(LinkPreview(
                url: "https://example.net/\(index % 7)", text: index % 2 == 0 ? "read https://example.net/\(index % 7) or https://other.org" : nil,
                title: index % 3 == 0 ? nil : "Title \(index)"))
            default: .text("message \(index)")
            }
            return Message(
                id: "m\(index)", sender: index % 3 == 0 ? nil : "ann",
                date: Timestamp(secondsSince1970: 1_700_000_000 + Double(index) * 3600), kind: kind)
        }
        let conversation = Conversation(
            id: "c", title: "Chat", kind: .group, participants: [Participant(id: "ann", name: "Ann")], messages: messages)
        let settings = ConversationFrameTests.settings
        let timesOfDay = DateTexts.timesOfDay(locale: settings.locale)
        let frame = try ConversationFrame(conversation, file: "chat.json", root: "../../", configuration: settings, timesOfDay: timesOfDay)
        let copies: [Int: MessageMedia] = [4: MessageMedia(file: CopiedFile(sitePath: "media/x.jpg", size: 3, width: 640, height: 480))]
        @Sendable func dates() -> DateTexts { DateTexts(timeZone: settings.timeZone, locale: settings.locale, timesOfDay: timesOfDay) }

        let chunked = ConversationGallery(frame: frame)
        let whole = ConversationGallery(frame: frame, messages: 0..<count)
        for section in GallerySection.allCases {
            let described = { (gallery: ConversationGallery) in
                gallery.entries(of: section, frame: frame, media: copies, dates: dates()).map {
                    [$0.permalink, $0.meta, $0.label, $0.alt, $0.href ?? "-", $0.image ?? "-", $0.size ?? "-"]
                }
            }
            #expect(chunked.items(of: section) == whole.items(of: section), "\(section)")
            #expect(described(chunked) == described(whole), "\(section)")
            #expect(chunked.items(of: section).count > ConversationGallery.chunkSize / 4, "\(section)")
        }
    }

    /// A link preview's entries: the addresses of its text, each once, then its own address when its text did
    /// not hold it (shown by its title, else itself); a page's entries are found again from the items.
    @Test func aLinkPreviewGivesItsTextsLinksThenItsOwn() throws {
        let messages = [
            Message(id: "a", sender: "ann", date: Timestamp(secondsSince1970: 1_700_000_000), kind: .linkPreview(LinkPreview(
                url: "https://a.example/x", text: "see https://b.example/ and https://a.example/x twice https://b.example/", title: "A"))),
            Message(id: "b", sender: "ann", date: Timestamp(secondsSince1970: 1_700_000_060), kind: .linkPreview(LinkPreview(
                url: "https://c.example/", text: "no address here", title: "C page"))),
        ]
        let conversation = Conversation(
            id: "c", title: "Chat", kind: .group, participants: [Participant(id: "ann", name: "Ann")], messages: messages)
        let settings = ConversationFrameTests.settings
        let timesOfDay = DateTexts.timesOfDay(locale: settings.locale)
        let frame = try ConversationFrame(conversation, file: "chat.json", root: "../../", configuration: settings, timesOfDay: timesOfDay)
        let gallery = ConversationGallery(frame: frame)
        #expect(gallery.items(of: .links) == [.init(message: 0, link: 0), .init(message: 0, link: 1), .init(message: 1, link: 0)])
        let entries = gallery.entries(
            of: .links, frame: frame, media: [:], dates: DateTexts(timeZone: settings.timeZone, locale: settings.locale, timesOfDay: timesOfDay))
        #expect(entries.map { [$0.href ?? "-", $0.label] } == [
            ["https://b.example/", "https://b.example/"], ["https://a.example/x", "https://a.example/x"], ["https://c.example/", "C page"],
        ])
        let permalinks = ["a", "a", "b"].enumerated().map { frame.pageFiles[$0 == 2 ? 1 : 0] + "#" + Anchor.forMessage(id: $1) }
        #expect(entries.map(\.permalink) == permalinks)
    }
}
