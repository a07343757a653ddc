import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

/// A person shown `together`: their one-to-one chats on Telegram, WhatsApp and a canonical export are one
/// conversation, each message marked with its app (see docs/people.md).
@Suite struct TogetherBuildTests {
    static let config = PeopleBuildTests.config.replacingOccurrences(
        of: #""quinn@unused.example"]"#, with: #""quinn@unused.example"]"# + "\n    together: true")

    func site(config: String = Self.config, name: String = #function) throws -> URL {
        try PeopleBuildTests().site(config: config, name: name)
    }

    func read(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent("public/" + path), encoding: .utf8)
    }

    @Test func aPersonsChatsOnThreeAppsAreOneConversationInTimeOrderEachMessageWithItsApp() throws {
        let site = try site()
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(folders == ["quinn-okonkwo"])
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations gathered into timelines"] == 3)
        let telegram = try read(site, "c/quinn-okonkwo/2023-05.html")
        #expect(telegram.contains(#"id="m-telegram-1""#))
        #expect(telegram.contains(##"<span class="app">Telegram</span> <a class="time" href="#m-telegram-1">"##))
        #expect(telegram.contains("Lisbon photos tonight"))
        let whatsApp = try read(site, "c/quinn-okonkwo/2024-03.html")
        #expect(whatsApp.matches(of: #/<span class="app">WhatsApp</span>/#).count == 3)
        #expect(!whatsApp.contains(#"<span class="app">Telegram</span>"#))
        let newest = try read(site, "c/quinn-okonkwo/2025-01.html")
        #expect(newest.contains(#"id="m-transcripts-a""#))
        #expect(newest.contains(#"<span class="app">Transcripts</span>"#))
        // One person, one conversation on their page, of all three apps.
        let page = try read(site, "people/quinn-okonkwo/index.html")
        let rows = page.matches(of: /<tr><th scope="row"><a href="([^"]+)">([^<]+)<\/a>[^\n]*<td>([^<]*)<\/td><td class="share-count">([^<]+)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/)
            .map { "\($0.output.1) | \($0.output.2) | \($0.output.3) | \($0.output.4) | \($0.output.5) | \($0.output.6)" }
        #expect(rows == ["../../c/quinn-okonkwo/index.html | Quinn Okonkwo | Telegram, Transcripts, WhatsApp | 4 messages | May 1, 2023 | Jan 2, 2025"])
        let index = try read(site, "index.html")
        #expect(index.contains(#"href="c/quinn-okonkwo/index.html""#))
        // The person and the owner once each, whatever ids the three apps gave them.
        #expect(whatsApp.contains("Direct chat · Quinn Okonkwo and Me<"))
        #expect(whatsApp.matches(of: #/class="message outgoing/#).count == 1)
    }

    @Test func aGroupWithThePersonStaysItsOwnConversation() throws {
        let site = try site()
        try PeopleBuildTests.addBookClub(to: site, config: Self.config)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(folders.sorted() == ["book-club", "quinn-okonkwo"])
        let club = try read(site, "c/book-club/2024-06.html")
        #expect(!club.contains(#"class="app""#))
        #expect(try read(site, "people/index.html").contains("5 messages · 2 conversations"))
    }

    @Test func aRebuildWritesTheBytesOfACleanBuildAndAnEditedExportReachesTheTimeline() throws {
        let site = try site()
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let first = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        let again = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == first)
        // The timeline's unchanged months are taken over.
        #expect(again.pagesReused > 0)
        // A later WhatsApp message: the export is read again, and only what changed is rendered.
        let chat = site.appendingPathComponent("whatsapp/WhatsApp Chat with +1 (555) 555-0101.txt")
        try (PeopleBuildTests.whatsApp + "03/03/2024, 08:00 - +1 (555) 555-0101: One more\n")
            .write(to: chat, atomically: true, encoding: .utf8)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(try read(site, "c/quinn-okonkwo/2024-03.html").contains("One more"))
        let incremental = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        _ = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == incremental)
    }

    /// An export that holds the person's chat and others: the others are taken over on the next build.
    @Test func theOtherChatsOfAnExportThatFedTheTimelineAreTakenOver() throws {
        let site = try site()
        try """
            01/03/2024, 11:00 - Ann: Book club at 8?
            01/03/2024, 11:01 - Bo: Yes
            01/03/2024, 11:02 - Me: See you

            """.write(to: site.appendingPathComponent("whatsapp/WhatsApp Chat with Book club.txt"), atomically: true, encoding: .utf8)
        let first = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(first.conversations.count == 2)
        let again = try SiteBuilder(options: BuildOptions(site: site)).build()
        // The group chat's record stays in the build cache; the timeline's is kept by the person.
        #expect(again.conversationsReused == 2)
    }

    @Test func turningTogetherOffGivesTheChatsTheirOwnConversationsAgain() throws {
        let site = try site()
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        try PeopleBuildTests.config.write(to: site.appendingPathComponent("transcripts.yml"), atomically: true, encoding: .utf8)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(folders.count == 3)
        #expect(!folders.contains("quinn-okonkwo"))
        let incremental = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        _ = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == incremental)
    }

    @Test func pseudonymsReachTheTimelineAndItsFolder() throws {
        let site = try site(config: Self.config.replacingOccurrences(of: "people:", with: "privacy: {pseudonymize: true}\npeople:"))
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let files = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        for (path, bytes) in files {
            for secret in ["Quinn", "Okonkwo", "5550101", "555-0101", "quentin", "Q. O."] {
                #expect(!path.contains(secret), "\(path) names \(secret)")
                #expect(String(decoding: bytes, as: UTF8.self).contains(secret) == false, "\(path) holds \(secret)")
            }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(folders.count == 1)
    }
}
