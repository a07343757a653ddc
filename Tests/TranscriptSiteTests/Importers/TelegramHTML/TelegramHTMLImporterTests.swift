import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport
@testable import TranscriptText

/// Telegram Desktop's HTML export: a two-page chat written in the shape Telegram Desktop writes (the markup of
/// its export_output_html.cpp, as in ../shared/samples/telegram), and the shared sample.
@Suite struct TelegramHTMLImporterTests {
    static let samples = TestSupport.samples("telegram")
    static let sample = samples.appendingPathComponent("langchain-telegram_chat_html-messages.html")
    static let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    static func page(_ history: String, next: String? = nil) -> String {
        """
        <!DOCTYPE html>
        <html>
        <head>
          <meta charset="utf-8"/>
          <title>Exported Data</title>
          <link href="css/style.css" rel="stylesheet"/>
          <script src="js/script.js" type="text/javascript"></script>
        </head>
        <body onload="CheckLocation();">
        <div class="page_wrap">
         <div class="page_header">
          <div class="content">
           <div class="text bold">
        Rust &amp; Friends
           </div>
          </div>
         </div>
         <div class="page_body chat_page">
          <div class="history">
        \(history)
        \(next.map { "<a class=\"pagination block_link\" href=\"\($0)\">Next messages</a>" } ?? "")
          </div>
         </div>
        </div>
        </body>
        </html>
        """
    }

    static let firstPage = page("""
        <div class="message service" id="message-1">
         <div class="body details">
        23 August 2023
         </div>
        </div>
        <div class="message service" id="message5">
         <div class="body details">
        Ann created group «Rust &amp; Friends»
         </div>
        </div>
        <div class="message default clearfix" id="message6">
         <div class="pull_left userpic_wrap"><div class="userpic userpic2" style="width: 42px; height: 42px"><div class="initials" style="line-height: 42px">A</div></div></div>
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:11:23 UTC+02:00">
        13:11
          </div>
          <div class="from_name">
        Ann
          </div>
          <div class="text">
        Hello <strong>bold</strong> and <em>it</em>, <code>x &lt; y</code>, <a href="https://example.org/">a site</a> and https://example.org/x<br>second line
          </div>
         </div>
        </div>
        <div class="message default clearfix joined" id="message7">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:12:00 UTC+02:00">
        13:12
          </div>
          <div class="media_wrap clearfix">
           <a class="photo_wrap clearfix pull_left" href="photos/photo_1@23-08-2023_13-12-00.jpg">
            <img class="photo" src="photos/photo_1@23-08-2023_13-12-00_thumb.jpg" style="width: 260px; height: 195px"/>
           </a>
          </div>
          <div class="text">
        the view
          </div>
          <div class="reactions">
           <span class="reaction"><span class="emoji">👍</span><span class="count">2</span></span>
           <span class="reaction"><span class="emoji">❤</span><span class="userpics"><div class="userpic" title="Bob"></div></span></span>
          </div>
         </div>
        </div>
        """, next: "messages2.html")

    static let secondPage = page("""
        <div class="message default clearfix" id="message8">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:20:00 UTC+02:00 Edited: 23.08.2023 13:25:00 UTC+02:00">
        13:20 edited
          </div>
          <div class="from_name">
        Bob <span class="details"> via @somebot</span>
          </div>
          <div class="reply_to details">
        In reply to <a href="#go_to_message6" onclick="return GoToMessage(6)">this message</a>
          </div>
          <div class="text">
        <pre>let a = 1
        let b = 2</pre>
          </div>
         </div>
        </div>
        <div class="message default clearfix joined" id="message9">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:21:00 UTC+02:00">
        13:21
          </div>
          <div class="forwarded body">
           <div class="pull_left forwarded userpic_wrap"><div class="userpic"></div></div>
           <div class="from_name">
        News Channel <span class="date details" title="22.08.2023 09:00:00 UTC+02:00"> 22.08.2023 09:00:00</span>
           </div>
           <div class="text">
        Breaking news
           </div>
          </div>
         </div>
        </div>
        <div class="message default clearfix" id="message10">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:22:00 UTC+02:00">13:22</div>
          <div class="from_name">Ann</div>
          <div class="media_wrap clearfix">
           <a class="media clearfix pull_left block_link media_voice_message" href="voice_messages/audio_1.ogg">
            <div class="fill pull_left"></div>
            <div class="body"><div class="title bold">Voice message</div><div class="status details">00:07, 12.5 KB</div></div>
           </a>
          </div>
         </div>
        </div>
        <div class="message default clearfix joined" id="message11">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:23:00 UTC+02:00">13:23</div>
          <div class="media_wrap clearfix">
           <div class="media clearfix pull_left media_file">
            <div class="fill pull_left"></div>
            <div class="body"><div class="title bold">report.pdf</div><div class="status details">Not included, change data exporting settings to download.</div></div>
           </div>
          </div>
         </div>
        </div>
        <div class="message default clearfix joined" id="message12">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:24:00 UTC+02:00">13:24</div>
          <div class="media_wrap clearfix">
           <a class="media clearfix pull_left block_link media_location" href="https://maps.google.com/maps?q=52.5,13.4">
            <div class="body"><div class="title bold">Location</div><div class="status details">52.5, 13.4</div></div>
           </a>
          </div>
         </div>
        </div>
        <div class="message default clearfix joined" id="message13">
         <div class="body">
          <div class="pull_right date details" title="23.08.2023 13:26:00 UTC+02:00">13:26</div>
          <div class="media_wrap clearfix">
           <a class="media clearfix pull_left block_link media_file" href="files/missing.zip">
            <div class="body"><div class="title bold">missing.zip</div><div class="status details">1.0 MB</div></div>
           </a>
          </div>
         </div>
        </div>
        """)

    static func writeChat() throws -> URL {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("ChatExport_2023-08-24")
        try TestSupport.write(["messages.html": firstPage, "messages2.html": secondPage, "css/style.css": "", "js/script.js": ""], in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("voice_messages"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("photos/photo_1@23-08-2023_13-12-00.jpg"))
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("photos/photo_1@23-08-2023_13-12-00_thumb.jpg"))
        try Data("OggS".utf8).write(to: folder.appendingPathComponent("voice_messages/audio_1.ogg"))
        return folder
    }

    static func read(_ url: URL) throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        try TelegramHTMLImporter().importConversations(
            from: ExportSource(url: url, displayPath: url.lastPathComponent), context: context) { result.append($0) }
        return result
    }

    @Test func htmlTreeFromLibXML2() throws {
        let root = try #require(HTMLDocument.parse(Data("<p class='a b'>x &amp; <b>y<br>z</p><!-- c --><div>unclosed".utf8)))
        #expect(root.name == "html")
        let paragraph = try #require(root.firstDescendant { $0.name == "p" })
        #expect(paragraph.classes == ["a", "b"])
        #expect(paragraph.textContent == "x & yz")
        #expect(paragraph.elements.map(\.name) == ["b"])
        #expect(root.firstDescendant { $0.name == "div" }?.textContent == "unclosed")
        #expect(HTMLDocument.parse(Data()) == nil)
        // Nesting beyond the limit keeps its text (libxml2 itself stops at 256 levels).
        let deep = String(repeating: "<span>", count: 200) + "deep" + String(repeating: "</span>", count: 200)
        #expect(HTMLDocument.parse(Data(deep.utf8))?.textContent == "deep")
    }

    @Test func pagesInOrderAreOneConversation() throws {
        let folder = try Self.writeChat()
        #expect(TelegramHTMLImporter.pages(in: folder).map(\.lastPathComponent) == ["messages.html", "messages2.html"])
        #expect(ImporterRegistry.builtIn.detect(folder)?.format == "telegram-html")
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("messages2.html"))?.format == "telegram-html")
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("css/style.css")) == nil)

        let imported = try Self.read(folder)
        #expect(imported.count == 1)
        let conversation = imported[0].conversation
        #expect(conversation.id == "ChatExport_2023-08-24")
        #expect(conversation.title == "Rust & Friends")
        #expect(conversation.kind == .group)
        #expect(conversation.participants.map(\.id) == ["Ann", "Bob"])
        let messages = conversation.messages
        #expect(messages.map(\.id) == ["5", "6", "7", "8", "9", "10", "11", "12", "13"])
        #expect(messages.map(\.sender) == [nil, "Ann", "Ann", "Bob", "Bob", "Ann", "Ann", "Ann", "Ann"])

        // The service message before any dated message takes the day's heading's date.
        #expect(messages[0].kind == .system(SystemEvent(event: .create, text: "Ann created group «Rust & Friends»")))
        #expect(messages[0].date.iso8601 == "2023-08-23T00:00:00+02:00")

        #expect(messages[1].date.iso8601 == "2023-08-23T13:11:23+02:00")
        #expect(messages[1].date.utcOffset == 7200)
        let html = CommonMarkRenderer().render(try #require(Self.markdown(messages[1])), format: .markdown).html
        #expect(html == "<p>Hello <strong>bold</strong> and <em>it</em>, <code>x &lt; y</code>, <a href=\"https://example.org/\">a site</a> and <a href=\"https://example.org/x\">https://example.org/x</a><br />\nsecond line</p>\n")

        #expect(messages[2].kind == .photo(MediaItem(
            file: "photos/photo_1@23-08-2023_13-12-00.jpg", width: 260, height: 195,
            thumbnail: "photos/photo_1@23-08-2023_13-12-00_thumb.jpg", caption: "the view")))
        #expect(messages[2].reactions == [Reaction(emoji: "👍", count: 2), Reaction(emoji: "❤", by: ["Bob"], count: 1)])

        #expect(messages[3].replyTo == "6")
        #expect(messages[3].edited?.iso8601 == "2023-08-23T13:25:00+02:00")
        #expect(Self.markdown(messages[3]) == "```\nlet a = 1\nlet b = 2\n```\n")
        #expect(messages[4].forwardedFrom == "News Channel")
        #expect(messages[4].kind == .text("Breaking news"))
        #expect(messages[4].edited == nil)
        #expect(messages[5].kind == .voice(MediaItem(file: "voice_messages/audio_1.ogg", name: "Voice message", duration: 7)))
        #expect(messages[6].kind == .file(MediaItem(name: "report.pdf")))
        guard case .unsupported(let location) = messages[7].kind else {
            Issue.record("expected an unsupported message: \(messages[7].kind)")
            return
        }
        #expect(location.type == "html: a.media.clearfix.pull_left.block_link.media_location")
        #expect(location.raw == .object(["element": .string("a.media.clearfix.pull_left.block_link.media_location"), "text": .string("Location 52.5, 13.4")]))
        #expect(imported[0].warnings.count == 1)
        #expect(imported[0].warnings.first?.hasPrefix("ChatExport_2023-08-24/messages2.html:") == true)
        #expect(imported[0].warnings.first?.contains("message 12 holds media this version does not read") == true)

        // The files a build would miss: the one not included (by name) and the one that is not there.
        #expect(MissingMedia.paths(in: conversation, folder: imported[0].mediaFolder) == ["files/missing.zip"])
        #expect(MissingMedia.notIncluded(in: conversation) == ["report.pdf"])
    }

    @Test func datesAndParts() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(TelegramHTMLReader.timestamp("23.08.2023 13:11:23 UTC-08:00", timeZone: berlin)?.secondsSince1970 == 1_692_825_083)
        #expect(TelegramHTMLReader.timestamp("01.01.2020 00:00:00 UTC+05:30", timeZone: berlin)?.utcOffset == 19800)
        // Older exports: no offset, the site's time zone.
        #expect(TelegramHTMLReader.timestamp("23.08.2023 13:11:23", timeZone: berlin)?.iso8601 == "2023-08-23T13:11:23+02:00")
        #expect(TelegramHTMLReader.timestamp("23.13.2023 13:11:23", timeZone: berlin) == nil)
        #expect(TelegramHTMLReader.timestamp("yesterday", timeZone: berlin) == nil)
        #expect(TelegramHTMLReader.size(style: "width: 260px; height: 195px") == (260, 195))
        #expect(TelegramHTMLReader.duration("01:02:03, 1 MB") == 3723)
        #expect(TelegramHTMLReader.duration("Not included") == nil)
    }

    @Test func badInput() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["page.html": "<html><body><div class='history'><p>x</p></div></body></html>", "other.html": "<html><body><p>hi</p></body></html>"], in: folder)
        // Not detected: no div.message in the history, or no history.
        #expect(!TelegramHTMLImporter().canImport(folder.appendingPathComponent("page.html")))
        #expect(!TelegramHTMLImporter().canImport(folder.appendingPathComponent("other.html")))
        #expect(!TelegramHTMLImporter().canImport(folder))
        #expect(throws: TranscriptsError.self) { try Self.read(folder.appendingPathComponent("other.html")) }
        do {
            _ = try Self.read(folder.appendingPathComponent("other.html"))
        } catch let error as TranscriptsError {
            #expect(error.description.contains("other.html"))
            #expect(error.description.contains("no <div class=\"history\">"))
        }
        // A joined message with nothing before it, a message of a kind not known, a date not Telegram's.
        let odd = Self.page("""
            <div class="message default clearfix joined" id="message1"><div class="body"><div class="pull_right date details" title="soon">x</div><div class="text">orphan</div></div></div>
            <div class="message poll" id="message2"><div class="body">Question?</div></div>
            """)
        try TestSupport.write(["odd.html": odd], in: folder)
        let imported = try Self.read(folder.appendingPathComponent("odd.html"))
        let messages = imported[0].conversation.messages
        #expect(messages[0].sender == nil)
        #expect(messages[0].kind == .text("orphan"))
        guard case .unsupported(let poll) = messages[1].kind else {
            Issue.record("expected unsupported")
            return
        }
        #expect(poll.type == "html: message poll")
        // Five warnings: the unknown sender, the date, the kind, and no date for either message.
        #expect(imported[0].warnings.count == 5, "\(imported[0].warnings)")
        #expect(imported[0].warnings.last == "odd.html: message 1 has no date, and no message after it has one (shown at 1970-01-01)")
        #expect(imported[0].warnings.allSatisfy { $0.hasPrefix("odd.html:") })
    }

    // MARK: The shared sample

    @Test(.needsSamples("telegram")) func sharedSample() throws {
        #expect(ImporterRegistry.builtIn.detect(Self.sample)?.format == "telegram-html")
        let imported = try Self.read(Self.sample)
        let conversation = imported[0].conversation
        #expect(conversation.title == "Jimmeny Marvelton")
        #expect(conversation.kind == .direct)
        #expect(conversation.participants.map(\.name) == ["Jimmeny Marvelton", "Batman & Robin"])
        #expect(conversation.messages.map(\.sender) == ["Jimmeny Marvelton", "Batman & Robin", "Jimmeny Marvelton", "Jimmeny Marvelton"])
        #expect(conversation.messages.map(\.kind) == [
            .text("i refuse to converse with you"), .text("Hi nemesis"), .text("we meet again"), .text("you will not trick me this time"),
        ])
        #expect(conversation.messages.first?.date.iso8601 == "2023-08-23T13:11:23-08:00")
        #expect(conversation.messages.first?.date.utcOffset == -8 * 3600)
        #expect(imported[0].warnings.isEmpty)
    }

    @Test func siteBuild() throws {
        let folder = try Self.writeChat()
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)\"]\ntimeZone: Europe/Berlin\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["Rust & Friends"])
        #expect(summary.messagesRead == 9)
        #expect(summary.unsupportedMessages == 1)
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/\(pages[0])"))
        #expect(page.contains("Breaking news"))
        #expect(page.contains("<strong>bold</strong>"))
    }

    static func markdown(_ message: Message) -> String? {
        if case .markdown(let text) = message.kind { return text }
        return nil
    }
}
