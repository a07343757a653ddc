import Foundation
import Testing

@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptTemplates

/// The demo site (`Site/`) shows every kind working, with real media of its own (scripts/make-demo-media.sh).
@Suite struct DemoSiteTests {
    static let site = TestSupport.packageFolder.appendingPathComponent("Site")

    /// The Lisbon trip's month page of a strict build of a copy of the demo site (the build keeps a cache in the
    /// site's folder).
    static func lisbon() throws -> (page: String, output: URL) {
        let copy = try TestSupport.temporaryFolder("demo").appendingPathComponent("Site")
        try FileManager.default.copyItem(at: site, to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent("public"))
        let summary = try SiteBuilder(options: BuildOptions(site: copy, strict: true)).build()
        #expect(summary.missingMedia == 0)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let output = copy.appendingPathComponent("public")
        return (try TestSupport.read(output.appendingPathComponent("c/lisbon-trip/2024-10.html")), output)
    }

    @Test func theDemoShowsAVideoAVoiceMessageAStickerALocationAContactAndASound() throws {
        let (page, output) = try Self.lisbon()
        for expected in [
            #"<video class="media video" controls preload="none" src="../../media/"#,
            #"<p class="media-info">Video · 0:03 · 4.7 KB</p>"#,
            #"<div class="text caption" dir="auto"><p>Practising for tram 28 🚋</p>"#,
            #"<p class="media-info"><span aria-hidden="true">\#(TestSupport.icon("voice"))</span> Voice message · 0:07</p>"#,
            #"<audio class="media audio" controls preload="none" src="../../media/"#,
            #" width="256" height="256" loading="lazy" decoding="async" alt="🥧">"#,
            #"<p class="location-name" dir="auto"><span aria-hidden="true">\#(TestSupport.icon("location"))</span> Casa do Monte</p>"#,
            #"<p class="location-coordinates">38.71395, -9.13331 · <a href="https://www.openstreetmap.org/?mlat=38.71395&amp;mlon=-9.13331#map=16/38.71395/-9.13331" rel="noopener noreferrer">Open the map</a></p>"#,
            #"<p class="contact-name" dir="auto"><span aria-hidden="true">\#(TestSupport.icon("contact"))</span> Marta (our host)</p>"#,
            #"<p class="contact-line"><a href="tel:+351900000000">+351 900 000 000</a></p>"#,
            #"<p class="media-info"><span aria-hidden="true">\#(TestSupport.icon("audio"))</span> Audio · 0:02</p>"#,
        ] {
            #expect(page.contains(expected), "\(expected)")
        }
        // The media are copied under their content's names: the video and its poster, the two sounds (without the
        // encoder's tag: stripped of their metadata), the sticker.
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path)
        for suffix in ["-4721.webm", "-3200.jpg", "-27794.m4a", "-7685.m4a", "-3952.webp"] {
            #expect(media.contains { $0.hasSuffix(suffix) }, "\(suffix) in \(media)")
        }
        // A location is a link and nothing more: the page loads nothing from another host.
        #expect(!page.contains("src=\"http"))
        #expect(!page.contains("tile.openstreetmap"))
    }

    @Test func theDemoMediaStaySmall() throws {
        let media = Self.site.appendingPathComponent("conversations/media")
        for (name, limit) in [
            ("tram-28.webm", 50_000), ("tram-28.jpg", 20_000), ("voice-2024-10-26-airport.m4a", 50_000),
            ("tram-bell.m4a", 20_000), ("sticker-pastel.webp", 20_000),
        ] {
            let size = try FileManager.default.attributesOfItem(atPath: media.appendingPathComponent(name).path)[.size] as? Int
            #expect((size ?? .max) < limit, "\(name): \(size ?? -1) bytes")
        }
    }
}

/// Our own UI's icons are SVG (`Templates/assets/icons/`), inlined, never emoji characters, so they show on
/// systems without an emoji font.
@Suite struct IconTests {
    static let templates = TestSupport.packageFolder.appendingPathComponent("Templates")

    @Test func everyIconIsAnAssetAndAPartial() throws {
        let set = try TemplateSet.builtIn()
        #expect(TestSupport.iconAssets.count == 11)
        for path in TestSupport.iconAssets {
            let name = "icons/" + path.dropFirst("assets/icons/".count).dropLast(".svg".count)
            #expect(set.assets[path] != nil)
            let source = try #require(set.sources[name], "\(name)")
            #expect(source.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"icon icon-"))
            #expect(source.contains(" aria-hidden=\"true\"") && source.hasSuffix("</svg>") && !source.contains("\n"))
            #expect(!source.contains("style=") && !source.contains("<script"), "\(name): the pages' CSP allows no inline style or script")
        }
        #expect(TemplateSet.iconName(ofPath: "assets/icons/link.svg") == "icons/link")
        #expect(TemplateSet.iconName(ofPath: "assets/icons/sub/link.svg") == nil)
        #expect(TemplateSet.iconName(ofPath: "assets/link.svg") == nil)
    }

    @Test func aSiteCanReplaceAnIcon() throws {
        let site = try TestSupport.makeSite(
            conversations: ["c.json": TestSupport.conversation(messages: [
                #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "location", "location": {"latitude": 1, "longitude": 2, "name": "Here"}}"#,
            ])],
            extra: ["Templates/assets/icons/location.svg": "<svg class=\"icon mine\" aria-hidden=\"true\"></svg>\n"])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        #expect(page.contains("<span aria-hidden=\"true\"><svg class=\"icon mine\" aria-hidden=\"true\"></svg></span> Here</p>"))
        #expect(try TestSupport.read(site.appendingPathComponent("public/assets/icons/location.svg")) == "<svg class=\"icon mine\" aria-hidden=\"true\"></svg>\n")
    }

    /// No character that needs an emoji font in the built-in templates, styles and scripts (data such as the
    /// status text `🕓` a custom template may use stays in Swift).
    @Test func noEmojiInTheBuiltInTemplatesAndAssets() throws {
        let set = try TemplateSet.builtIn()
        for (name, text) in set.sources.merging(set.assets, uniquingKeysWith: { $1 }) {
            let emoji = text.unicodeScalars.filter { $0.properties.isEmojiPresentation }
            #expect(emoji.isEmpty, "\(name): \(String(String.UnicodeScalarView(emoji)))")
        }
    }

    /// permalinks.js draws the copy-link and copied icons itself: their paths are the files'.
    @Test func theScriptsIconsAreTheFiles() throws {
        let script = try TestSupport.read(Self.templates.appendingPathComponent("assets/permalinks.js"))
        for name in ["link", "check"] {
            let svg = TestSupport.icon(name)
            let path = try #require(svg.firstMatch(of: /<path d="([^"]+)"\/>/)?.1, "\(name)")
            #expect(script.contains("\(name): \"\(path)\""), "\(name)")
        }
    }
}
