import Foundation
import Testing

import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptTemplates

@Suite struct BookRendererTests {
    static func settings(language: String = "en", rightToLeft: Bool = false) -> RenderSettings {
        RenderSettings(
            title: "Archive", language: language, isRightToLeft: rightToLeft, timeZone: TimeZone(identifier: "Europe/Berlin")!,
            locale: Locale(identifier: "en_GB"), pageSize: 1000, feeds: false, feedSize: 50, hasSearch: false,
            findBar: FindBarSettings(), display: DisplayConfiguration(me: ["me"], timeZone: TimeZone(identifier: "Europe/Berlin")!))
    }

    static let conversation = Conversation(
        id: "chat", title: "Chat <3", kind: .direct,
        participants: [Participant(id: "me", name: "Me"), Participant(id: "ann", name: "Ann & Co")],
        messages: [
            Message(id: "1", sender: "ann", date: Timestamp(secondsSince1970: 1_714_550_400), kind: .text("Hello <b>there</b>"),
                    reactions: [Reaction(emoji: "👍", by: ["me"])]),
            Message(id: "2", sender: "me", date: Timestamp(secondsSince1970: 1_714_550_460), kind: .text("Hi"), replyTo: "1"),
            Message(id: "3", sender: "ann", date: Timestamp(secondsSince1970: 1_717_228_800), kind: .video(MediaItem(file: "clip.mp4"))),
        ])

    static func book(
        _ conversation: Conversation = conversation, settings: RenderSettings = settings(), text: BookText = BookText(),
        media: [Int: MessageMedia] = [:]
    ) throws -> [String: String] {
        let renderer = ConversationRenderer(templates: try TemplateSet.builtIn(), configuration: settings, delegate: DefaultDisplayDelegate())
        let frame = try renderer.frame(of: conversation, file: "chat.json", root: "")
        let book = try renderer.book(of: frame, media: media, text: text, folder: "EPUB/")
        var files = Dictionary(uniqueKeysWithValues: book.files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        files["META-INF/container.xml"] = String(decoding: book.container, as: UTF8.self)
        return files
    }

    /// A month's document, whole: the site's anchors, the reply with its quote, the reaction, escaped text.
    @Test func monthDocumentIsWellFormedXHTMLWithTheSitesAnchors() throws {
        let files = try Self.book()
        #expect(files["2024-05.xhtml"] == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en" dir="ltr">
            <head>
            <title>Chat &lt;3 · May 2024</title>
            <link rel="stylesheet" type="text/css" href="book.css" />
            </head>
            <body>
            <section class="month" id="month-2024-05">
            <h1>May 2024</h1>
            <ol class="messages">
            <li class="date-header"><h2><time datetime="2024-05-01T10:00:00+02:00">Wednesday, 1 May 2024, 10:00</time></h2></li>
            <li class="message incoming kind-text" id="m-1">
            <p class="sender sender-color-0">Ann &amp; Co</p>
            <div class="bubble">
            <div class="text" dir="auto"><p>Hello &lt;b&gt;there&lt;/b&gt;</p>
            </div>
            <p class="meta"><time datetime="2024-05-01T10:00:00+02:00">10:00</time></p>
            </div>
            <ul class="reactions">
            <li><span class="reaction-emoji">👍</span> 1 <span class="reaction-names">from Me</span></li>
            </ul>
            </li>
            <li class="message outgoing kind-text" id="m-2">
            <p class="sender sender-color-7">Me</p>
            <div class="bubble">
            <p class="reply"><a href="#m-1"><span class="reply-sender">Ann &amp; Co</span> <span class="reply-snippet" dir="auto">Hello &lt;b&gt;there&lt;/b&gt;</span></a></p>
            <div class="text" dir="auto"><p>Hi</p>
            </div>
            <p class="meta"><time datetime="2024-05-01T10:01:00+02:00">10:01</time></p>
            </div>
            </li>
            </ol>
            </section>
            </body>
            </html>

            """)
        // Another month's video is named, not linked.
        #expect(files["2024-06.xhtml"]?.contains(#"<p class="media-placeholder">Video: <span dir="auto">clip.mp4</span></p>"#) == true)
    }

    @Test func packageListsEveryDocumentInReadingOrder() throws {
        let files = try Self.book()
        let package = try #require(files["content.opf"])
        #expect(package.contains(#"<spine>"#))
        #expect(package.contains("""
            <itemref idref="title" />
            <itemref idref="nav" />
            <itemref idref="month-1" />
            <itemref idref="month-2" />
            <itemref idref="people" />
            """))
        #expect(package.contains("<dc:title>Chat &lt;3</dc:title>"))
        #expect(package.contains(#"<meta property="dcterms:modified">2024-06-01T08:00:00Z</meta>"#))
        #expect(package.contains("<dc:identifier id=\"book-id\">\(ConversationRenderer.bookIdentifier(of: "chat"))</dc:identifier>"))
        #expect(files["META-INF/container.xml"]?.contains(#"full-path="EPUB/content.opf""#) == true)
        let nav = try #require(files["nav.xhtml"])
        #expect(nav.contains(#"<li><span>2024</span>"#))
        #expect(nav.contains(#"<li><a href="2024-05.xhtml">May 2024</a></li>"#))
        #expect(nav.contains(#"<li><a href="2024-06.xhtml">June 2024</a></li>"#))
        let people = try #require(files["people.xhtml"])
        #expect(people.contains(#"<dt dir="auto">Ann &amp; Co <span class="count">2 messages</span></dt>"#))
        #expect(people.contains(#"<dd><a href="2024-05.xhtml#m-1">May 2024</a> <a href="2024-06.xhtml#m-3">June 2024</a> </dd>"#))
    }

    /// A video is named, with its thumbnail when there is one; its own file is not in the book.
    @Test func videosShowTheirThumbnailNotTheirFile() throws {
        let files = try Self.book(media: [2: MessageMedia(
            file: CopiedFile(sitePath: "media/clip.mp4", size: 1000), thumbnail: CopiedFile(sitePath: "media/clip.jpg", size: 10))])
        let june = try #require(files["2024-06.xhtml"])
        #expect(june.contains(#"<p class="media video-poster"><img src="media/clip.jpg" alt="Video" /></p>"#))
        #expect(!june.contains("clip.mp4\""))
        let package = try #require(files["content.opf"])
        #expect(package.contains(#"<item id="image-1" href="media/clip.jpg" media-type="image/jpeg" />"#))
        #expect(!package.contains("clip.mp4"))
    }

    @Test func rightToLeftBooksTurnRightToLeft() throws {
        let files = try Self.book(settings: Self.settings(language: "ar", rightToLeft: true))
        #expect(files["content.opf"]?.contains(#"<spine page-progression-direction="rtl">"#) == true)
        #expect(files["2024-05.xhtml"]?.contains(#"lang="ar" xml:lang="ar" dir="rtl">"#) == true)
    }

    @Test func titlePageShowsTheConfigsTextAndCover() throws {
        let files = try Self.book(text: BookText(
            title: "Letters", text: "For <Grandma>", cover: CopiedFile(sitePath: "media/cover.jpg", size: 10)))
        let title = try #require(files["title.xhtml"])
        #expect(title.contains(#"<p class="cover"><img src="media/cover.jpg" alt="" /></p>"#))
        #expect(title.contains("<h1>Letters</h1>"))
        #expect(title.contains(#"<p class="title-text" dir="auto">For &lt;Grandma&gt;</p>"#))
        #expect(files["content.opf"]?.contains(#"href="media/cover.jpg" media-type="image/jpeg" properties="cover-image" />"#) == true)
    }

    @Test func identifierIsAStableUUID() {
        let id = ConversationRenderer.bookIdentifier(of: "chat")
        #expect(id == ConversationRenderer.bookIdentifier(of: "chat"))
        #expect(id != ConversationRenderer.bookIdentifier(of: "other"))
        #expect(id.wholeMatch(of: /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
    }

    @Test func messageHTMLKeepsOnlyWebAndMailLinksAndNoOutsidePictures() {
        #expect(BookHTML.clean(#"<p><a href="https://example.org/a">web</a> <a href="../../etc/passwd">rel</a></p>"#)
            == #"<p><a href="https://example.org/a">web</a> <a>rel</a></p>"#)
        #expect(BookHTML.clean(#"<p><a href="mailto:a@b.c" title="t">m</a></p>"#) == #"<p><a href="mailto:a@b.c" title="t">m</a></p>"#)
        #expect(BookHTML.clean(#"<p>see <img src="http://tracker.example/x.png" alt="a cat" /> here</p>"#) == "<p>see a cat here</p>")
        #expect(BookHTML.clean("<p>1 &lt; 2</p>") == "<p>1 &lt; 2</p>")
    }

    @Test func xmlTextLeavesOutWhatXMLDoesNotAllow() {
        #expect(XMLText.bytes("a\u{1}b\u{B}c\td\ne\u{FFFE}f") == Array("abc\td\nef".utf8))
        #expect(XMLText.bytes("plain ✓") == Array("plain ✓".utf8))
    }
}

@Suite struct BookPartsTests {
    /// A month whose document would be too large is split into parts, each a document of its own, and links
    /// between messages lead to the part that holds the message.
    @Test func largeMonthsAreSplitAndLinksFollow() throws {
        let long = String(repeating: "word ", count: 200)
        var messages = (0..<40).map { index in
            Message(id: "m\(index)", sender: index % 2 == 0 ? "ann" : "me",
                    date: Timestamp(secondsSince1970: 1_714_550_400 + Double(index) * 60), kind: .text(long))
        }
        messages.append(Message(id: "reply", sender: "me", date: Timestamp(secondsSince1970: 1_714_560_000), kind: .text("yes"), replyTo: "m0"))
        let conversation = Conversation(
            id: "big", title: "Big", kind: .direct,
            participants: [Participant(id: "me", name: "Me"), Participant(id: "ann", name: "Ann")], messages: messages)
        let renderer = ConversationRenderer(
            templates: try TemplateSet.builtIn(), configuration: BookRendererTests.settings(), delegate: DefaultDisplayDelegate())
        let frame = try renderer.frame(of: conversation, file: "big.json", root: "")
        let split = BookParts(frame: frame, budget: 20_000)
        #expect(split.parts.count > 1)
        #expect(split.parts.map(\.file).prefix(2) == ["2024-05.xhtml", "2024-05-part2.xhtml"])
        #expect(split.parts.first?.label == "May 2024 (1/\(split.parts.count))")
        #expect(split.parts.map(\.range.count).reduce(0, +) == messages.count)
        // Every document of the default budget stays under 2 MB.
        let book = try renderer.book(of: frame, media: [:], text: BookText(), folder: "EPUB/")
        #expect(book.files.allSatisfy { $0.bytes.count < 2_000_000 })
        #expect(BookParts.estimate(messages[0]) > long.utf8.count)
    }
}
