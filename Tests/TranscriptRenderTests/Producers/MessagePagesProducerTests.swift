import Foundation
import Testing

import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSearch
import TranscriptSupport
@testable import TranscriptTemplates

/// Pages of message rows: the month pages made by their producer, and pages of a site's own that show messages.
@Suite struct MessagePagesProducerTests {
    /// Two messages in May, one in June.
    static func conversation(may: String = "Hi") -> Conversation {
        Conversation(
            id: "chat", title: "Chat", kind: .direct,
            participants: [Participant(id: "me", name: "Me"), Participant(id: "ann", name: "Ann")],
            messages: [
                Message(id: "1", sender: "ann", date: Timestamp(secondsSince1970: 1_714_550_400), kind: .text(may)),
                Message(id: "2", sender: "me", date: Timestamp(secondsSince1970: 1_714_550_460), kind: .text("Tea?")),
                Message(id: "3", sender: "ann", date: Timestamp(secondsSince1970: 1_717_228_800), kind: .text("Summer")),
            ])
    }

    /// The first messages of the conversation on a page of their own.
    struct FirstMessagesPage: MessageListModel {
        var title: String
        var messagesHTML = ""
        var listLookClass: String?
        var listReservesAvatarSpace = false

        enum TemplateKey: String, CaseIterable, Sendable { case title, messagesHTML, listLookClass, listReservesAvatarSpace }
        static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

        func templateValue(_ key: TemplateKey) -> TemplateValue? {
            switch key {
            case .title: .text(title)
            case .messagesHTML: .text(messagesHTML)
            case .listLookClass: listLookClass.map(TemplateValue.text)
            case .listReservesAvatarSpace: .flag(listReservesAvatarSpace)
            }
        }
    }

    struct FirstMessagesProducer: MessagePagesProducer {
        let name = "first"
        var count = 1
        var template = "first"

        func messagePages(of conversation: ConversationPages) throws -> [ProducedMessagePage] {
            [ProducedMessagePage(
                file: "first.html", template: template, model: FirstMessagesPage(title: conversation.conversation.title),
                messages: 0..<count)]
        }
    }

    static let templates: [String: String] = [
        "first": "<h1>{{title}}</h1><ol class=\"{{listLookClass}}\">{{{messagesHTML}}}</ol>",
        "noRows": "<h1>{{title}}</h1>",
    ]

    static func renderer(_ producers: [any ConversationPageProducer]) throws -> ConversationRenderer {
        ConversationRenderer(
            templates: try TemplateSet(overridesFolder: nil, registered: templates), configuration: PageProducerTests.settings,
            delegate: DefaultDisplayDelegate(), producers: producers)
    }

    static func render(
        _ conversation: Conversation = conversation(), producers: [any ConversationPageProducer] = ConversationPages.standardProducers,
        previous: PreviousRendering? = nil
    ) throws -> (files: [String: String], order: [String], output: ConversationRenderer.Output) {
        var files: [String: String] = [:]
        var order: [String] = []
        let output = try renderer(producers).render(
            conversation, file: "chat.json", url: "c/chat/index.html", root: "../../",
            search: .init(number: 0, folder: "c/chat/"), recordsPages: true, previous: previous
        ) { made in
            for file in made {
                files[file.file] = String(decoding: file.parts.joined(), as: UTF8.self)
                order.append(file.file)
            }
        }
        return (files, order, output)
    }

    @Test func theMonthPagesAreThePagesOfThePlanWithTheirDigests() throws {
        let renderer = try Self.renderer(ConversationPages.standardProducers)
        let frame = try renderer.frame(of: Self.conversation(), file: "chat.json", root: "../../")
        let pages = try MonthPagesProducer().messagePages(of: ConversationPages(
            frame: frame, renderer: renderer, media: [:], search: nil, monthPageDigests: ["a", "b"]))
        #expect(pages.map(\.file) == ["2024-05.html", "2024-06.html"])
        #expect(pages.map(\.messages) == [0..<2, 2..<3])
        #expect(pages.map(\.template) == ["conversation", "conversation"])
        #expect(pages.map(\.digest) == ["a", "b"])
        let models = pages.compactMap { $0.model as? ConversationPage }
        #expect(models.map(\.pageLabel) == ["May 2024", "June 2024"])
        #expect(models[0].next?.url == "2024-06.html" && models[1].previous?.url == "2024-05.html")
        // Without digests (no later build takes pages over), none.
        let undigested = try MonthPagesProducer().messagePages(of: ConversationPages(
            frame: frame, renderer: renderer, media: [:], search: nil, monthPageDigests: []))
        #expect(undigested.allSatisfy { $0.digest == nil })
        // The standard producers begin with the month pages: written first, their digests recorded.
        let (files, order, output) = try Self.render()
        #expect(order == ["2024-05.html", "2024-06.html", "index.html", "feed.xml"])
        #expect(files["2024-05.html"]!.contains("Tea?") && !files["2024-05.html"]!.contains("Summer"))
        #expect(output.pageRecords.keys.sorted() == ["2024-05.html", "2024-06.html"])
        #expect(output.pages == 3)
        #expect(output.search?.documents.count == 3)
    }

    /// A page of a site's own shows the rows of its messages, in a list that sets their look; they are not
    /// searched there (the month page is where search results lead).
    @Test func aProducerOfItsOwnShowsItsMessagesRows() throws {
        let (files, order, output) = try Self.render(producers: ConversationPages.standardProducers + [FirstMessagesProducer()])
        let first = try #require(files["first.html"])
        #expect(first.hasPrefix("<h1>Chat</h1><ol class=\"look-"))
        #expect(first.contains("Hi") && !first.contains("Tea?"))
        // The same row as on the month page, in a list of the same look.
        let look = String(first.dropFirst("<h1>Chat</h1><ol class=\"".count).prefix { $0 != "\"" })
        #expect(files["2024-05.html"]!.contains("<ol class=\"transcript \(look)"))
        let row = String(first.dropFirst("<h1>Chat</h1><ol class=\"\(look)\">".count).dropLast("</ol>".count))
        #expect(files["2024-05.html"]!.contains(row))
        #expect(order.prefix(3) == ["2024-05.html", "2024-06.html", "first.html"])
        #expect(output.pages == 4)
        #expect(output.rowsRendered == 4)
        // Each message searched once, on its month page.
        #expect(output.search?.documents.count == 3)
        #expect((0..<3).map { output.search!.documents.page(at: $0) } == ["2024-05", "2024-05", "2024-06"])
        let plain = try Self.render().output.search
        #expect(output.search?.documents == plain?.documents && output.search?.postings == plain?.postings)
    }

    @Test func replacingTheStandardProducersMakesOnlyTheirPages() throws {
        let renderer = try Self.renderer([FirstMessagesProducer(count: 3)])
        var files: [String: String] = [:]
        let output = try renderer.render(Self.conversation(), file: "chat.json", url: "c/chat/index.html", root: "../../") { made in
            for file in made { files[file.file] = String(decoding: file.parts.joined(), as: UTF8.self) }
        }
        #expect(files.keys.sorted() == ["first.html"])
        #expect(files["first.html"]!.contains("Summer"))
        #expect(output.pages == 1)
        // Search results lead to the month pages: a conversation in the index needs them.
        let error = #expect(throws: TranscriptsError.self) { try Self.render(producers: [FirstMessagesProducer(count: 3)]) }
        #expect(error?.message == "the conversation's search results lead to its month pages, but no page producer makes 2024-05.html")
    }

    @Test func aPageOfRowsIsChecked() throws {
        let errors: [(producer: FirstMessagesProducer, message: String)] = [
            (FirstMessagesProducer(count: 4), "the page producer \"first\" shows messages 0..<4 on first.html, but the conversation has 3"),
            (FirstMessagesProducer(template: "noRows"),
             "the noRows template must show the messages exactly once with {{{messagesHTML}}} (found 0 times)"),
        ]
        for (producer, message) in errors {
            let error = #expect(throws: TranscriptsError.self) {
                try Self.render(producers: ConversationPages.standardProducers + [producer])
            }
            #expect(error?.message == message)
        }
        // Its file is no other page's.
        struct Overview: MessagePagesProducer {
            let name = "own overview"
            func messagePages(of conversation: ConversationPages) throws -> [ProducedMessagePage] {
                [ProducedMessagePage(file: "index.html", template: "first", model: FirstMessagesPage(title: "Chat"), messages: 0..<1)]
            }
        }
        let error = #expect(throws: TranscriptsError.self) { try Self.render(producers: ConversationPages.standardProducers + [Overview()]) }
        #expect(error?.message == "the page producer \"overview\" makes index.html, which another page of the conversation has")
        #expect(throws: TranscriptsError.self) { try Self.render(producers: [MonthPagesProducer(), MonthPagesProducer()]) }
    }

    /// An edit in May renders May's page again and takes June's over, with its messages' search documents: the
    /// search part is the one a clean rendering gives.
    @Test func anEditTakesTheOtherMonthsPageOverWithItsSearchDocuments() throws {
        let producers = ConversationPages.standardProducers + [FirstMessagesProducer()]
        let first = try Self.render(producers: producers).output
        var taken: [String] = []
        let previous = PreviousRendering(pages: first.pageRecords, searchPart: first.search) { file in
            taken.append(file)
            return true
        }
        let edited = try Self.render(Self.conversation(may: "Hello"), producers: producers, previous: previous)
        #expect(taken == ["2024-06.html"])
        #expect(edited.order == ["2024-05.html", "first.html", "index.html", "feed.xml"])
        #expect(edited.files["2024-05.html"]!.contains("Hello"))
        #expect(edited.output.pagesTakenOver == 1)
        #expect(edited.output.rowsRendered == 4)
        #expect(edited.output.pageRecords["2024-06.html"] == first.pageRecords["2024-06.html"])
        let clean = try Self.render(Self.conversation(may: "Hello"), producers: producers).output
        #expect(edited.output.search?.documents == clean.search?.documents)
        #expect(edited.output.search?.postings == clean.search?.postings)
        #expect(edited.output.pageRecords == clean.pageRecords)
    }
}
