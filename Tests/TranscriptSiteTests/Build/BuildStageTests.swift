import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// docs/architecture.md's example of a stage of one's own: it leaves out a bot's messages before anything
/// is rendered.
struct DropBotMessages: BuildStage {
    let name = "drop-bot"
    var fingerprint: String { "drop-bot 1" }

    func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
        let before = conversation.imported.conversation.messages.count
        conversation.imported.conversation.messages.removeAll { $0.sender == "bot" }
        conversation.imported.messageDigests = nil  // the digests were of the messages as read
        context.count("messages dropped", before - conversation.imported.conversation.messages.count)
    }
}

/// A delegate whose decisions look beyond a message's neighbours: the sender of the conversation's first
/// message is shown in blue everywhere.
struct FirstSenderInBlue: TranscriptDisplayDelegate {
    var fingerprint = "1"

    func backgroundColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor {
        message.sender == context.message(at: 0).sender
            ? DisplayColor("#d3e3fd", dark: "#0b2e6e") : display(for: message, at: index, in: context).background
    }
}

@Suite struct BuildStageTests {
    static let chat = TestSupport.conversation(
        id: "chat", title: "Chat",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "Hello"}"#,
            #"{"id": "2", "sender": "bot", "date": "2024-05-03T09:31:00Z", "text": "BEEP reminder"}"#,
            #"{"id": "3", "sender": "me", "date": "2024-05-03T09:32:00Z", "text": "Hi Ann"}"#,
        ])

    @Test func theStandardStagesRunInTheOrderTheDataFlows() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.stages.map(\.name) == ["discover", "read", "transform", "render", "book", "people", "index", "write", "commit"])
        let counts = Dictionary(uniqueKeysWithValues: summary.stages.map { ($0.name, $0.counts) })
        #expect(counts["discover"] == ["exports": 1])
        #expect(counts["read"] == ["conversations": 1, "messages": 3])
        #expect(counts["render"] == ["conversations rendered": 1, "pages rendered": 2])
        #expect(summary.stages.allSatisfy { $0.seconds >= 0 })
        #expect(summary.stages[3].line.hasPrefix("render: "))
        #expect(summary.stages[3].line.hasSuffix(" s (conversations rendered 1, pages rendered 2)"))
        let json = try #require(String(data: summary.json, encoding: .utf8))
        #expect(json.contains(#""name" : "transform""#))
    }

    @Test func aStageOfOnesOwnSeesEveryConversationBeforeItIsRendered() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat])
        var builder = SiteBuilder(options: BuildOptions(site: site))
        try builder.stages.insert(DropBotMessages(), after: "transform")
        let summary = try builder.build()
        #expect(summary.stages.map(\.name)[2...4] == ["transform", "drop-bot", "render"])
        #expect(summary.stages[3].counts == ["messages dropped": 1])
        #expect(summary.messagesRead == 2)
        let page = try TestSupport.read(site.appendingPathComponent("public/c/chat/2024-05.html"))
        #expect(page.contains("Hi Ann") && !page.contains("BEEP"))
        // The search index never saw the message either.
        let terms = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/search/t").path)
        let index = try terms.map { try TestSupport.read(site.appendingPathComponent("public/search/t/" + $0)) }.joined()
        #expect(index.contains("ann") && !index.contains("beep"))
    }

    @Test func discoverMeasuresTheBytesOfAnExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("discover-size-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("general"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(count: 100).write(to: folder.appendingPathComponent("users.json"))
        try Data(count: 2_500).write(to: folder.appendingPathComponent("general/2024-05-03.json"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link.json"), withDestinationURL: folder.appendingPathComponent("users.json"))
        // Files in sub-folders count, links and folders do not; a file alone is its size.
        #expect(DiscoverStage.size(of: folder) == 2_600)
        #expect(DiscoverStage.size(of: folder.appendingPathComponent("users.json")) == 100)
        #expect(DiscoverStage.size(of: folder.appendingPathComponent("missing")) == 0)
    }

    @Test func aStageIsFoundByNameOrTheErrorListsTheStages() {
        var stages = BuildStages.standard
        #expect(throws: TranscriptsError.self) { try stages.insert(DropBotMessages(), before: "publish") }
        do {
            try stages.insert(DropBotMessages(), before: "publish")
        } catch {
            #expect("\(error)".contains("no build stage named \"publish\" (stages: discover, read, transform, render, book, people, index, write, commit)"))
        }
        #expect(throws: Never.self) { try stages.insert(DropBotMessages(), before: "render") }
        #expect(stages.map(\.name)[3] == "drop-bot")
    }

    @Test func aStagesErrorSaysWhichStage() throws {
        struct Refuses: BuildStage {
            let name = "refuses"
            func run(in context: BuildContext) throws { throw TranscriptsError(message: "not today") }
        }
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat])
        var builder = SiteBuilder(options: BuildOptions(site: site))
        try builder.stages.insert(Refuses(), after: "render")
        #expect(throws: TranscriptsError(message: "in the build stage \"refuses\": not today")) { try builder.build() }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }

    /// Importers reject times no calendar holds; a stage (or importer) of one's own that makes one gets an error
    /// naming the message, not a trap where its page is dated.
    @Test func aTimeNoCalendarHoldsIsAnErrorNotATrap() throws {
        struct FarFuture: BuildStage {
            let name = "far-future"
            /// Which time: 0 sent, 1 edited, 2 the forwarded message's, 3 its edit.
            var which = 0
            func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
                let time = Timestamp(secondsSince1970: which % 2 == 0 ? 1e300 : -1e300)
                switch which {
                case 0: conversation.imported.conversation.messages[1].date = time
                case 1: conversation.imported.conversation.messages[1].edited = time
                case 2: conversation.imported.conversation.messages[1].forwardedDate = time
                default: conversation.imported.conversation.messages[1].forwardedEdited = time
                }
            }
        }
        let site = try TestSupport.makeSite(conversations: ["chat.json": Self.chat])
        for (which, seconds) in [(0, "1e+300"), (1, "-1e+300"), (2, "1e+300"), (3, "-1e+300")] {
            var builder = SiteBuilder(options: BuildOptions(site: site))
            try builder.stages.insert(FarFuture(which: which), after: "transform")
            let error = try #require(throws: TranscriptsError.self) { try builder.build() }
            #expect(error.description.hasSuffix(
                "conversations/chat.json: the message \"2\" of the conversation \"chat\" has a time no calendar holds (\(seconds) seconds since 1970)"),
                "\(error)")
        }
    }

    @Test func aChangedStageFingerprintRendersEverything() throws {
        struct Versioned: BuildStage {
            var version: String
            let name = "versioned"
            var fingerprint: String { version }
        }
        let site = try IncrementalBuildTests.makeSite()
        func build(_ version: String) throws -> BuildSummary {
            var builder = SiteBuilder(options: BuildOptions(site: site))
            try builder.stages.insert(Versioned(version: version), after: "transform")
            return try builder.build()
        }
        _ = try build("1")
        #expect(try build("1").conversationsReused == 2)
        #expect(try build("2").conversationsReused == 0)
    }

    // MARK: - A display delegate of one's own keeps incremental reuse

    /// A conversation of four months, a page each; `edits` replace texts by message id, `firstSender` is
    /// the first message's sender.
    static func long(firstSender: String = "ann", edits: [String: String] = [:]) -> String {
        var messages: [String] = []
        for month in 5...8 {
            for day in 1...6 {
                let id = "\(month)-\(day)"
                let sender = month == 5 && day == 1 ? firstSender : ["ann", "me", "bob"][day % 3]
                let text = edits[id] ?? "Message \(id)"
                messages.append(#"{"id": "\#(id)", "sender": "\#(sender)", "date": "2024-0\#(month)-0\#(day)T09:00:00Z", "text": "\#(text)"}"#)
            }
        }
        return TestSupport.conversation(id: "long", title: "Long", messages: messages)
    }

    static func build(_ site: URL, delegate: any TranscriptDisplayDelegate, clean: Bool = false) throws -> BuildSummary {
        try SiteBuilder(options: BuildOptions(site: site, clean: clean), delegate: delegate).build()
    }

    /// Builds incrementally, then cleanly, with `delegate`, and checks that both wrote the same bytes.
    static func buildMatchesCleanBuild(
        _ site: URL, delegate: any TranscriptDisplayDelegate, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> BuildSummary {
        let incremental = try build(site, delegate: delegate)
        let files = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        _ = try build(site, delegate: delegate, clean: true)
        let clean = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        #expect(files.keys.sorted() == clean.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in files where clean[path] != data {
            Issue.record("\(path) differs from a clean build", sourceLocation: sourceLocation)
        }
        return incremental
    }

    @Test func aCustomDelegateKeepsConversationAndPageReuse() throws {
        let site = try TestSupport.makeSite(conversations: ["long.json": Self.long(), "other.json": Self.chat])
        try IncrementalBuildTests.settle(site)
        let delegate = FirstSenderInBlue()
        _ = try Self.build(site, delegate: delegate)
        // Nothing changed: everything is taken over.
        var summary = try Self.build(site, delegate: delegate)
        #expect(summary.conversationsReused == 2)
        // One message edited in July: only its conversation is rendered, and of it only July's page.
        try TestSupport.write(["conversations/long.json": Self.long(edits: ["7-4": "Changed in July"])], in: site)
        summary = try Self.buildMatchesCleanBuild(site, delegate: delegate)
        #expect(summary.conversationsReused == 1)
        #expect(summary.pagesReused == 3 + 2)  // three month pages of "long", both pages of "chat"
        let july = try TestSupport.read(site.appendingPathComponent("public/c/long/2024-07.html"))
        #expect(july.contains("Changed in July"))
        // The first message's sender changes: the delegate now decides otherwise on every page, and the
        // pages it decides otherwise on are rendered again (a digest of the messages alone would miss it).
        try IncrementalBuildTests.settle(site)
        _ = try Self.build(site, delegate: delegate)
        try TestSupport.write(["conversations/long.json": Self.long(firstSender: "bob", edits: ["7-4": "Changed in July"])], in: site)
        summary = try Self.buildMatchesCleanBuild(site, delegate: delegate)
        #expect(summary.conversationsReused == 1)
        #expect(summary.pagesReused == 2)
    }

    @Test func aChangedDelegateFingerprintRendersEverything() throws {
        let site = try TestSupport.makeSite(conversations: ["long.json": Self.long(), "other.json": Self.chat])
        try IncrementalBuildTests.settle(site)
        _ = try Self.build(site, delegate: FirstSenderInBlue(fingerprint: "1"))
        #expect(try Self.build(site, delegate: FirstSenderInBlue(fingerprint: "1")).conversationsReused == 2)
        let summary = try Self.build(site, delegate: FirstSenderInBlue(fingerprint: "2"))
        #expect(summary.conversationsReused == 0 && summary.pagesReused == 0)
    }
}
