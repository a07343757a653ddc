import Foundation
import Testing

import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Whole builds with privacy on: no original is left in any byte of the output.
@Suite struct PrivacyBuildTests {
    static let conversation = TestSupport.conversation(
        id: "family", title: "Chat with Alice Smith",
        messages: [
            #"{"id":"1","sender":"bob","date":"2024-05-01T10:00:00Z","text":"Hi Alice, mail bob.jones@example.com or call +49 170 1234567"}"#,
            #"{"id":"2","sender":"alice","date":"2024-05-01T10:01:00Z","text":"Thanks Bob! Card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00, host 192.168.1.20","reactions":[{"emoji":"👍","by":["bob","me"]}]}"#,
            #"{"id":"3","sender":"me","date":"2024-05-01T10:02:00Z","text":"US (415) 555-0134, FR 0612345678, UK +44 20 7946 0958 [site](mailto:alice.smith@example.org)","replyTo":"1"}"#,
            #"{"id":"4","sender":"+4917012345678","date":"2024-05-01T10:03:00Z","text":"Smith and Jones, see ticket-4711"}"#,
            #"{"id":"5","sender":"alice","date":"2024-05-02T09:00:00Z","type":"linkPreview","linkPreview":{"url":"https://example.net/u/alice.smith@example.org","title":"Alice Smith's page"}}"#,
            #"{"id":"6","sender":"alice","date":"2024-05-02T09:01:00Z","type":"photo","photo":{"file":"media/home.jpg","caption":"Home of Alice"}}"#,
            #"{"id":"7","sender":"alice","date":"2024-05-02T09:02:00Z","type":"photo","photo":{"file":"media/Alice Smith.png"}}"#,
        ],
        participants: #"[{"id":"me","name":"Me"},{"id":"alice","name":"Alice Smith"},{"id":"bob","name":"Bob Jones"},{"id":"+4917012345678","name":"Dieter Müller"}]"#)

    static let config = """
        title: Family
        me: me
        privacy:
          pseudonymize: true
          exclude: [Bob Jones]
          redact: [email, phone, iban, card, ip, "ticket-\\\\d+"]
          noindex: true

        """

    static let originals = [
        "Alice", "Smith", "Bob", "Jones", "Dieter", "Müller", "bob.jones@example.com", "alice.smith@example.org",
        "170 1234567", "4111 1111", "DE89", "192.168.1.20", "555-0134", "0612345678", "7946 0958", "4917012345678",
        "ticket-4711",
    ]
    // (Whole forms, not bare digits: the report's timings are numbers that may hold any short run of digits.)

    /// Every original that some file of the output holds, with the file.
    static func leaks(in site: URL) throws -> [String] {
        var found: [String] = []
        let report = site.appendingPathComponent("report.json")
        var files = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        if let data = try? Data(contentsOf: report) { files["report.json"] = data }
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for original in originals where text.contains(original) { found.append("\(original) in \(path)") }
        }
        return found.sorted()
    }

    /// The fixture site, with a JPEG whose EXIF holds a GPS position and a PNG with a text chunk.
    static func makeSite(config: String = config, name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(config: config, conversations: ["family.json": Self.conversation], name: name)
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data(MetadataStripperTests.jpegWithMetadata()).write(to: media.appendingPathComponent("home.jpg"))
        let png = [UInt8](try Data(contentsOf: TestSupport.packageFolder.appendingPathComponent(
            "Tests/browser/display-site/conversations/media/photo.png")))
        let withText = Array(png[0..<33]) + MetadataStripperTests.chunk("tEXt", Array("Author\0Alice Smith".utf8)) + Array(png[33...])
        try Data(withText).write(to: media.appendingPathComponent("Alice Smith.png"))
        try IncrementalBuildTests.settle(site)
        return site
    }

    @Test func noOriginalIsInAnyFileAndThePseudonymsAreShown() throws {
        let site = try Self.makeSite()
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        try summary.json.write(to: site.appendingPathComponent("report.json"))
        #expect(try Self.leaks(in: site) == [])
        // Folder names are keyed digests with pseudonyms: a chat's id may be a person's.
        let folder = try TestSupport.onlyConversationFolder(of: site)
        #expect(folder.lastPathComponent.wholeMatch(of: /[0-9a-f]{16}/) != nil)
        let html = try TestSupport.conversationHTML(folder)
        #expect(html.contains("Person 1") && html.contains("Person 2") && html.contains("Message removed"))
        #expect(html.contains("<title>Chat with Person 1 · May 2024 · Family</title>"))
        #expect(html.contains("Home of Person 1"))
        #expect(html.components(separatedBy: #"src="../../media/"#).count == 3)
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public/media")).count == 2)
        #expect(html.contains(#"<meta name="robots" content="noindex, nofollow">"#))
        #expect(try TestSupport.read(site.appendingPathComponent("public/robots.txt")) == "User-agent: *\nDisallow: /\n")
        #expect(summary.messagesRemoved == 1)
        #expect(summary.warnings == [])
    }

    @Test func incrementalBuildsKeepThePseudonymsAndEqualCleanBuilds() throws {
        let site = try Self.makeSite()
        try IncrementalBuildTests.build(site)
        let other = TestSupport.conversation(
            id: "other", messages: [#"{"id":"1","sender":"ann","date":"2024-06-01T10:00:00Z","text":"Ann here"}"#])
        try TestSupport.write(["conversations/other.json": other], in: site)
        let summary = try IncrementalBuildTests.buildMatchesCleanBuild(site)
        #expect(summary.messagesRemoved == 1)
        #expect(try Self.leaks(in: site) == [])
    }

    @Test func flagsAddToTheConfig() throws {
        let site = try Self.makeSite(config: "title: Family\nme: me\n")
        let flags = PrivacyFlags(
            pseudonymize: true, exclude: ["bob"], redact: ["email", "phone", "iban", "card", "ip", #"ticket-\d+"#], noindex: true)
        _ = try SiteBuilder(options: BuildOptions(site: site, privacy: flags)).build()
        #expect(try Self.leaks(in: site) == [])
        // Without the flags, the same site shows the originals again (the flags are part of the cache's key).
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(try Self.leaks(in: site).contains("Alice in c/family/2024-05.html"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public/robots.txt").path))
    }

    @Test func aBadExpressionIsAnErrorNamingTheKey() throws {
        let site = try TestSupport.makeSite(
            config: "privacy:\n  redact: [email, \"ticket-(\\\\d+\"]\n", conversations: ["family.json": Self.conversation])
        #expect {
            try SiteBuilder(options: BuildOptions(site: site)).build()
        } throws: { error in
            "\(error)".contains("privacy.redact[1]") && "\(error)".contains("not a built-in kind")
        }
        #expect(throws: TranscriptsError.self) {
            try SiteBuilder(options: BuildOptions(site: site, privacy: PrivacyFlags(redact: ["("]))).build()
        }
    }

    @Test func anExclusionThatMatchesNobodyIsAWarningThatStrictFails() throws {
        let site = try Self.makeSite(config: "privacy:\n  exclude: [Nobody Here, bob]\n")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.warnings == [#"privacy.exclude: "Nobody Here" matches nobody in the conversations (by name or id)"#])
        // Taken over from the cache, the conversation still counts as matching "bob".
        let again = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(again.conversationsReused == 1, "\(again.conversationsReused)")
        #expect(again.warnings == summary.warnings)
        #expect(again.messagesRemoved == 1)
        #expect(throws: (any Error).self) { try SiteBuilder(options: BuildOptions(site: site, strict: true)).build() }
    }

    @Test func copiedImagesLoseTheirMetadataAndOtherFilesSaySo() throws {
        let messages = [
            #"{"id":"1","sender":"ann","date":"2024-05-01T10:00:00Z","type":"photo","photo":{"file":"media/a.jpg"}}"#,
            #"{"id":"2","sender":"ann","date":"2024-05-01T10:01:00Z","type":"photo","photo":{"file":"media/b.png"}}"#,
            #"{"id":"3","sender":"ann","date":"2024-05-01T10:02:00Z","type":"video","video":{"file":"media/c.mov"}}"#,
            #"{"id":"4","sender":"ann","date":"2024-05-01T10:03:00Z","type":"file","file":{"file":"media/d.tif"}}"#,
        ]
        let site = try TestSupport.makeSite(conversations: ["chat.json": TestSupport.conversation(messages: messages)])
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data(MetadataStripperTests.jpegWithMetadata()).write(to: media.appendingPathComponent("a.jpg"))
        let png = [UInt8](try Data(contentsOf: TestSupport.packageFolder.appendingPathComponent(
            "Tests/browser/display-site/conversations/media/photo.png")))
        let withText = Array(png[0..<33]) + MetadataStripperTests.chunk("tEXt", Array("Author\0".utf8) + MetadataStripperTests.secret)
            + Array(png[33...])
        try Data(withText).write(to: media.appendingPathComponent("b.png"))
        try Data(MetadataStripperTests.secret).write(to: media.appendingPathComponent("c.mov"))
        try Data(MetadataStripperTests.secret).write(to: media.appendingPathComponent("d.tif"))
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        // A TIFF is not stripped; a .mov that is no movie cannot be.
        let expected = [
            "conversations/chat.json: 1 media file keeps its metadata (such as a location), which cannot be removed from .tif files (privacy.stripMetadata): media/d.tif",
            "conversations/chat.json: media/c.mov: its metadata could not be removed (exiftool: Not a valid MOV (looks more like a M2TS)); copied as it is",
        ]
        #expect(summary.warnings.count == 2 && zip(summary.warnings, expected).allSatisfy { $0.hasSuffix($1) }, "\(summary.warnings)")
        let files = try SiteBuilderTests.files(in: site.appendingPathComponent("public/media"))
        let images = files.filter { $0.key.hasSuffix(".jpg") || $0.key.hasSuffix(".png") }
        #expect(images.count == 2)
        for (path, data) in images {
            #expect(!String(decoding: data, as: UTF8.self).contains("Alice"), "\(path)")
        }
        #expect(images.values.contains(Data(png)))
        // Off, the files are copied as they are.
        try TestSupport.write(["transcripts.yml": "privacy:\n  stripMetadata: false\n"], in: site)
        let off = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(off.warnings == [])
        let copied = try SiteBuilderTests.files(in: site.appendingPathComponent("public/media"))
        #expect(copied.values.contains(Data(MetadataStripperTests.jpegWithMetadata())))
    }
}

