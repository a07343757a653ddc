import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Sites whose config says who is who: one friend on Telegram, WhatsApp and iMessage-like canonical JSON is one
/// person, with one page (see docs/people.md).
@Suite struct PeopleBuildTests {
    static let telegram = #"""
        {"name": "Q. O.", "type": "personal_chat", "id": 5550101, "messages": [
          {"id": 1, "type": "message", "date": "2023-05-01T10:00:00", "date_unixtime": "1682935200", "from": "Q. O.", "from_id": "user5550101", "text": "Lisbon photos tonight"},
          {"id": 2, "type": "message", "date": "2023-05-01T10:05:00", "date_unixtime": "1682935500", "from": "Me", "from_id": "user1", "text": "Yes please"}
        ]}
        """#
    static let whatsApp = """
        01/03/2024, 10:00 - +1 (555) 555-0101: See https://example.org/lisbon
        01/03/2024, 10:01 - Me: Nice
        02/03/2024, 09:00 - +1 (555) 555-0101: Back home

        """
    static let canonical = #"""
        {"format": "transcripts/1", "id": "imessage-quinn", "title": "quentin.okonkwo@example.com", "kind": "direct",
         "participants": [{"id": "quentin.okonkwo@example.com", "name": "quentin.okonkwo@example.com"}, {"id": "me", "name": "Me"}],
         "messages": [{"id": "a", "sender": "quentin.okonkwo@example.com", "date": "2025-01-02T08:00:00Z", "text": "Happy new year"}]}
        """#

    static let config = """
        title: Archive
        timeZone: UTC
        locale: en_US
        inputs: [telegram, whatsapp, imessage.json]
        me: [user1, Me, me]
        people:
          - name: Quinn Okonkwo
            ids: ["+1 555 555 0101", "user5550101", "quentin.okonkwo@example.com", "quinn@unused.example"]

        """

    func site(config: String = Self.config, name: String = #function) throws -> URL {
        let site = try TestSupport.temporaryFolder(name)
        try TestSupport.write([
            "telegram/result.json": Self.telegram, "whatsapp/WhatsApp Chat with +1 (555) 555-0101.txt": Self.whatsApp,
            "imessage.json": Self.canonical, "transcripts.yml": config,
        ], in: site)
        return site
    }

    func read(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent("public/" + path), encoding: .utf8)
    }

    @Test func oneFriendOnThreeAppsIsOnePersonWithOnePage() throws {
        let site = try site()
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        let people = try read(site, "people/index.html")
        #expect(people.contains(#"<h2><a href="quinn-okonkwo/index.html">Quinn Okonkwo</a></h2>"#))
        #expect(people.contains(#"<p class="card-meta">4 messages · 3 conversations · Telegram, Transcripts, WhatsApp</p>"#))
        let page = try read(site, "people/quinn-okonkwo/index.html")
        #expect(page.contains("<h1>Quinn Okonkwo</h1>"))
        // Newest first: the canonical chat (2025), WhatsApp (2024), Telegram (2023).
        let rows = page.matches(of: /<tr><th scope="row"><a href="([^"]+)">([^<]+)<\/a>[^\n]*<td>([^<]*)<\/td><td class="share-count">([^<]+)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/)
            .map { "\($0.output.1) | \($0.output.2) | \($0.output.3) | \($0.output.4) | \($0.output.5) | \($0.output.6)" }
        #expect(rows == [
            "../../c/imessage-quinn/index.html | Quinn Okonkwo | Transcripts | 1 message | Jan 2, 2025 | Jan 2, 2025",
            "../../c/\(try folder(site, holding: "Back home"))/index.html | Quinn Okonkwo | WhatsApp | 2 messages | Mar 1, 2024 | Mar 2, 2024",
            "../../c/\(try folder(site, holding: "Lisbon photos"))/index.html | Quinn Okonkwo | Telegram | 1 message | May 1, 2023 | May 1, 2023",
        ])
        #expect(page.contains(#"<a class="gallery-link" href="https://example.org/lisbon""#))
        #expect(page.contains("chart-years"))
        // The conversations' pages link the person's; the index names them.
        let whatsApp = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/" + (try folder(site, holding: "Back home"))))
        #expect(whatsApp.contains(#"<p class="person-links">People: <a href="../../people/quinn-okonkwo/index.html">Quinn Okonkwo</a></p>"#))
        #expect(!whatsApp.contains("555-0101<"))
        let index = try read(site, "index.html")
        #expect(index.contains(">Quinn Okonkwo</a></h2>"))
        #expect(index.contains(#"<p class="site-people"><a href="people/index.html">People</a></p>"#))
        // The one id that matched nobody is a warning naming it.
        let warnings = summary.warnings.filter { $0.contains("people[") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasSuffix(
            "transcripts.yml: people[0] (Quinn Okonkwo): the id \"quinn@unused.example\" matches nobody in the conversations") == true)
    }

    @Test func inAGroupTheirNameLinksTheirPageAndTheirAvatarTakesTheirInitials() throws {
        let site = try site()
        try Self.addBookClub(to: site, config: Self.config)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try read(site, "c/book-club/2024-06.html")
        #expect(page.contains(#"<a class="sender-link" href="../../people/quinn-okonkwo/index.html">Quinn Okonkwo</a>"#))
        #expect(page.contains(">QO</"))
        #expect(try read(site, "people/index.html").contains("5 messages · 4 conversations"))
    }

    @Test func aPersonWithNoMessagesIsListedWithNoneAndTheirIdIsAWarning() throws {
        let site = try site(config: Self.config + "  - name: Nobody Yet\n    ids: [nobody@example.org]\n")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        let people = try read(site, "people/index.html")
        #expect(people.contains(#"<h2><a href="nobody-yet/index.html">Nobody Yet</a></h2>"# + "\n" + #"<p class="card-meta">0 messages · 0 conversations</p>"#))
        // Those with the most messages first.
        #expect(people.range(of: "Quinn Okonkwo")!.lowerBound < people.range(of: "Nobody Yet")!.lowerBound)
        let page = try read(site, "people/nobody-yet/index.html")
        #expect(page.contains(#"<p class="empty">No messages</p>"#))
        #expect(summary.warnings.contains { $0.hasSuffix("people[1] (Nobody Yet): the id \"nobody@example.org\" matches nobody in the conversations") })
    }

    /// Adds a group where Quinn writes as `QUENTIN.okonkwo@example.com` to the site, and to its `config`'s inputs.
    static func addBookClub(to site: URL, config: String) throws {
        try #"""
            {"format": "transcripts/1", "id": "book-club", "title": "Book club", "kind": "group",
             "participants": [{"id": "QUENTIN.okonkwo@example.com", "name": "Q"}, {"id": "ann", "name": "Ann"}, {"id": "me", "name": "Me"}],
             "messages": [{"id": "b1", "sender": "QUENTIN.okonkwo@example.com", "date": "2024-06-01T08:00:00Z", "text": "Chapter 3"}]}
            """#.write(to: site.appendingPathComponent("club.json"), atomically: true, encoding: .utf8)
        try config.replacingOccurrences(of: "imessage.json]", with: "imessage.json, club.json]")
            .write(to: site.appendingPathComponent("transcripts.yml"), atomically: true, encoding: .utf8)
    }

    /// The folder of the conversation whose pages hold `text`.
    func folder(_ site: URL, holding text: String) throws -> String {
        let top = site.appendingPathComponent("public/c")
        let folders = try FileManager.default.contentsOfDirectory(atPath: top.path).sorted()
        return try #require(folders.first { (try? TestSupport.conversationHTML(top.appendingPathComponent($0)))?.contains(text) ?? false })
    }

    @Test func aChangedPeopleBlockRerendersOnlyTheConversationsItChanges() throws {
        let site = try site()
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        // Quinn's Telegram id leaves the config: the Telegram chat changes, the others are taken over.
        let config = Self.config.replacingOccurrences(of: #""user5550101", "#, with: "")
        try config.write(to: site.appendingPathComponent("transcripts.yml"), atomically: true, encoding: .utf8)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversationsReused == 2)
        let telegram = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/" + (try folder(site, holding: "Lisbon photos"))))
        #expect(telegram.contains("Q. O."))
        #expect(!telegram.contains("sender-link"))
        #expect(try read(site, "people/index.html").contains("3 messages · 2 conversations · Transcripts, WhatsApp"))
        // The same bytes as a clean build of the new config.
        let incremental = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        _ = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == incremental)
    }

    @Test func theOrderOfTheInputsChangesNoByte() throws {
        let one = try site(name: "order-one")
        let other = try site(config: Self.config.replacingOccurrences(of: "[telegram, whatsapp, imessage.json]", with: "[imessage.json, whatsapp, telegram]"), name: "order-other")
        _ = try SiteBuilder(options: BuildOptions(site: one, clean: true)).build()
        _ = try SiteBuilder(options: BuildOptions(site: other, clean: true)).build()
        let a = try SiteBuilderTests.files(in: one.appendingPathComponent("public"))
        let b = try SiteBuilderTests.files(in: other.appendingPathComponent("public"))
        #expect(a.keys.filter { $0.hasPrefix("people/") }.sorted() == ["people/index.html", "people/quinn-okonkwo/index.html"])
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.filter { b[$0.key] != $0.value }.keys.sorted() == [])
    }

    @Test func anUnreadableContactsFileFailsTheBuildNamingItsLineAndKeepsTheOutput() throws {
        let site = try site(config: Self.config + "  - contacts: contacts.vcf\n")
        try "BEGIN:VCARD\nFN:Ann\nnonsense\nEND:VCARD\n".write(
            to: site.appendingPathComponent("contacts.vcf"), atomically: true, encoding: .utf8)
        let error = try #require(throws: TranscriptsError.self) { try SiteBuilder(options: BuildOptions(site: site)).build() }
        #expect(error.file?.hasSuffix("/contacts.vcf") == true)
        #expect(error.line == 3)
        #expect(error.message == "not a vCard line (no \"name:value\")")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }
}
