import Foundation
import Testing

@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptTemplates

/// A conversation's gallery pages: media, files and links, each entry linking to its message, paged.
@Suite struct ConversationGalleryTests {
    @Test func eachSectionListsItsEntriesLinkingToTheirMessages() throws {
        let folder = try OverviewPageTests.build()
        let media = try TestSupport.read(folder.appendingPathComponent("media.html"))
        #expect(media.contains("<title>Photos and videos · Chat · Site</title>"))
        #expect(media.contains(#"<li class="gallery-item"><a class="gallery-picture" href="2024-03.html#m-3"><span class="gallery-placeholder">Photo<span class="sr-only">: Beach</span></span></a><span class="gallery-meta">Ann · 1 Mar 2024</span></li>"#))
        let files = try TestSupport.read(folder.appendingPathComponent("files.html"))
        #expect(files.contains(#"<li><span class="gallery-file">Plan.pdf</span> (not in the export) <span class="gallery-size">2.0 KB</span> · <a href="2024-03.html#m-4">Ann · 2 Mar 2024</a></li>"#))
        let links = try TestSupport.read(folder.appendingPathComponent("links.html"))
        #expect(links.contains("""
            <ul class="gallery-list">
            <li><a class="gallery-link" href="https://example.com/a" rel="noopener noreferrer" dir="auto">https://example.com/a</a> · <a href="2024-01.html#m-1">Ann · 5 Jan 2024</a></li>
            <li><a class="gallery-link" href="http://www.example.org" rel="noopener noreferrer" dir="auto">www.example.org</a> · <a href="2024-01.html#m-2">Me · 6 Jan 2024</a></li>
            </ul>
            """))
        #expect(!links.contains("javascript"))
        // The template set compiles each section's entry template apart from whole pages.
        #expect(Set(GallerySection.allCases.map(\.entryTemplate)) == TemplateSet.galleryEntryTemplates)
    }

    @Test func picturesAreTheSiteCopiesFittedIntoASquare() throws {
        let png = try Data(contentsOf: TestSupport.packageFolder.appendingPathComponent("Tests/browser/display-site/conversations/media/photo.png"))
        let site = try TestSupport.makeSite(
            config: "title: Site\nme: me\ntimeZone: UTC\n",
            conversations: ["c.json": TestSupport.conversation(id: "chat", messages: [
                #"{"id":"1","sender":"ann","date":"2024-01-05T10:00:00Z","type":"photo","photo":{"file":"media/photo.png"}}"#,
                #"{"id":"2","sender":"ann","date":"2024-01-05T10:01:00Z","type":"video","video":{"file":"media/clip.mp4"}}"#,
            ])])
        try FileManager.default.createDirectory(at: site.appendingPathComponent("conversations/media"), withIntermediateDirectories: true)
        try png.write(to: site.appendingPathComponent("conversations/media/photo.png"))
        try Data([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]).write(to: site.appendingPathComponent("conversations/media/clip.mp4"))
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let media = try TestSupport.read(site.appendingPathComponent("public/c/chat/media.html"))
        let size = try #require(ImageSize.read(png))
        let fitted = ConversationGallery.fitted(width: size.width, height: size.height)
        #expect(media.contains(#"<a class="gallery-picture" href="2024-01.html#m-1"><img src="../../media/"#))
        #expect(media.contains(#"width="\#(fitted.width)" height="\#(fitted.height)" loading="lazy" decoding="async" alt="Photo from Ann · Jan 5, 2024">"#))
        // A video without a still gets a tile that says what it is.
        #expect(media.contains(#"<span class="gallery-placeholder">Video<span class="sr-only">: Video from Ann · Jan 5, 2024</span></span>"#))
        #expect(ConversationGallery.fitted(width: 800, height: 600) == (160, 120))
        #expect(ConversationGallery.fitted(width: 600, height: 800) == (120, 160))
        #expect(ConversationGallery.fitted(width: nil, height: 600) == (160, 160))
    }

    @Test func aLongSectionIsPaged() throws {
        let messages = (1...(GallerySection.pageSize + 1)).map { number in
            #"{"id":"\#(number)","sender":"ann","date":"2024-01-05T10:00:00Z","text":"see https://example.com/\#(number)"}"#
        }
        let folder = try OverviewPageTests.build(messages)
        let first = try TestSupport.read(folder.appendingPathComponent("links.html"))
        let second = try TestSupport.read(folder.appendingPathComponent("links-2.html"))
        #expect(first.contains("<title>Links (page 1 of 2) · Chat · Site</title>"))
        #expect(first.contains(#"<p class="conversation-meta">201 links · page 1 of 2</p>"#))
        #expect(first.components(separatedBy: "class=\"gallery-link\"").count - 1 == GallerySection.pageSize)
        #expect(first.contains(#"<a class="page-next" rel="next" href="links-2.html">Page 2 →</a>"#))
        #expect(second.components(separatedBy: "class=\"gallery-link\"").count - 1 == 1)
        #expect(second.contains(#"href="https://example.com/201""#))
        #expect(second.contains(#"<a class="page-previous" rel="prev" href="links.html">← Page 1</a>"#))
        let overview = try TestSupport.read(folder.appendingPathComponent("index.html"))
        #expect(overview.contains(#"<li><a href="links.html">Links</a> <span class="timeline-count">201</span></li>"#))
    }
}
