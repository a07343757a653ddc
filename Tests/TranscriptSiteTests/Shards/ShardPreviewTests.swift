import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptSite
@testable import TranscriptSupport

/// A shard's build passes over, unread, the chats of a Telegram account export and the channels of a Slack
/// workspace that go to other shards, and the assembled site is still the one build's.
@Suite struct ShardPreviewTests {
    /// An account export of chats with 1 to 6 messages; the fourth has no id (the file and its place name it).
    static func telegram() -> String {
        let chats = (1...6).map { number in
            let messages = (1...number).map { message in
                #"{"id": \#(message), "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "\#(1_714_728_600 + number * 600 + message)", "from": "Ann", "from_id": "user2", "text": "chat \#(number) message \#(message)", "text_entities": [{"type": "plain", "text": "chat \#(number) message \#(message)"}]}"#
            }
            let id = number == 4 ? "" : #""id": \#(100 + number), "#
            return #" {"name": "Chat \#(number)", "type": "private_group", \#(id)"messages": [\#(messages.joined(separator: ","))]}"#
        }
        return #"{"about": "Telegram", "personal_information": {"user_id": 1, "first_name": "Me"}, "chats": {"about": "", "list": [\#n"#
            + chats.joined(separator: ",\n") + "\n]}}"
    }

    static func counts(_ summary: BuildSummary, _ stage: String) -> [String: Int] {
        summary.stages.first { $0.name == stage }?.counts ?? [:]
    }

    @Test func otherShardsChatsAndChannelsAreNotRead() throws {
        var files = SlackIncrementalBuildTests.export()
        files["telegram/result.json"] = Self.telegram()
        let site = try TestSupport.makeSite(conversations: files)
        let whole = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(whole.conversations.count == 8)
        var parts: [URL] = []
        var parsed = 0, passedOver = 0
        for number in 1...3 {
            var options = BuildOptions(site: site, output: site.appendingPathComponent("part\(number)"))
            options.shard = try ShardSelection(number: number, count: 3)
            let summary = try SiteBuilder(options: options).build()
            let read = Self.counts(summary, "read")
            // Every conversation of both exports was named before it was read; only this shard's were read.
            #expect(read["conversations shared out unread"] == 8)
            #expect(read["conversations"] == summary.conversations.count)
            #expect(read["conversations of other shards"] == 8 - summary.conversations.count)
            #expect(Self.counts(summary, "render")["conversations of other shards"] == nil)
            parsed += read["conversations"] ?? 0
            passedOver += read["conversations of other shards"] ?? 0
            parts.append(options.output!)
        }
        #expect(parsed == 8 && passedOver == 16)
        try SiteBuilder(options: BuildOptions(site: site, output: site.appendingPathComponent("assembled"), clean: true))
            .assemble(parts: parts)
        try SiteShardTests.expectSameFiles(site.appendingPathComponent("public"), site.appendingPathComponent("assembled"))
        // Shared out by their bytes: each shard got some.
        let described = try parts.map { try SitePart.read(from: $0) }
        #expect(Set(described[0].conversations.map(\.shard)) == [1, 2, 3])
    }

    /// Settings that change which conversations a build shows, how it names them or whether a shard may pass
    /// over a chat unread: the assembled site is the one build's with each.
    @Test(arguments: [
        ("search", "search: {exclude: [\"102\", C2]}\n", 8),
        ("privacy", "privacy: {pseudonymize: true, exclude: [Ann]}\n", 8),
        ("scope", "scope: {conversations: [\"101\", \"103\", C1]}\n", 3),
        ("together", "people:\n  - name: Ann\n    ids: [user2, U2]\n    together: true\n", 8),
        ("merge", "merge: {join: [{into: Chats, ids: [\"101\", \"102\"]}]}\n", 7),
    ])
    func settingsThatChangeTheConversationsKeepTheAssembledSiteTheOneBuilds(name: String, settings: String, conversations: Int) throws {
        var files = SlackIncrementalBuildTests.export()
        files["telegram/result.json"] = Self.telegram()
        let site = try TestSupport.makeSite(
            config: "title: Test\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n" + settings, conversations: files,
            name: "settings-" + name)
        let whole = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(whole.conversations.count == conversations)
        let parts = try SiteShardTests.buildParts(site, count: 3, into: site)
        try SiteBuilder(options: BuildOptions(site: site, output: site.appendingPathComponent("assembled"), clean: true))
            .assemble(parts: parts)
        try SiteShardTests.expectSameFiles(site.appendingPathComponent("public"), site.appendingPathComponent("assembled"))
    }

    @Test func previewsNameTheChatsAsReadingThemDoes() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["result.json": Self.telegram()], in: folder)
        let source = ExportSource(url: folder.appendingPathComponent("result.json"), displayPath: "result.json")
        let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let previews = try #require(try TelegramImporter().conversationPreviews(in: source, context: context))
        var read: [(id: String, key: String?)] = []
        var readContext = context
        readContext.sourceKeysThatMayBeReused = []
        try TelegramImporter().importConversations(from: source, context: readContext, reusing: { _ in false }) {
            read.append(($0.conversation.id, $0.sourceKey))
        }
        #expect(previews.map(\.id) == ["101", "102", "103", "result-4", "105", "106"])
        #expect(previews.map(\.id) == read.map(\.id))
        #expect(previews.map(\.sourceKey) == read.map(\.key))
        #expect(previews.map(\.bytes) == previews.map(\.bytes).sorted())
    }

    @Test func aChatOfAnotherShapeLeavesTheExportToBeReadWhole() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["result.json": #"{"chats": {"list": [{"name": "A", "id": 1, "messages": []}, {"name": "B", "id": 2, "messages": 7}]}}"#], in: folder)
        let source = ExportSource(url: folder.appendingPathComponent("result.json"), displayPath: "result.json")
        let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(try TelegramImporter().conversationPreviews(in: source, context: context) == nil)
    }
}
