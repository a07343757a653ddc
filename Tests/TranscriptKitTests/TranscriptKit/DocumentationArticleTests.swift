import Foundation
import Testing
import TranscriptJSON
import TranscriptKit
import TranscriptSupport
import TranscriptTemplates
import TranscriptTestSupport

// The code of the DocC articles (Sources/TranscriptKit/TranscriptKit.docc), compiled and run here.
// `articlesShowOnlyCodeThatIsHere` checks that every Swift block of an article is in this file, word for word.

/// Reads `.linechat` files: one message per line, `TIME SENDER: TEXT`.
struct LineChatImporter: ExportImporter {
    let format = "linechat"
    let expectedShape = "lines of \"TIME SENDER: TEXT\""

    func canImport(_ url: URL) -> Bool { url.pathExtension == "linechat" }

    func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let text = try String(contentsOf: source.url, encoding: .utf8)
        var messages: [Message] = []
        var warnings: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty else { continue }
            let number = index + 1
            // "TIME SENDER: TEXT"
            guard let space = line.firstIndex(of: " "), let colon = line[space...].firstIndex(of: ":"),
                let date = Timestamp(iso8601: String(line[..<space]), defaultTimeZone: context.timeZone)
            else {
                // Kept, as the export has it, and said.
                warnings.append("\(source.displayPath):\(number): not \"TIME SENDER: TEXT\", kept as it is")
                let raw = JSONValue.string(String(line))
                messages.append(Message(
                    id: "line-\(number)", sender: nil, date: messages.last?.date ?? Timestamp(secondsSince1970: 0),
                    kind: .unsupported(UnsupportedContent(type: "line", raw: raw))))
                continue
            }
            let sender = line[line.index(after: space)..<colon].trimmingCharacters(in: .whitespaces)
            let body = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            messages.append(Message(id: "line-\(number)", sender: sender, date: date, kind: .text(body)))
        }
        let senders = Set(messages.compactMap(\.sender)).sorted()
        let conversation = Conversation(
            id: source.url.deletingPathExtension().lastPathComponent,
            title: source.url.deletingPathExtension().lastPathComponent.capitalized,
            kind: senders.count > 2 ? .group : .direct,
            participants: senders.map { Participant(id: $0, name: $0.capitalized) },
            messages: messages)
        try body(ImportedConversation(
            conversation: conversation, mediaFolder: source.url.deletingLastPathComponent(), warnings: warnings))
    }
}

/// Bots get an outlined bubble in a muted colour; everything else keeps the config's look.
struct BotDelegate: TranscriptDisplayDelegate {
    let bots: Set<String>

    func messageStyle(for message: Message, at index: Int, in context: DisplayContext) -> MessageStyle {
        if let sender = message.sender, bots.contains(sender) {
            return .bubbleOutline(DisplayColor("#8e8e93", dark: "#98989f"))
        }
        // Everyone else: what the config says, the default implementation's value.
        return display(for: message, at: index, in: context).style
    }

    func footerItems(for message: Message, at index: Int, in context: DisplayContext) -> [FooterItem] {
        [.time]
    }
}

/// Draws `order` messages: the order's number and total.
struct OrderRenderer: CustomMessageRenderer {
    let kind = "order"
    let template = "{{#content}}<p class=\"order\">Order {{number}}: {{total}}</p>{{/content}}\n"

    func values(for content: CustomContent, in message: Message) -> [String: TemplateValue] {
        guard case .object(let payload) = content.payload else { return [:] }
        return [
            "number": .text(payload["number"]?.displayText ?? "?"),
            "total": .text("€" + (payload["total"]?.displayText ?? "0")),
        ]
    }
}

/// Leaves out the messages of a bot before anything is rendered.
struct LeaveOutBot: BuildStage {
    let bot: String
    let name = "drop-bot"
    var fingerprint: String { "drop-bot 1 \(bot)" }

    func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
        let before = conversation.imported.conversation.messages.count
        conversation.imported.conversation.messages.removeAll { $0.sender == bot }
        // The importer's digests were of the messages as read.
        conversation.imported.messageDigests = nil
        context.count("messages dropped", before - conversation.imported.conversation.messages.count)
    }
}

/// A conversation's senders, the most active first.
struct SendersPage: TemplateModel {
    var site: SiteContext
    var senders: [String]

    enum TemplateKey: String, CaseIterable, Sendable { case site, senders }
    static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: .model(site)
        case .senders: .texts(senders)
        }
    }
}

/// Gives every conversation a `senders.html`.
struct SendersProducer: ConversationPageProducer {
    let name = "senders"

    func pages(of conversation: ConversationPages) throws -> [ProducedPage] {
        var counts: [String: Int] = [:]
        for message in conversation.conversation.messages {
            if let sender = message.sender { counts[sender, default: 0] += 1 }
        }
        let senders = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
            .map { "\(conversation.name(of: $0)): \(counts[$0]!)" }
        return [ProducedPage(
            file: "senders.html", template: "senders", model: SendersPage(site: conversation.site, senders: senders))]
    }
}

/// A conversation's first messages, on a page of their own.
struct FirstMessagesPage: MessageListModel {
    var site: SiteContext
    var messagesHTML = ""
    var listLookClass: String?
    var listReservesAvatarSpace = false

    enum TemplateKey: String, CaseIterable, Sendable { case site, messagesHTML, listLookClass, listReservesAvatarSpace }
    static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: .model(site)
        case .messagesHTML: .text(messagesHTML)
        case .listLookClass: listLookClass.map { .text($0) }
        case .listReservesAvatarSpace: .flag(listReservesAvatarSpace)
        }
    }
}

/// Gives every conversation a `first.html` with the rows of its first two messages.
struct FirstMessagesProducer: MessagePagesProducer {
    let name = "first messages"

    func messagePages(of conversation: ConversationPages) throws -> [ProducedMessagePage] {
        let count = min(2, conversation.conversation.messages.count)
        return [ProducedMessagePage(
            file: "first.html", template: "first", model: FirstMessagesPage(site: conversation.site), messages: 0..<count)]
    }
}

@Suite struct DocumentationArticleTests {
    /// A site with one canonical conversation between Ann and Ben (Ben writes twice, once an order).
    func site(name: String = #function) throws -> URL {
        try TestSupport.makeSite(conversations: ["c.json": TestSupport.conversation(
            messages: [
                #"{"id": "1", "sender": "ann", "date": "2024-05-01T10:00:00+02:00", "type": "text", "text": "Lunch?"}"#,
                #"{"id": "2", "sender": "ben", "date": "2024-05-01T10:01:00+02:00", "type": "text", "text": "Sure"}"#,
                #"{"id": "7", "sender": "ben", "date": "2024-05-01T10:02:00+02:00", "type": "custom", "custom": {"kind": "order", "payload": {"number": 1042, "total": "18.50"}}}"#,
            ],
            participants: #"[{"id":"ann","name":"Ann"},{"id":"ben","name":"Ben"}]"#)], name: name)
    }

    func page(_ site: URL) throws -> String {
        try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
    }

    @Test func gettingStartedBuildsASite() throws {
        let site = try site()
        let options = BuildOptions(site: site, output: site.appendingPathComponent("public"), strict: true)
        let summary = try SiteBuilder(options: options).build()
        print(summary.report)
        #expect(summary.messagesRendered == 3)
        #expect(summary.warnings.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/index.html").path))
    }

    @Test func gettingStartedShowsTheErrorOfAnEmptySite() throws {
        let empty = try TestSupport.temporaryFolder()
        try TestSupport.write(["transcripts.yml": "title: Empty\n", "conversations/notes.txt": "nothing\n"], in: empty)
        do {
            _ = try SiteBuilder(options: BuildOptions(site: empty)).build()
            Issue.record("a site without conversations builds")
        } catch let error as TranscriptsError {
            #expect(error.description.contains("no export transcripts reads"))
        }
    }

    @Test func theLineChatImporterReadsItsFormatAndKeepsWhatItCannotRead() throws {
        let site = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "transcripts.yml": "title: Logs\ntimeZone: Europe/Berlin\ninputs: [logs]\n",
            "logs/team.linechat": "2024-05-01T10:00:00+02:00 ann: Hello!\n2024-05-01T10:01:30+02:00 ben: Hi Ann\n<garbled>\n",
        ], in: site)
        let registry = ImporterRegistry(importers: [LineChatImporter()] + ImporterRegistry.builtIn.importers)
        let summary = try SiteBuilder(options: BuildOptions(site: site), registry: registry).build()
        #expect(summary.messagesRendered == 3)
        #expect(summary.unsupportedMessages == 1)
        #expect(summary.warnings.contains { $0.contains("team.linechat:3: not \"TIME SENDER: TEXT\", kept as it is") })
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/team"))
        #expect(page.contains("Hello!") && page.contains("Hi Ann") && page.contains("&lt;garbled&gt;"))
        #expect(page.contains("id=\"m-line-2\""))
        // With --strict, the repaired line fails the build.
        #expect(throws: (any Error).self) {
            try SiteBuilder(options: BuildOptions(site: site, strict: true), registry: registry).build()
        }
    }

    @Test func theBotDelegateOutlinesTheBotsMessages() throws {
        let site = try site()
        let summary = try SiteBuilder(options: BuildOptions(site: site), delegate: BotDelegate(bots: ["ben"])).build()
        #expect(summary.messagesRendered == 3)
        let page = try page(site)
        let rows = page.components(separatedBy: "id=\"m-").dropFirst()
        #expect(rows.count == 3)
        #expect(rows.map { $0.contains("class=\"bubble style-bubbleOutline") } == [false, true, true])
        #expect(page.contains("<time"))
    }

    @Test func theOrderRendererDrawsOrders() throws {
        let site = try site()
        let summary = try SiteBuilder(options: BuildOptions(site: site), customRenderers: [OrderRenderer()]).build()
        #expect(summary.messagesRendered == 3)
        #expect(try page(site).contains("<p class=\"order\">Order 1042: €18.50</p>"))
    }

    @Test func theLeaveOutBotStageLeavesTheBotOut() throws {
        let site = try site()
        var builder = SiteBuilder(options: BuildOptions(site: site))
        try builder.stages.insert(LeaveOutBot(bot: "ben"), after: "transform")
        let summary = try builder.build()
        #expect(summary.messagesRendered == 1)
        #expect(summary.stages.first { $0.name == "drop-bot" }?.counts["messages dropped"] == 2)
        let page = try page(site)
        #expect(page.contains("Lunch?") && !page.contains("Sure"))
    }

    @Test func theSendersProducerGivesEveryConversationItsPage() throws {
        let site = try site()
        try TestSupport.write([
            "Templates/senders.mustache": "<!doctype html><title>{{site.pageTitle}}</title><ul>{{#senders}}<li>{{.}}</li>{{/senders}}</ul>\n",
        ], in: site)
        var builder = SiteBuilder(options: BuildOptions(site: site))
        builder.conversationPageProducers.append(SendersProducer())
        let summary = try builder.build()
        #expect(summary.messagesRendered == 3)
        #expect(try TestSupport.read(site.appendingPathComponent("public/c/chat/senders.html"))
            == "<!doctype html><title>Chat · Test</title><ul><li>Ben: 2</li><li>Ann: 1</li></ul>\n")
    }

    @Test func theFirstMessagesProducerShowsTheirRows() throws {
        let site = try site()
        try TestSupport.write([
            "Templates/first.mustache": """
                <!doctype html><title>{{site.pageTitle}}</title>
                <ol class="transcript {{listLookClass}}">{{{messagesHTML}}}</ol>

                """,
        ], in: site)
        var builder = SiteBuilder(options: BuildOptions(site: site))
        builder.conversationPageProducers.append(FirstMessagesProducer())
        let summary = try builder.build()
        // The three messages on their month page, the first two again.
        #expect(summary.messagesRendered == 5)
        let page = try TestSupport.read(site.appendingPathComponent("public/c/chat/first.html"))
        #expect(page.hasPrefix("<!doctype html><title>Chat · Test</title>\n<ol class=\"transcript look-"))
        #expect(page.contains("Lunch?") && page.contains("Sure") && !page.contains("1042"))
    }

    /// Every Swift block of every article is code of this file (lines compared without their indentation), so
    /// what the articles show compiles and runs.
    @Test func articlesShowOnlyCodeThatIsHere() throws {
        let catalog = TestSupport.packageFolder.appendingPathComponent("Sources/TranscriptKit/TranscriptKit.docc")
        let here = Self.lines(of: try TestSupport.read(URL(fileURLWithPath: #filePath)))
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(articles.count == 7)
        var checked = 0
        for article in articles {
            let text = try TestSupport.read(catalog.appendingPathComponent(article))
            for block in text.components(separatedBy: "```swift\n").dropFirst() {
                let code = Self.lines(of: String(block.prefix(upTo: block.range(of: "```")!.lowerBound)))
                if article == "GettingStarted.md", code.first?.hasPrefix(".package(") == true { continue }  // a manifest
                #expect(here.joined(separator: "\n").contains(code.joined(separator: "\n")), "\(article): \(code.first ?? "")")
                checked += 1
            }
        }
        #expect(checked >= 12)
    }

    static func lines(of text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
