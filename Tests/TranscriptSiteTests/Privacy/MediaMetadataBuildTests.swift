import Foundation
import Testing

import TranscriptModel
@testable import TranscriptSite

/// Whole builds of a conversation with a phone's HEIC picture, videos and voice message: the site's copies
/// lose their position, device and dates; the export's files stay as they were.
@Suite struct MediaMetadataBuildTests {
    static let messages = [
        #"{"id":"1","sender":"ann","date":"2024-05-02T09:10:00Z","type":"photo","photo":{"file":"media/photo.heic"}}"#,
        #"{"id":"2","sender":"ann","date":"2024-05-02T09:11:00Z","type":"video","video":{"file":"media/video.mp4"}}"#,
        #"{"id":"3","sender":"ann","date":"2024-05-02T09:12:00Z","type":"video","video":{"file":"media/video.mov"}}"#,
        #"{"id":"4","sender":"ann","date":"2024-05-02T09:13:00Z","type":"voice","voice":{"file":"media/voice.m4a"}}"#,
    ]

    /// A site whose conversation names the four fixtures (the first `count` messages).
    static func makeSite(count: Int = messages.count, config: String = "title: Trip\n", name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(
            config: config, conversations: ["chat.json": TestSupport.conversation(messages: Array(messages.prefix(count)))], name: name)
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for file in MediaFixtures.names {
            try FileManager.default.copyItem(at: MediaFixtures.url(file), to: media.appendingPathComponent(file))
        }
        return site
    }

    @Test func theSitesCopiesTellNoPositionDeviceOrDate() throws {
        let site = try Self.makeSite()
        let summary = try SiteBuilder(options: BuildOptions(site: site, strict: true)).build()
        #expect(summary.warnings == [])
        let copies = try SiteBuilderTests.files(in: site.appendingPathComponent("public/media"))
        #expect(copies.keys.map { URL(fileURLWithPath: $0).pathExtension }.sorted() == ["heic", "m4a", "mov", "mp4"])
        for (path, data) in copies {
            let url = site.appendingPathComponent("public/media").appendingPathComponent(path)
            #expect(try MediaFixtures.personalTags(of: url) == [], "\(path)")
            let text = String(decoding: data, as: UTF8.self)
            for secret in MediaFixtures.secrets { #expect(!text.contains(secret), "\(secret) in \(path)") }
            // Not encoded again: a movie's media data is the same bytes, a picture's coded picture is there.
            let original = try MediaFixtures.data("\(path.hasSuffix("heic") ? "photo" : path.hasSuffix("m4a") ? "voice" : "video").\(url.pathExtension)")
            if path.hasSuffix("heic") {
                #expect(try MediaFixtures.tags(of: url)["[IFD0] Orientation"] == "6")
                #expect(MediaFixtures.box("mdat", of: data)?.range(of: try MediaFixtures.codedPicture()) != nil)
            } else {
                #expect(MediaFixtures.box("mdat", of: data) == MediaFixtures.box("mdat", of: original), "\(path)")
            }
        }
        // The export's files are as they were.
        for file in MediaFixtures.names {
            #expect(try Data(contentsOf: site.appendingPathComponent("conversations/media/\(file)")) == MediaFixtures.data(file))
        }
        // The pages link the stripped copies.
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        for path in copies.keys { #expect(page.contains("media/" + path), "\(path)") }
    }

    @Test func aSecondBuildNamesTheCopiesTheSame() throws {
        let site = try Self.makeSite()
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let first = try SiteBuilderTests.files(in: site.appendingPathComponent("public/media"))
        _ = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public/media")) == first)
    }

    @Test func offTheFilesAreCopiedAsTheyAre() throws {
        let site = try Self.makeSite(config: "privacy:\n  stripMetadata: false\n")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.warnings == [])
        let copies = Set(try SiteBuilderTests.files(in: site.appendingPathComponent("public/media")).values)
        #expect(copies == Set(try MediaFixtures.names.map(MediaFixtures.data)))
    }
}

extension MediaMetadataBuildTests {
    @Test func aJPEGNamedHEICIsStrippedAsAJPEG() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": TestSupport.conversation(messages: [
            #"{"id":"1","sender":"ann","date":"2024-05-02T09:10:00Z","type":"photo","photo":{"file":"media/IMG_0001.heic"}}"#,
        ])])
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let jpeg = Data(MetadataStripperTests.jpegWithMetadata())
        try jpeg.write(to: media.appendingPathComponent("IMG_0001.heic"))
        let summary = try SiteBuilder(options: BuildOptions(site: site, strict: true)).build()
        #expect(summary.warnings == [])
        guard case .stripped(let stripped) = MetadataStripper.jpeg(jpeg) else { Issue.record("the fixture is no JPEG"); return }
        #expect(stripped != jpeg)
        let copies = try SiteBuilderTests.files(in: site.appendingPathComponent("public/media"))
        #expect(Array(copies.values) == [stripped])
    }
}
