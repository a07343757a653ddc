import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptSupport
import TranscriptTemplates

/// Pages of a site's own, made by producers added to a `SiteBuilder`, and the standard pages taken over by a
/// later build when their digest is the same.
@Suite struct PageProducersBuildTests {
    /// A page with a heading and lines.
    struct ListPage: TemplateModel {
        var site: SiteContext
        var heading: String
        var lines: [String]

        enum TemplateKey: String, CaseIterable, Sendable { case site, heading, lines }
        static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

        func templateValue(_ key: TemplateKey) -> TemplateValue? {
            switch key {
            case .site: .model(site)
            case .heading: .text(heading)
            case .lines: .texts(lines)
            }
        }
    }

    /// Each conversation's words, most used first.
    struct WordsProducer: ConversationPageProducer {
        let name = "words"

        func pages(of conversation: ConversationPages) throws -> [ProducedPage] {
            var counts: [String: Int] = [:]
            for message in conversation.conversation.messages {
                guard case .text(let text) = message.kind else { continue }
                for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) { counts[String(word), default: 0] += 1 }
            }
            let lines = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }.map { "\($0) \(counts[$0]!)" }
            return [ProducedPage(
                file: "words.html", template: "list", model: ListPage(site: conversation.site, heading: "Words", lines: lines))]
        }
    }

    /// The site's conversations by their number of messages.
    struct SizesProducer: SitePageProducer {
        let name = "sizes"

        func pages(of site: SitePages) throws -> [ProducedPage] {
            [ProducedPage(
                file: "sizes.html", template: "list",
                model: ListPage(site: site.site, heading: "Sizes", lines: site.conversations.map { "\($0.title): \($0.messageCount)" }))]
        }
    }

    static let listTemplate = "<!doctype html><title>{{site.pageTitle}}</title><h1>{{heading}}</h1>{{#lines}}<p>{{.}}</p>{{/lines}}\n"

    static let chat = """
        {"id": "chat", "title": "Chat <3", "participants": [{"id": "ann", "name": "Ann"}, {"id": "me", "name": "Me"}],
         "messages": [
          {"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "Tea or tea?"},
          {"id": "2", "sender": "me", "date": "2024-05-03T09:31:00+02:00", "text": "Tea, then <b>coffee</b>"},
          {"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00+02:00", "text": "https://example.org/tea"}]}
        """

    func builder(_ site: URL) -> SiteBuilder {
        var builder = SiteBuilder(options: BuildOptions(site: site))
        builder.conversationPageProducers.append(WordsProducer())
        builder.sitePageProducers.append(SizesProducer())
        return builder
    }

    @Test func producersOfASitesOwnAddPages() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat], extra: ["Templates/list.mustache": Self.listTemplate])
        let summary = try builder(site).build()
        let output = site.appendingPathComponent("public")
        #expect(try String(contentsOf: output.appendingPathComponent("c/chat/words.html"), encoding: .utf8) == """
            <!doctype html><title>Chat &lt;3 · Test</title><h1>Words</h1><p>tea 4</p><p>b 2</p><p>coffee 1</p><p>example 1</p><p>https 1</p><p>or 1</p><p>org 1</p><p>then 1</p>

            """)
        #expect(try String(contentsOf: output.appendingPathComponent("sizes.html"), encoding: .utf8) == """
            <!doctype html><title>Test</title><h1>Sizes</h1><p>Chat &lt;3: 3</p>

            """)
        // The month page, links, overview, words; the index, the search page and sizes.
        #expect(summary.pages == 7)
        // A build without them has neither page, and is not taken over from the one with them.
        let plain = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(plain.pages == 5)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("c/chat/words.html").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("sizes.html").path))
    }

    @Test func aSitePageTwoProducersMakeIsAnErrorAndTheOutputStays() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat], extra: ["Templates/list.mustache": Self.listTemplate])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let index = try Data(contentsOf: site.appendingPathComponent("public/index.html"))
        var builder = builder(site)
        builder.sitePageProducers.append(IndexPageProducer())
        let error = #expect(throws: TranscriptsError.self) { try builder.build() }
        #expect(error?.message == "the site page producer \"index\" makes index.html, which another producer made")
        #expect(try Data(contentsOf: site.appendingPathComponent("public/index.html")) == index)
    }

    /// An edit that changes no link leaves the links page as it was: the next build takes it over (the same file).
    @Test func anEditTakesTheUnchangedGalleryPageOver() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let links = site.appendingPathComponent("public/c/chat/links.html")
        let before = try FileManager.default.attributesOfItem(atPath: links.path)[.systemFileNumber] as? Int
        try Self.chat.replacingOccurrences(of: "Tea or tea?", with: "Tea or water?")
            .write(to: site.appendingPathComponent("conversations/chat.json"), atomically: true, encoding: .utf8)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.pagesReused == 1)
        #expect(try FileManager.default.attributesOfItem(atPath: links.path)[.systemFileNumber] as? Int == before)
        #expect(try String(contentsOf: site.appendingPathComponent("public/c/chat/2024-05.html"), encoding: .utf8).contains("Tea or water?"))
    }
}
