import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

@Suite struct BookMakerTests {
    static let messages = [
        #"{"id":"a1","sender":"ann","date":"2024-05-01T10:00:00+02:00","text":"Hello from Ann"}"#,
        #"{"id":"m1","sender":"me","date":"2024-05-01T10:05:00+02:00","text":"Hi Ann","replyTo":"a1"}"#,
        #"{"id":"a2","sender":"ann","date":"2024-06-02T09:00:00+02:00","text":"June, call me at ann@example.org"}"#,
    ]

    static func site(config: String = "title: Test\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n", name: String = #function) throws -> URL {
        try TestSupport.makeSite(config: config, conversations: ["chat.json": TestSupport.conversation(messages: messages)], name: name)
    }

    /// The entries of an EPUB, in the container's order, each with its text.
    static func entries(_ url: URL) throws -> [(path: String, text: String, entry: Entry)] {
        let archive = try Archive(url: url, accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return (entry.path, String(decoding: data, as: UTF8.self), entry)
        }
    }

    static func make(
        _ site: URL, id: String = "chat", from: String? = nil, to: String? = nil, privacy: PrivacyFlags = PrivacyFlags(),
        allowsUnprotected: Bool = false, file: String = "book.epub"
    ) throws -> (url: URL, summary: BuildSummary) {
        let url = site.appendingPathComponent("out").appendingPathComponent(file)
        let summary = try BookMaker(
            options: BuildOptions(site: site, privacy: privacy),
            request: BookRequest(conversation: id, from: from, to: to, output: url, allowsUnprotected: allowsUnprotected)
        ).make()
        return (url, summary)
    }

    @Test func epubStartsWithItsStoredMimetypeAndHoldsEveryMessage() throws {
        let (url, summary) = try Self.make(try Self.site())
        #expect(summary.messagesRendered == 3)
        let entries = try Self.entries(url)
        #expect(entries.map(\.path) == [
            "mimetype", "META-INF/container.xml", "EPUB/title.xhtml", "EPUB/nav.xhtml", "EPUB/2024-05.xhtml",
            "EPUB/2024-06.xhtml", "EPUB/people.xhtml", "EPUB/book.css", "EPUB/content.opf",
        ])
        #expect(entries[0].text == "application/epub+zip")
        #expect(entries[0].entry.type == .file)
        #expect(entries[0].entry.compressedSize == entries[0].entry.uncompressedSize)
        let text = entries.map(\.text).joined()
        for anchor in ["m-a1", "m-m1", "m-a2"] { #expect(text.contains("id=\"\(anchor)\"")) }
        // The site's output is not touched.
        #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("public").path))
    }

    @Test func sameInputSameBytes() throws {
        let site = try Self.site()
        let first = try Data(contentsOf: Self.make(site, file: "one.epub").url)
        let second = try Data(contentsOf: Self.make(site, file: "two.epub").url)
        #expect(first == second)
    }

    @Test func daysLimitTheMessages() throws {
        let (url, summary) = try Self.make(try Self.site(), from: "2024-06-01", to: "2024-06-30")
        #expect(summary.messagesRendered == 1)
        #expect(try Self.entries(url).map(\.path).contains("EPUB/2024-06.xhtml"))
        #expect(throws: TranscriptsError.self) { try Self.make(try Self.site(name: "later"), from: "2025-01-01") }
        #expect(throws: TranscriptsError.self) { try Self.make(try Self.site(name: "bad"), from: "2024-13-45") }
    }

    @Test func privacyReachesTheBook() throws {
        let (url, _) = try Self.make(try Self.site(), privacy: PrivacyFlags(pseudonymize: true, redact: ["email"]))
        let text = try Self.entries(url).map(\.text).joined()
        #expect(!text.contains("Ann"))
        #expect(!text.contains("ann@example.org"))
        #expect(text.contains("Person 1"))
    }

    @Test func unknownConversationNamesThoseThereAre() throws {
        #expect {
            try Self.make(try Self.site(), id: "nope")
        } throws: { error in
            (error as? TranscriptsError)?.message == "the site has no conversation \"nope\" (it has \"chat\")"
        }
    }

    @Test func protectedSiteBookIsRefusedUnlessAllowed() throws {
        let site = try Self.site(config: "title: Test\nme: me\nprotect: {passphraseFile: pass.txt}\n")
        #expect {
            try Self.make(site)
        } throws: { error in
            (error as? TranscriptsError)?.message.contains("--allow-unprotected-book") == true
        }
        let (url, _) = try Self.make(site, allowsUnprotected: true)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test func siteBuildWritesTheConfigsBooksAndLinksThem() throws {
        let site = try Self.site(config: "title: Test\nme: me\nbook: {conversations: [chat], title: Our chat, text: For Ann}\n")
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let book = site.appendingPathComponent("public/c/chat/book.epub")
        let entries = try Self.entries(book)
        #expect(entries.first { $0.path == "EPUB/title.xhtml" }?.text.contains("<h1>Our chat</h1>") == true)
        let overview = try TestSupport.read(site.appendingPathComponent("public/c/chat/index.html"))
        #expect(overview.contains(#"<p class="book-link"><a href="book.epub" download>Book (EPUB)</a></p>"#))
        // An incremental build that takes the conversation over keeps its book.
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(try Data(contentsOf: book) == Data(contentsOf: site.appendingPathComponent("public/c/chat/book.epub")))
        #expect(FileManager.default.fileExists(atPath: book.path))
    }

    @Test func settingsRejectUnknownFormatsAndPapers() throws {
        let site = try Self.site(config: "title: Test\nbook: {formats: [mobi]}\n")
        #expect(throws: (any Error).self) { try SiteBuilder(options: BuildOptions(site: site)).loadConfiguration() }
        let letter = try Self.site(config: "title: Test\nbook: {paper: Letter, formats: [epub, pdf], conversations: chat}\n", name: "letter")
        let settings = try SiteBuilder(options: BuildOptions(site: letter)).loadConfiguration().book
        #expect(settings == BookSettings(conversations: ["chat"], formats: [.epub, .pdf], paper: .letter))
    }
}
