import Foundation
import Testing

import TranscriptDisplay
@testable import TranscriptModel
import TranscriptSupport
@testable import TranscriptRender
@testable import TranscriptTemplates

@Suite struct PageProducerTests {
    static let settings = RenderSettings(
        title: "Archive", language: "en", isRightToLeft: false, timeZone: TimeZone(identifier: "Europe/Berlin")!,
        locale: Locale(identifier: "en_GB"), pageSize: 1000, feeds: true, feedSize: 50, hasSearch: false,
        findBar: FindBarSettings(), display: DisplayConfiguration(me: ["me"], timeZone: TimeZone(identifier: "Europe/Berlin")!))

    static func conversation(text: String = "Hi", link: String = "https://example.org/a") -> Conversation {
        Conversation(
            id: "chat", title: "Chat", kind: .direct,
            participants: [Participant(id: "me", name: "Me"), Participant(id: "ann", name: "Ann")],
            messages: [
                Message(id: "1", sender: "ann", date: Timestamp(secondsSince1970: 1_714_550_400), kind: .text(text)),
                Message(id: "2", sender: "me", date: Timestamp(secondsSince1970: 1_714_550_460), kind: .linkPreview(LinkPreview(url: link))),
            ])
    }

    /// A page of a site's own: who took part, with how many messages each.
    struct ParticipantsPage: TemplateModel {
        var title: String
        var people: [String]

        enum TemplateKey: String, CaseIterable, Sendable { case title, people }
        static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

        func templateValue(_ key: TemplateKey) -> TemplateValue? {
            switch key {
            case .title: .text(title)
            case .people: .texts(people)
            }
        }
    }

    struct ParticipantsProducer: ConversationPageProducer {
        let name = "participants"
        var file = "participants.html"

        func pages(of conversation: ConversationPages) throws -> [ProducedPage] {
            let counts = Dictionary(grouping: conversation.conversation.messages.compactMap(\.sender)) { $0 }.mapValues(\.count)
            let people = counts.keys.sorted().map { "\(conversation.name(of: $0)): \(counts[$0]!) on \(conversation.monthPages[0].title)" }
            return [ProducedPage(
                file: file, template: "participants", model: ParticipantsPage(title: conversation.conversation.title, people: people))]
        }
    }

    static func render(
        _ conversation: Conversation = conversation(), producers: [any ConversationPageProducer] = ConversationPages.standardProducers,
        previous: PreviousRendering? = nil
    ) throws -> (files: [String: String], output: ConversationRenderer.Output) {
        let templates = try TemplateSet(
            overridesFolder: nil, registered: ["participants": "<h1>{{title}}</h1><ul>{{#people}}<li>{{.}}</li>{{/people}}</ul>"])
        let renderer = ConversationRenderer(
            templates: templates, configuration: settings, delegate: DefaultDisplayDelegate(), producers: producers)
        var files: [String: String] = [:]
        let output = try renderer.render(conversation, file: "chat.json", url: "c/chat/index.html", root: "../../", recordsPages: true,
                                         previous: previous) { made in
            for file in made { files[file.file] = String(decoding: file.parts.joined(), as: UTF8.self) }
        }
        return (files, output)
    }

    @Test func standardProducersMakeTheMonthPagesGalleryOverviewAndFeed() throws {
        let (files, output) = try Self.render()
        #expect(files.keys.sorted() == ["2024-05.html", "feed.xml", "index.html", "links.html"])
        // The month page and the overview and gallery pages; the feed is not a page.
        #expect(output.pages == 3)
        #expect(files["index.html"]!.contains("href=\"links.html\""))
        #expect(output.pageRecords["links.html"] != nil)
        #expect(output.pageRecords["index.html"] == nil)
    }

    @Test func aProducerOfItsOwnAddsAPageMadeByItsTemplate() throws {
        let (files, output) = try Self.render(producers: ConversationPages.standardProducers + [ParticipantsProducer()])
        #expect(files["participants.html"] == "<h1>Chat</h1><ul><li>Ann: 1 on May 2024</li><li>Me: 1 on May 2024</li></ul>")
        #expect(output.pages == 4)
        // In place of the standard ones, its page alone: the month pages are a producer's too.
        let (alone, aloneOutput) = try Self.render(producers: [ParticipantsProducer()])
        #expect(alone.keys.sorted() == ["participants.html"])
        #expect(aloneOutput.pages == 1)
    }

    @Test func aPageAnotherProducerOrAMonthMakesIsAnError() throws {
        for file in ["index.html", "2024-05.html"] {
            #expect(throws: TranscriptsError.self) {
                try Self.render(producers: ConversationPages.standardProducers + [ParticipantsProducer(file: file)])
            }
        }
    }

    /// A page whose digest is the previous rendering's is taken over, not rendered; a changed one is rendered.
    @Test func anUnchangedGalleryPageIsTakenOver() throws {
        let first = try Self.render().output
        var taken: [String] = []
        let previous = PreviousRendering(pages: first.pageRecords) { file in
            taken.append(file)
            return true
        }
        let edited = try Self.render(Self.conversation(text: "Hi again"), previous: previous)
        #expect(taken == ["links.html"])
        #expect(edited.files.keys.sorted() == ["2024-05.html", "feed.xml", "index.html"])
        #expect(edited.output.pagesTakenOver == 1)
        #expect(edited.output.pageRecords["links.html"] == first.pageRecords["links.html"])

        taken = []
        let relinked = try Self.render(Self.conversation(link: "https://example.org/b"), previous: previous)
        #expect(taken.isEmpty)
        #expect(relinked.files["links.html"]!.contains("https://example.org/b"))
        #expect(relinked.output.pageRecords["links.html"] != first.pageRecords["links.html"])

        // A page that cannot be taken over is rendered.
        let refused = try Self.render(Self.conversation(text: "Hi again"), previous: PreviousRendering(pages: first.pageRecords) { _ in false })
        #expect(refused.files["links.html"] == (try Self.render().files["links.html"]))
        #expect(refused.output.pagesTakenOver == 0)
    }
}
