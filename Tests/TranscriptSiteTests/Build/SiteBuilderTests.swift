import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptSupport
import TranscriptTemplates

@Suite struct SiteBuilderTests {
    func build(_ site: URL, output: URL? = nil) throws -> BuildSummary {
        try SiteBuilder(options: BuildOptions(site: site, output: output)).build()
    }

    /// The conversation page's message list.
    /// The page's list of messages, from its opening tag to its end.
    func transcript(_ html: String) -> String {
        guard let start = html.range(of: "<ol class=\"transcript"), let end = html.range(of: "</ol>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.lowerBound])
    }

    @Test func buildsAFixtureSite() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        let summary = try build(site)
        #expect(summary.conversations.count == 1)
        #expect(summary.messagesRead == 3)
        #expect(summary.messagesRendered == 3)
        // The month page, the links page (of the gallery), the timeline, the index and the search page; plus the
        // feed, 7 assets and the 11 icons, the appearances' stylesheet and 4 index files.
        #expect(summary.pages == 5)
        #expect(TestSupport.iconAssets.count == 11)
        #expect(summary.files == 30)
        let output = site.appendingPathComponent("public")
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/small"))
        // The list has the look and avatar room of its first incoming message, which leaves them out; the outgoing one
        // names its look.
        #expect(transcript(page) == """
            <ol class="transcript look-b735332e with-avatars">
            <li class="date-header"><h2><time datetime="2024-05-03T09:30:00+02:00">Friday, 3 May 2024, 09:30</time></h2></li>
            <li class="message c0" id="m-1"><span class="avatar" aria-hidden="true">A</span><p class="sender">Ann</p><div class="bubble">
            <p class="text" dir="auto">Hi &lt;b&gt;there&lt;/b&gt;<br />
            see <a href="https://x.org/a_b">https://x.org/a_b</a></p><a class="time" href="#m-1"><time datetime="2024-05-03T09:30:00+02:00">09:30</time></a></div></li>
            <li class="message outgoing kind-markdown look-23fe1abc" id="m-2"><div class="bubble"><span class="sr-only">Me: </span>
            <a class="reply" href="#m-1"><span class="reply-sender">Ann</span> <span class="reply-snippet" dir="auto">Hi &lt;b&gt;there&lt;/b&gt; see https://x.org/a_b</span></a>
            <p class="text" dir="auto"><strong>Yes!</strong> 👍</p><a class="time" href="#m-2"><time datetime="2024-05-03T09:31:00+02:00">09:31</time></a></div><ul class="reactions" aria-label="Reactions"><li title="Ann"><span class="reaction-emoji">❤️</span> <span class="reaction-count">1</span><span class="sr-only"> from Ann</span></li></ul></li>
            <li class="date-header"><h2><time datetime="2024-05-03T11:00:00+02:00">Friday, 3 May 2024, 11:00</time></h2></li>
            <li class="event" id="m-3"><div class="event-text" dir="auto"><p>Bo joined</p>
            </div> <a class="time" href="#m-3"><time datetime="2024-05-03T11:00:00+02:00">11:00</time></a></li>

            """)
        #expect(page.contains("<title>Small &lt;talk&gt; · May 2024 · Test</title>"))
        #expect(page.contains("<html lang=\"en\" dir=\"ltr\" data-locale=\"en-GB\">"))
        // Links to assets carry the built-in assets' version: a browser holding an earlier version's copy fetches
        // them again.
        let version = TemplateSet.assetVersion
        #expect(version.count == 8 && version.allSatisfy(\.isHexDigit))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"../../assets/transcripts.css?v=\(version)\">"))
        #expect(page.contains("<script src=\"../../assets/find-bar.js?v=\(version)\" defer></script>"))
        // A conversation page carries the words of the scripts every page loads, not the search page's.
        #expect(page.contains(#"<script type="application/json" id="transcripts-strings">{"lang":"en","lightMode":"Light mode","#))
        #expect(page.contains(#""matchPosition":"#) && !page.contains(#""resultCount":"#))
        let index = try TestSupport.read(output.appendingPathComponent("index.html"))
        #expect(index.contains("<h2><a href=\"c/small/index.html\">Small &lt;talk&gt;</a></h2>"))
        #expect(index.contains("Group chat · 3 messages · <time datetime=\"2024-05-03T09:30:00+02:00\">3 May 2024</time> – <time datetime=\"2024-05-03T11:00:00+02:00\">3 May 2024</time>"))
        #expect(index.contains("<p class=\"card-last\" dir=\"auto\">Bo joined</p>"))
    }

    @Test func everyMessageOfEveryKindIsOnThePage() throws {
        let site = try TestSupport.makeSite(conversations: ["kinds.json": BuildFixtures.everyKind])
        let summary = try build(site)
        #expect(summary.messagesRead == 16)
        #expect(summary.messagesRendered == 16)
        #expect(summary.unsupportedMessages == 1)
        #expect(summary.warnings.contains { $0.contains("1 reply points to messages not in the export") })
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/kinds"))
        for id in 1...16 { #expect(page.contains("id=\"m-\(id)\""), "message \(id)") }
        // Each kind has its own rendering; files the export names but lacks are placeholders that say so.
        for expected in [
            "<p class=\"media-missing\"><span aria-hidden=\"true\">⚠</span> p.jpg does not exist</p>",
            "<p class=\"media-info\">Video · 1:15 · 1.5 MB</p>",
            "<p class=\"media-info\"><span aria-hidden=\"true\">\(TestSupport.icon("audio"))</span> Audio · 0:03</p>",
            "<p class=\"media-info\"><span aria-hidden=\"true\">\(TestSupport.icon("voice"))</span> Voice message · 0:04</p>",
            "The file is not in the export",
            "<span class=\"file-name\" dir=\"auto\">plan.pdf</span> <span class=\"file-meta\">application/pdf · 999 bytes</span>",
            "<p class=\"sticker-emoji\" role=\"img\" aria-label=\"Sticker 😀\">😀</p>",
            "<p class=\"location-name\" dir=\"auto\"><span aria-hidden=\"true\">\(TestSupport.icon("location"))</span> Berlin</p>",
            "<p class=\"location-coordinates\">52.52, 13.405 · <a href=\"https://www.openstreetmap.org/?mlat=52.52&amp;mlon=13.405#map=16/52.52/13.405\" rel=\"noopener noreferrer\">Open the map</a></p>",
            "<p class=\"contact-line\"><a href=\"tel:+49301234\">+49 30 1234</a></p>",
            "<span class=\"poll-option\" dir=\"auto\">Yes</span> <span class=\"poll-votes\">2 votes</span><meter min=\"0\" max=\"3\" value=\"2\">2 votes</meter>",
            "<span class=\"link-card-title\" dir=\"auto\">E</span>",
            "<p class=\"details-label\">Custom message “linkCard”</p>",
            "<p class=\"details-label\">Unsupported message “hologram”</p>",
        ] {
            #expect(page.contains(expected), "\(expected)")
        }
        #expect(page.contains("<dt>depth</dt><dd dir=\"auto\">3</dd>"))
        #expect(summary.missingMedia == 4)
        #expect(page.contains("<p class=\"reply reply-missing\">↩ A message that is not in this export</p>"))
        #expect(page.contains("<p class=\"forwarded\">Forwarded from Bo</p>"))
        // A forwarded message's own time without the name it came from.
        #expect(page.contains("<p class=\"forwarded\">Forwarded · <time datetime=\"2024-05-01T18:12:00+02:00\">1 May 2024, 18:12</time></p>"))
        #expect(page.contains("<p class=\"message-meta\"><span class=\"edited\" title=\"Edited 3 May 2024, 09:40\">edited<span class=\"sr-only\"> 3 May 2024, 09:40</span></span> <a class=\"time\""))
        #expect(page.contains("<li class=\"event\" id=\"m-13\">"))
    }

    @Test func aMonthPagesHeadingCutsAVeryLongTitleAndTheOverviewShowsItWhole() throws {
        let title = "Trip " + String(repeating: "a", count: 300)
        let site = try TestSupport.makeSite(conversations: [
            "long.json": TestSupport.conversation(id: "long", title: title, messages: [
                #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "hi"}"#,
            ]),
        ])
        _ = try build(site)
        let folder = site.appendingPathComponent("public/c/long")
        let heading = try #require(TestSupport.conversationHTML(folder).firstMatch(of: /<h1>([^<]*)<\/h1>/)).1
        #expect(heading == "Trip " + String(repeating: "a", count: 195) + "…")
        let overview = try TestSupport.read(folder.appendingPathComponent("index.html"))
        #expect(overview.contains(String(repeating: "a", count: 300)))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small, "kinds.json": BuildFixtures.everyKind])
        let first = try TestSupport.temporaryFolder()
        let second = try TestSupport.temporaryFolder()
        _ = try build(site, output: first.appendingPathComponent("out"))
        _ = try build(site, output: second.appendingPathComponent("out"))
        let files = try Self.files(in: first.appendingPathComponent("out"))
        #expect(files.count == 26 + TestSupport.iconAssets.count)
        #expect(files == (try Self.files(in: second.appendingPathComponent("out"))))
    }

    @Test func aFailedBuildLeavesThePreviousOutputAsItWas() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        _ = try build(site)
        let output = site.appendingPathComponent("public")
        let before = try Self.files(in: output)
        try TestSupport.write(
            ["conversations/zz-broken.json": TestSupport.conversation(id: "broken", messages: [#"{"id": "1", "date": "soon", "text": "x"}"#])],
            in: site)
        #expect(throws: TranscriptsError.self) { try build(site) }
        #expect(try Self.files(in: output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".") && $0 != BuildCache.folderName }
        #expect(leftovers.isEmpty)
    }

    @Test func aSecondBuildReplacesTheOutput() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        _ = try build(site)
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/small.json"))
        try TestSupport.write(["conversations/kinds.json": BuildFixtures.everyKind], in: site)
        _ = try build(site)
        let paths = try Self.files(in: site.appendingPathComponent("public")).keys.sorted()
        #expect(paths == ([
            "appearances.css", "assets/find-bar.js", "assets/permalinks.js", "assets/search-core.js", "assets/search-page.js",
            "assets/site-search.js", "assets/strings.js", "assets/theme.js", "assets/transcripts.css", "c/kinds/2024-05.html",
            "c/kinds/feed.xml", "c/kinds/files.html", "c/kinds/index.html", "c/kinds/links.html", "c/kinds/media.html",
            "index.html", "search.html", "search/c/0.js", "search/d/0.js", "search/index.js", "search/t/0.js",
        ] + TestSupport.iconAssets).sorted())
    }

    @Test func hostileNamesAndTitlesAreEscapedEverywhere() throws {
        let payload = #"<script>alert(1)</script><img src=x onerror=alert(2)>\"'"#
        let site = try TestSupport.makeSite(
            config: "title: \"\(payload.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"\nme: me\n",
            conversations: [
                "x.json": TestSupport.conversation(
                    id: "x", title: payload,
                    messages: [
                        #"{"id": "\#(payload)", "sender": "evil", "date": "2024-05-03T09:30:00Z", "type": "markdown", "markdown": "\#(payload) [x](javascript:alert(3))", "reactions": [{"emoji": "\#(payload)", "by": ["evil"]}]}"#,
                        #"{"id": "2", "sender": "evil", "date": "2024-05-03T09:31:00Z", "type": "\#(payload)"}"#,
                    ],
                    participants: #"[{"id":"evil","name":"\#(payload)"}]"#)
            ])
        _ = try build(site)
        for (path, contents) in try Self.files(in: site.appendingPathComponent("public")) where path.hasSuffix(".html") {
            let text = String(decoding: contents, as: UTF8.self)
            // The only scripts are the built-in templates' own: the scripts' words, the theme toggle, the copy-link
            // buttons and the header's search box, and on message pages and the search page the search engine and
            // the find bar or the search form; and the strings table (JSON, never run).
            let searchScripts = path.hasPrefix("c/") && !path.hasSuffix("index.html") || path == "search.html" ? 2 : 0
            #expect(text.components(separatedBy: "<script").count == 6 + searchScripts, "\(path)")
            #expect(text.components(separatedBy: "<script type=\"application/json\" id=\"transcripts-strings\">").count == 2, "\(path)")
            let version = "?v=" + (TemplateSet.assetVersion)
            #expect(text.contains("assets/strings.js\(version)\"></script>\n<script src=\"\(path.hasPrefix("c/") ? "../../" : "")assets/theme.js\(version)\"></script>"), "\(path)")
            #expect(text.contains("assets/permalinks.js\(version)\" defer></script>"), "\(path)")
            #expect(!text.contains("<img"), "\(path)")
            #expect(!text.contains("href=\"javascript:"), "\(path)")
            #expect(text.contains("&lt;script&gt;"), "\(path)")
        }
    }

    @Test(arguments: [
        ("{\"id\": \"c\", \"messages\": [{\"id\": \"1\", \"date\": \"2024-05-03T09:30:00Z\", \"text\": 5}]}",
         "conversations/c.json:1:78: at messages[0].text: expected a string, found the number 5"),
        ("{\"id\": \"c\",\n \"messages\": [}", "conversations/c.json:2:15: at messages[0]: invalid JSON at byte offset 26: expected a value"),
        ("{\"id\": \"c\", \"messages\": [{\"id\": \"1\", \"date\": \"2024-05-03T09:30:00Z\", \"text\": \"a\"}, {\"id\": \"1\", \"date\": \"2024-05-03T09:30:00Z\", \"text\": \"b\"}]}",
         "conversations/c.json: at messages[1].id: the id \"1\" is already used by messages[0]; message ids must be unique"),
    ])
    func badInputNamesTheFileAndWhere(json: String, expected: String) throws {
        let site = try TestSupport.makeSite(conversations: ["c.json": json])
        do {
            _ = try build(site)
            Issue.record("expected an error")
        } catch {
            // Paths are shown relative to the current folder when they are inside it, else in full.
            #expect(String(describing: error) == site.path + "/" + expected)
        }
    }

    @Test func jsonLinesAreReadLineByLine() throws {
        let header = #"{"format": "transcripts/1", "id": "big", "title": "Big", "kind": "channel"}"#
        var lines = [header]
        for number in 1...5000 {
            lines.append(#"{"id": \#(number), "sender": "ann", "date": "2024-05-03T09:30:00", "text": "message \#(number)"}"#)
        }
        let site = try TestSupport.makeSite(conversations: ["big.jsonl": lines.joined(separator: "\n") + "\n"])
        let summary = try build(site)
        #expect(summary.messagesRead == 5000)
        #expect(summary.messagesRendered == 5000)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/big"))
        #expect(page.contains("<p class=\"text\" dir=\"auto\">message 4999</p>"))
        // Read in the site's time zone (Europe/Berlin), shown with its offset.
        #expect(page.contains("datetime=\"2024-05-03T09:30:00+02:00\""))

        try TestSupport.write(["conversations/big.jsonl": lines[0...2].joined(separator: "\n") + "\n{\"id\": 9, \"text\": \"x\"}\n"], in: site)
        do {
            _ = try build(site)
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 4)
            #expect(error.message == "\"date\" is required but missing")
        }
    }

    @Test func conversationIdsMustBeUniqueAndFoldersStaySafe() throws {
        var registry = SlugRegistry()
        #expect(registry.slug(for: "family") == "family")
        #expect(registry.slug(for: "Family").hasPrefix("family-"))
        #expect(registry.slug(for: "../../etc/passwd").hasPrefix("etc-passwd-"))
        #expect(registry.slug(for: "日本語").count == 8)
        // Of two formats, one id is an error (of one format, the conversations are merged: MergeBuildTests).
        let site = try TestSupport.makeSite(conversations: [
            "a.json": TestSupport.conversation(id: "same", messages: []),
            "WhatsApp Chat with same.txt": "13/01/2024, 10:00 - A: x\n",
        ])
        #expect(throws: TranscriptsError.self) { try build(site) }
    }

    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }
}

@Suite struct ConversationTemplateTests {
    @Test func aConversationTemplateWithoutTheMessagesIsAnError() throws {
        let site = try TestSupport.makeSite(
            conversations: ["small.json": BuildFixtures.small],
            extra: ["Templates/conversation.mustache": "{{<page}}{{$main}}<h1>{{title}}</h1>{{/main}}{{/page}}"])
        do {
            _ = try SiteBuilder(options: BuildOptions(site: site)).build()
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.message.contains("{{{messagesHTML}}}"))
        }
    }

    @Test func aCustomConversationTemplateFramesTheMessages() throws {
        let site = try TestSupport.makeSite(
            conversations: ["small.json": BuildFixtures.small],
            extra: ["Templates/conversation.mustache": "<main>{{title}}<ol>{{{messagesHTML}}}</ol></main>\n"])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/small"))
        #expect(page.hasPrefix("<main>Small &lt;talk&gt;<ol><li class=\"date-header\">"))
        #expect(page.hasSuffix("</li>\n</ol></main>\n"))
    }
}

@Suite struct AvatarTests {
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

    @Test func avatarsFromTheExportAreCopiedOnceAndUnsafePathsRefused() throws {
        let outside = try TestSupport.temporaryFolder()
        try Self.png.write(to: outside.appendingPathComponent("secret.png"))
        let participants = """
            [{"id":"me","name":"Me","avatar":"pics/me.png"},{"id":"ann","name":"Ann","avatar":"pics/same.png"},
             {"id":"up","name":"Up","avatar":"../../secret.png"},{"id":"abs","name":"Abs","avatar":"\(outside.path)/secret.png"},
             {"id":"link","name":"Link","avatar":"pics/link.png"},{"id":"gone","name":"Gone","avatar":"pics/none.png"},
             {"id":"doc","name":"Doc","avatar":"pics/notes.txt"}]
            """
        let messages = ["me", "ann", "up", "abs", "link", "gone", "doc"].enumerated().map { index, sender in
            #"{"id": "\#(index)", "sender": "\#(sender)", "date": "2024-05-03T0\#(index):00:00Z", "text": "x"}"#
        }
        let site = try TestSupport.makeSite(
            config: "me: nobody\n",
            conversations: ["c.json": TestSupport.conversation(messages: messages, participants: participants)],
            extra: ["conversations/pics/notes.txt": "not a picture"])
        let pics = site.appendingPathComponent("conversations/pics")
        try Self.png.write(to: pics.appendingPathComponent("me.png"))
        try Self.png.write(to: pics.appendingPathComponent("same.png"))
        try FileManager.default.createSymbolicLink(
            at: pics.appendingPathComponent("link.png"), withDestinationURL: outside.appendingPathComponent("secret.png"))
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        #expect(media == [ContentName.of(Self.png) + ".png"])
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        #expect(page.components(separatedBy: "<img class=\"avatar\" src=\"../../media/\(media[0])\" alt=\"\">").count == 3)
        for (id, reason) in [("up", "leads outside the export's folder"), ("abs", "is not a path relative to the export's folder"),
                             ("link", "leads outside the export's folder"), ("gone", "does not exist"), ("doc", "is not an image")] {
            #expect(summary.warnings.contains { $0.contains("the avatar of \(id) (") && $0.contains(reason) }, "\(id)")
        }
        // Initials take the colour of their row's class.
        #expect(page.contains(" c\(SenderColor.index(for: "up"))\" id=\"m-2\"><span class=\"avatar\" aria-hidden=\"true\">U</span>"))
    }

    @Test func initialsComeFromTheName() {
        #expect(AvatarView.initials(of: "Alice Weber") == "AW")
        #expect(AvatarView.initials(of: "bob") == "B")
        #expect(AvatarView.initials(of: "Jean-Luc Picard") == "JP")
        #expect(AvatarView.initials(of: "李雷") == "李")
        #expect(AvatarView.initials(of: "🙂 Sam") == "S")
        #expect(AvatarView.initials(of: "") == "?")
    }
}
