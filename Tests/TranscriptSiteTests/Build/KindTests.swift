import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptSupport
@testable import TranscriptTemplates

@Suite struct KindTests {
    func page(_ messages: [String], config: String = "me: me\n", extra: [String: String] = [:],
              renderers: [any CustomMessageRenderer] = [], name: String = #function) throws -> (String, BuildSummary) {
        let site = try TestSupport.makeSite(
            config: config, conversations: ["c.json": TestSupport.conversation(messages: messages)], extra: extra, name: name)
        let summary = try SiteBuilder(options: BuildOptions(site: site), customRenderers: renderers).build()
        return (try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat")), summary)
    }

    @Test func photosAreCopiedWithTheSizeFromTheirHeader() throws {
        let site = try TestSupport.makeSite(
            config: "me: me\n",
            conversations: ["c.json": TestSupport.conversation(messages: [
                #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "photo", "photo": {"file": "media/a.png", "caption": "A <dot>", "width": 999, "height": 999}}"#,
                #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "type": "photo", "photo": {"file": "media/copy.png"}}"#,
                #"{"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00Z", "type": "video", "video": {"file": "media/v.mp4", "thumbnail": "media/a.png", "duration": 65}}"#,
                #"{"id": "4", "sender": "ann", "date": "2024-05-03T09:33:00Z", "type": "file", "file": {"file": "media/page.html", "name": "page.html"}}"#,
            ])])
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try AvatarTests.png.write(to: media.appendingPathComponent("a.png"))
        try AvatarTests.png.write(to: media.appendingPathComponent("copy.png"))
        try Data("not really a video".utf8).write(to: media.appendingPathComponent("v.mp4"))
        try Data("<script>alert(1)</script>".utf8).write(to: media.appendingPathComponent("page.html"))
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.warnings.map { $0.hasSuffix("conversations/c.json: media/v.mp4: its metadata could not be removed (exiftool: Not a valid MP4 (looks more like a TXT)); copied as it is") } == [true])
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        let png = "../../media/\(ContentName.of(AvatarTests.png)).png"
        // The header says 1×1, whatever the export claims.
        #expect(page.contains("<a class=\"media photo\" href=\"\(png)\"><img src=\"\(png)\" width=\"1\" height=\"1\" loading=\"lazy\" decoding=\"async\" alt=\"A &lt;dot&gt;\"></a>"))
        #expect(page.components(separatedBy: "<img src=\"\(png)\"").count == 3)
        #expect(page.contains("<video class=\"media video\" controls preload=\"none\" src=\"../../media/"))
        #expect(page.contains("poster=\"\(png)\""))
        #expect(page.contains("<p class=\"media-info\">Video · 1:05 · 18 bytes</p>"))
        // A file a browser could run is stored as .bin, so it is downloaded, never opened in the site.
        let files = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path).sorted()
        #expect(files.count == 3)
        #expect(files.contains { $0.hasSuffix(".bin") })
        #expect(!files.contains { $0.hasSuffix(".html") })
        #expect(page.contains("download=\"page.html\""))
    }

    @Test func missingMediaIsAPlaceholderAndAWarningAndStrictFails() throws {
        let messages = [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "photo", "photo": {"file": "../../etc/passwd.png"}}"#]
        let (page, summary) = try page(messages)
        #expect(page.contains("<p class=\"media-missing\"><span aria-hidden=\"true\">⚠</span> passwd.png leads outside the export&#39;s folder</p>"))
        #expect(summary.missingMedia == 1)
        #expect(summary.warnings == ["\(summary.conversations[0].file): 1 media file is missing or refused, shown as placeholders: ../../etc/passwd.png (leads outside the export's folder)"])
        let site = try TestSupport.makeSite(conversations: ["c.json": TestSupport.conversation(messages: messages)])
        do {
            _ = try SiteBuilder(options: BuildOptions(site: site, strict: true)).build()
            Issue.record("expected --strict to fail")
        } catch let error as TranscriptsError {
            #expect(error.message.hasPrefix("1 warning with --strict; the previous output is unchanged:"))
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }

    @Test func statusDeletedAndThreads() throws {
        let (page, _) = try page([
            #"{"id": "1", "sender": "me", "date": "2024-05-03T09:30:00Z", "text": "root", "status": "read"}"#,
            #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "text": "first reply", "thread": "1"}"#,
            #"{"id": "3", "sender": "me", "date": "2024-05-03T09:32:00Z", "text": "second reply", "thread": "1", "status": "failed"}"#,
            #"{"id": "4", "sender": "ann", "date": "2024-05-03T09:33:00Z", "text": "", "deleted": true}"#,
            #"{"id": "5", "sender": "ann", "date": "2024-05-03T09:34:00Z", "text": "lost", "thread": "99"}"#,
            #"{"id": "6", "sender": "me", "date": "2024-05-03T09:35:00Z", "text": "on its way", "status": "sending"}"#,
        ])
        #expect(page.contains("<span class=\"status status-sending\" title=\"Sending\"><span aria-hidden=\"true\">\(TestSupport.icon("sending"))</span><span class=\"sr-only\">Sending</span></span>"))
        #expect(page.contains("<span class=\"status status-read\" title=\"Read\"><span aria-hidden=\"true\">✓✓</span><span class=\"sr-only\">Read</span></span>"))
        #expect(page.contains("<span class=\"status status-failed\" title=\"Failed\"><span aria-hidden=\"true\">⚠</span>"))
        #expect(page.contains("<p class=\"thread-replies\"><a href=\"#m-2\">2 replies</a></p>"))
        #expect(page.components(separatedBy: "<p class=\"thread-parent\"><a href=\"#m-1\">↳ In a thread</a></p>").count == 3)
        #expect(page.contains("<p class=\"thread-parent\">↳ In a thread</p>"))
        #expect(page.contains("<p class=\"deleted\"><span aria-hidden=\"true\">\(TestSupport.icon("deleted"))</span> This message was deleted</p>"))
    }

    @Test func participantColoursBotsAndPinnedMessages() throws {
        let site = try TestSupport.makeSite(
            config: "me: me\n",
            conversations: ["c.json": TestSupport.conversation(
                messages: [
                    #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "hi", "pinned": true}"#,
                    #"{"id": "2", "sender": "bot", "date": "2024-05-03T09:31:00Z", "text": "beep"}"#,
                ],
                participants: ##"[{"id":"me","name":"Me"},{"id":"ann","name":"Ann","color":"#E67E22"},{"id":"bot","name":"Helper","bot":true}]"##)])
        #expect(try SiteBuilder(options: BuildOptions(site: site)).build().warnings.isEmpty)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        #expect(page.contains("<span class=\"role-dot\" aria-hidden=\"true\"></span>Ann"))
        #expect(try TestSupport.read(site.appendingPathComponent("public/appearances.css")).contains("--role-color: #e67e22;"))
        #expect(page.contains("Helper <span class=\"bot-badge\">bot</span>"))
        #expect(!page.contains("role-dot\" aria-hidden=\"true\"></span>Helper"))
        #expect(page.components(separatedBy: "<span class=\"pinned\" title=\"Pinned\"><span aria-hidden=\"true\">\(TestSupport.icon("pinned"))</span>").count == 2)

        let bad = try TestSupport.makeSite(
            config: "", conversations: ["c.json": TestSupport.conversation(
                messages: [], participants: #"[{"id":"ann","color":"red; background: url(x)"}]"#)], name: "bad")
        #expect(throws: (any Error).self) { try SiteBuilder(options: BuildOptions(site: bad)).build() }
        do { _ = try SiteBuilder(options: BuildOptions(site: bad)).build() } catch {
            #expect("\(error)".contains("participants[0].color"))
        }
    }

    @Test func customKindsUseTheSitesTemplateOrARendererOrTheFallback() throws {
        struct Order: CustomMessageRenderer {
            let kind = "order"
            let template = "{{#content}}<p class=\"order\">Order {{number}} · {{total}}</p>{{/content}}\n"
            func values(for content: CustomContent, in message: Message) -> [String: TemplateValue] {
                guard case .object(let payload) = content.payload else { return [:] }
                return ["number": .text(payload["number"]?.displayText ?? "?"), "total": .text("€" + (payload["total"]?.displayText ?? "0"))]
            }
        }
        let (page, _) = try page(
            [
                #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "custom", "custom": {"kind": "linkCard", "payload": {"title": "T", "url": "javascript:alert(1)", "more": "https://e.org"}}}"#,
                #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "type": "custom", "custom": {"kind": "order", "payload": {"number": 42, "total": 9.5}}}"#,
                #"{"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00Z", "type": "custom", "custom": {"kind": "other", "payload": {"x": 1}}}"#,
            ],
            extra: ["Templates/messages/linkCard.mustache": "{{#content}}<a class=\"card\" href=\"{{url}}\">{{title}}</a> <a href=\"{{more}}\">more</a>{{/content}}\n"],
            renderers: [Order()])
        #expect(page.contains("<a class=\"card\" href=\"\">T</a> <a href=\"https://e.org\">more</a>"))
        #expect(page.contains("<p class=\"order\">Order 42 · €9.5</p>"))
        #expect(page.contains("<p class=\"details-label\">Custom message “other”</p>"))
    }

    @Test func contactsAndLinkPreviewsOnlyLinkSafeAddresses() throws {
        let (page, _) = try page([
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "contact", "contact": {"name": "Eve", "emails": ["eve@example.com", "x\"><b>@y"], "phones": ["+1 555"]}}"#,
            #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "type": "linkPreview", "linkPreview": {"url": "javascript:alert(1)", "title": "Bad"}}"#,
            #"{"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00Z", "type": "linkPreview", "linkPreview": {"url": "https://good.example/x", "title": "Good"}}"#,
        ])
        #expect(page.contains("<p class=\"contact-line\"><a href=\"mailto:eve@example.com\">eve@example.com</a></p>"))
        #expect(page.contains("<p class=\"contact-line\">x&quot;&gt;&lt;b&gt;@y</p>"))
        #expect(page.contains("<p class=\"contact-line\"><a href=\"tel:+1555\">+1 555</a></p>"))
        #expect(page.contains("<div class=\"link-card\">"))
        #expect(page.contains("<a class=\"link-card\" href=\"https://good.example/x\" rel=\"noopener noreferrer\">"))
        #expect(!page.contains("href=\"javascript:"))
    }
}
