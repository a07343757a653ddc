import Foundation
import Testing

@testable import TranscriptSite
@testable import TranscriptSupport

/// A site built in parts (`--shard K/N`) and assembled is byte for byte the site one build writes.
@Suite struct SiteShardTests {
    /// Five conversations of different sizes; two show the same picture, two have ids that share a folder name's
    /// letters, and one has a book.
    static func makeSite(name: String = #function) throws -> URL {
        func messages(_ count: Int, photo: Bool = false) -> [String] {
            var list = (0..<count).map { number in
                #"{"id": "\#(number)", "sender": "\#(number % 3 == 0 ? "me" : "ann")", "date": "2024-0\#(1 + number % 9)-03T09:\#(10 + number % 50):00+02:00", "text": "message \#(number) about the garden"}"#
            }
            if photo {
                list.append(#"{"id": "p", "sender": "ann", "date": "2024-09-04T10:00:00+02:00", "type": "photo", "photo": {"file": "media/p.png", "caption": "the same one"}}"#)
            }
            return list
        }
        return try TestSupport.makeSite(
            config: "title: Parts\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\npeople:\n  - name: Ann\n    ids: [ann]\nbook:\n  conversations: [long]\n",
            conversations: [
                "long.json": TestSupport.conversation(id: "long", title: "Long", messages: messages(120, photo: true)),
                "short.json": TestSupport.conversation(id: "short", title: "Short", messages: messages(3, photo: true)),
                "middle.json": TestSupport.conversation(id: "middle", title: "Middle", messages: messages(40)),
                "hash-a.json": TestSupport.conversation(id: "Trip!", title: "Trip one", messages: messages(10)),
                "hash-b.json": TestSupport.conversation(id: "trip?", title: "Trip two", messages: messages(12)),
            ],
            extra: ["conversations/media/p.png": "picture"], name: name)
    }

    static func buildParts(_ site: URL, count: Int, into folder: URL) throws -> [URL] {
        try (1...count).map { number in
            var options = BuildOptions(site: site, output: folder.appendingPathComponent("part\(number)"))
            options.shard = try ShardSelection(number: number, count: count)
            _ = try SiteBuilder(options: options).build()
            return options.output!
        }
    }

    static func assemble(_ site: URL, _ parts: [URL], output: URL) throws -> BuildSummary {
        try SiteBuilder(options: BuildOptions(site: site, output: output, clean: true)).assemble(parts: parts)
    }

    static func expectSameFiles(_ folder: URL, _ other: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try SiteBuilderTests.files(in: folder), others = try SiteBuilderTests.files(in: other)
        #expect(files.keys.sorted() == others.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in files where others[path] != data {
            Issue.record("\(path) differs", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [1, 2, 3, 7])
    func anAssembledSiteIsTheSiteOneBuildWrites(shards: Int) throws {
        let site = try Self.makeSite(name: "assembled\(shards)")
        let whole = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        let parts = try Self.buildParts(site, count: shards, into: site)
        // Every part holds its own conversations' folders, none of another's (a shard may have none).
        let folders = parts.map { (try? FileManager.default.contentsOfDirectory(atPath: $0.appendingPathComponent("c").path)) ?? [] }
        #expect(folders.flatMap { $0 }.count == 5 && Set(folders.flatMap { $0 }).count == 5)
        let summary = try Self.assemble(site, parts.reversed(), output: site.appendingPathComponent("assembled"))
        try Self.expectSameFiles(site.appendingPathComponent("public"), site.appendingPathComponent("assembled"))
        #expect(summary.messagesRead == whole.messagesRead && summary.pages == whole.pages)
        #expect(summary.conversations.map(\.title) == whole.conversations.map(\.title))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("assembled/c/long/book.epub").path))
    }

    @Test func theDemoSiteAssembledFromThreePartsIsTheDemoSite() throws {
        let site = try TestSupport.temporaryFolder().appendingPathComponent("Site")
        try FileManager.default.copyItem(at: DemoSiteTests.site, to: site)
        try? FileManager.default.removeItem(at: site.appendingPathComponent("public"))
        try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        let parts = try Self.buildParts(site, count: 3, into: site.deletingLastPathComponent())
        try Self.assemble(site, parts, output: site.appendingPathComponent("assembled"))
        try Self.expectSameFiles(site.appendingPathComponent("public"), site.appendingPathComponent("assembled"))
    }

    @Test func aPartHoldsItsConversationsRecordsAndEverySitesPlaces() throws {
        let site = try Self.makeSite()
        let parts = try Self.buildParts(site, count: 2, into: site)
        let first = try SitePart.read(from: parts[0]), second = try SitePart.read(from: parts[1])
        // The longest conversation came first and fills shard 1; the rest go to shard 2 while it has fewer messages.
        #expect(first.conversations.map(\.shard) == second.conversations.map(\.shard))
        #expect(first.conversations.map(\.id) == second.conversations.map(\.id))
        for (position, conversation) in first.conversations.enumerated() {
            #expect((conversation.record != nil) == (conversation.shard == 1))
            #expect((second.conversations[position].record != nil) == (conversation.shard == 2))
        }
        let own = first.conversations.filter { $0.shard == 1 }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parts[0].appendingPathComponent("c").path).sorted()
            == own.map(\.slug).sorted())
        // A shard writes no page of the whole site.
        for path in ["index.html", "search.html", "search", "people", "assets"] {
            #expect(!FileManager.default.fileExists(atPath: parts[0].appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test func partsThatAreNotTheShardsOfOneSiteAreRefusedAndTheOutputStays() throws {
        let site = try Self.makeSite()
        let parts = try Self.buildParts(site, count: 3, into: site)
        let output = site.appendingPathComponent("assembled")
        try Self.assemble(site, parts, output: output)
        let before = try SiteBuilderTests.files(in: output)
        let file = { (part: URL) in SitePart.file(in: part).relativePathForDisplay }
        #expect(throws: TranscriptsError(message: "the parts given are 2 of 3 shards: shard 2/3 missing")) {
            try Self.assemble(site, [parts[0], parts[2]], output: output)
        }
        #expect(throws: TranscriptsError(file: file(parts[0]), message: "this part is shard 1/3, as \(file(parts[0])) is")) {
            try Self.assemble(site, [parts[0], parts[0], parts[1], parts[2]], output: output)
        }
        #expect(throws: TranscriptsError(message: "assemble needs the parts to join: give each part's folder with --parts")) {
            try Self.assemble(site, [], output: output)
        }
        let notAPart = site.appendingPathComponent("public")
        #expect(throws: TranscriptsError(
            file: file(notAPart), message: "this is not a part of a site: build one with transcripts build SITE --shard K/N --output PART"
        )) {
            try Self.assemble(site, [parts[0], notAPart, parts[2]], output: output)
        }
        // A part of four shards among parts of three.
        var options = BuildOptions(site: site, output: site.appendingPathComponent("four"))
        options.shard = try ShardSelection(number: 2, count: 4)
        try SiteBuilder(options: options).build()
        #expect(throws: TranscriptsError(
            file: file(options.output!),
            message: "this part is shard 2/4, another is 1/3: the parts of a site are built with the same number of shards")) {
            try Self.assemble(site, [parts[0], options.output!, parts[2]], output: output)
        }
        // Parts made before the config changed do not join the site it makes now.
        let config = site.appendingPathComponent("transcripts.yml")
        try (try TestSupport.read(config)).replacingOccurrences(of: "title: Parts", with: "title: Other").write(to: config, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError(
            file: file(parts[0]),
            message: "this part was built with another config, other templates or another transcripts binary than this assemble: "
                + "build every part and assemble with the same binary, config and templates")) {
            try Self.assemble(site, parts, output: output)
        }
        #expect(try SiteBuilderTests.files(in: output) == before)
    }

    @Test func partsOfOtherExportsAreRefused() throws {
        let site = try Self.makeSite()
        let parts = try Self.buildParts(site, count: 2, into: site)
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/short.json"))
        var options = BuildOptions(site: site, output: site.appendingPathComponent("other"))
        options.shard = try ShardSelection(number: 2, count: 2)
        try SiteBuilder(options: options).build()
        #expect(throws: TranscriptsError(
            file: SitePart.file(in: options.output!).relativePathForDisplay,
            message: "this part was built from other exports than \(SitePart.file(in: parts[0]).relativePathForDisplay) "
                + "(its conversations differ): build every part from the same exports")) {
            try Self.assemble(site, [parts[0], options.output!], output: site.appendingPathComponent("assembled"))
        }
    }

    @Test func aProtectedSiteIsNotBuiltInParts() throws {
        let site = try Self.makeSite()
        var options = BuildOptions(
            site: site, output: site.appendingPathComponent("part"),
            protection: ProtectionOptions(protect: true, passphrase: "correct horse battery staple"))
        options.shard = try ShardSelection(number: 1, count: 2)
        #expect(throws: TranscriptsError(
            file: site.appendingPathComponent("transcripts.yml").relativePathForDisplay,
            message: "a protected site is built on one machine: --shard and assemble do not build protected sites")) {
            try SiteBuilder(options: options).build()
        }
    }
}
