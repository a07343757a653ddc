import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport
@testable import TranscriptText

@Suite struct TelegramImporterTests {
    static let samples = TestSupport.samples("telegram")
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func read(_ url: URL, display: String = "result.json") throws -> [Conversation] {
        var conversations: [Conversation] = []
        try TelegramImporter().importConversations(
            from: ExportSource(url: url, displayPath: display), context: ImportContext(timeZone: berlin)
        ) { conversations.append($0.conversation) }
        return conversations
    }

    func read(json: String) throws -> [Conversation] {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("result.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return try read(file)
    }

    func iso(_ timestamp: Timestamp) -> String { timestamp.iso8601(utcOffset: 0) }

    // MARK: The samples

    @Test(.needsSamples("telegram")) func singleChatWithUnixTimes() throws {
        let chats = try read(Self.samples.appendingPathComponent("langchain-telegram_chat_json-result.json"))
        try #require(chats.count == 1)
        let chat = chats[0]
        #expect(chat.id == "5965280513")
        #expect(chat.title == "Jimmeny")
        #expect(chat.kind == .direct)
        #expect(chat.messages.count == 4)
        #expect(chat.participants.map(\.name) == ["Jimmeny Marvelton", "Batman & Robin"])
        #expect(chat.messages.map(\.sender) == ["user123450513", "user6565661032", "user123450513", "user123450513"])
        #expect(iso(chat.messages[0].date) == "2023-08-23T20:11:23Z")
        #expect(iso(chat.messages[3].date) == "2023-08-23T20:15:53Z")
        #expect(chat.messages[1].kind == .text("Hi nemesis"))
        #expect(chat.messages.allSatisfy { $0.kind.typeName == "text" })
    }

    @Test(.needsSamples("telegram")) func accountExportWithEntitiesAndNoIds() throws {
        let chats = try read(Self.samples.appendingPathComponent("chatminer-batch_export.json"), display: "chatminer-batch_export.json")
        try #require(chats.map(\.title) == ["Chatname"])
        #expect(chats[0].id == "chatminer-batch_export-1")
        #expect(chats[0].messages.map(\.id) == ["m1", "m2"])
        #expect(chats[0].messages[0].kind == .text("Minimal Message"))
        #expect(iso(chats[0].messages[0].date) == "2018-12-05T10:39:10Z")
        #expect(iso(chats[0].messages[1].date) == "2018-12-05T10:49:24Z")
        let html = CommonMarkRenderer().render(try #require(markdown(chats[0].messages[1])), format: .markdown).html
        #expect(html == "<p><strong>Link:</strong><a href=\"https://telegram.org/\">https://telegram.org/</a></p>\n")
        #expect(chats[0].participants.map(\.id) == ["Author 1", "Author 2"])
    }

    @Test(.needsSamples("telegram")) func oldExportsWithNumericIdsAndLocalDates() throws {
        let chats = try read(Self.samples.appendingPathComponent("langchain-docs-telegram-old-mojibake.json"))
        let chat = try #require(chats.first)
        #expect(chat.messages.count == 3)
        #expect(chat.messages.map(\.id) == ["1980499", "1980500", "1980501"])
        #expect(chat.messages.map(\.sender) == ["4325636679", "4325636679", "4720225552"])
        // `date` has no zone: it is read in the site's time zone (Berlin, UTC+1 in winter).
        #expect(iso(chat.messages[0].date) == "2019-12-31T23:00:02Z")
        #expect(iso(chat.messages[2].date) == "2019-12-31T23:00:05Z")
        // Mojibake from someone's tooling is left as it is (no Messenger-style repair for Telegram).
        #expect(chat.title == "Grace ðŸ§¤")
    }

    @Test(.needsSamples("telegram")) func unknownChatTypesAndReplies() throws {
        let chats = try read(Self.samples.appendingPathComponent("mehrdad-persian-rtl-multichat.json"))
        try #require(chats.map(\.title) == ["Test Chat", "دوستان"])
        #expect(chats.map(\.kind) == [.group, .group])
        #expect(chats[0].messages.count == 5)
        #expect(chats[1].messages.count == 2)
        #expect(chats[0].messages[1].replyTo == "1")
        #expect(chats[0].messages[0].kind == .text("سلام دنیا! این یک پیام تست است."))
        #expect(Set(chats[0].participants.map(\.name)) == ["علی", "محمد", "فاطمه"])
        #expect(iso(chats[1].messages[1].date) == "2024-01-14T07:05:00Z")
    }

    @Test(.needsSamples("telegram")) func theWholeSamplesFolderBuilds() throws {
        let site = try TestSupport.makeSite(config: "inputs: [\"\(Self.samples.path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        // Five JSON exports (one with two chats) and the HTML page (telegram-html).
        #expect(summary.conversations.count == 7)
        #expect(summary.messagesRead == 22)
        #expect(summary.messagesRendered == 22)
    }

    func markdown(_ message: Message) -> String? {
        if case .markdown(let text) = message.kind { return text }
        return nil
    }

    // MARK: Rules

    @Test func everyEntityTypeIsRenderedSafely() throws {
        let entities = """
            [{"type":"plain","text":"a "},{"type":"bold","text":"b"},{"type":"italic","text":"i"},{"type":"underline","text":"u"},
             {"type":"strikethrough","text":"s"},{"type":"spoiler","text":"sp"},{"type":"code","text":"c<d>"},
             {"type":"pre","text":"let x = 1","language":"swift"},{"type":"link","text":"https://a.org/x_y"},
             {"type":"text_link","text":"site","href":"https://b.org"},{"type":"text_link","text":"evil","href":"javascript:alert(1)"},
             {"type":"mention","text":"@bob"},{"type":"mention_name","text":"Bob","user_id":5},{"type":"hashtag","text":"#tag"},
             {"type":"cashtag","text":"$USD"},{"type":"bot_command","text":"/start"},{"type":"email","text":"a@b.org"},
             {"type":"phone","text":"+1 555 0100"},{"type":"blockquote","text":"quoted"},{"type":"custom_emoji","text":"🙂","document_id":"1"},
             {"type":"new_entity_type","text":" <script>x</script>"}]
            """
        let chats = try read(json: #"{"name":"E","type":"private_supergroup","id":1,"messages":[{"id":1,"type":"message","date":"2024-01-01T10:00:00","date_unixtime":"1704099600","from":"A","from_id":"user1","text":"ignored","text_entities":\#(entities)}]}"#)
        let html = CommonMarkRenderer().render(try #require(markdown(chats[0].messages[0])), format: .markdown).html
        #expect(html.contains("a <strong>b</strong><em>i</em><u>u</u><del>s</del><span class=\"spoiler\">sp</span><code>c&lt;d&gt;</code>"))
        #expect(html.contains("<pre><code class=\"language-swift\">let x = 1\n</code></pre>"))
        #expect(html.contains("<a href=\"https://a.org/x_y\">https://a.org/x_y</a><a href=\"https://b.org\">site</a>evil"))
        #expect(html.contains("<span class=\"mention\">@bob</span><span class=\"mention\">Bob</span><span class=\"hashtag\">#tag</span><span class=\"hashtag\">$USD</span><span class=\"mention\">/start</span>"))
        #expect(html.contains("<a href=\"mailto:a@b.org\">a@b.org</a><a href=\"tel:+15550100\">+1 555 0100</a>"))
        #expect(html.contains("<blockquote>\n<p>quoted</p>\n</blockquote>"))
        #expect(html.contains("🙂 &lt;script&gt;x&lt;/script&gt;"))
        #expect(!html.contains("<script"))
    }

    @Test func serviceMessagesMediaAndTheRest() throws {
        let messages = """
            {"id":1,"type":"service","date":"2024-01-01T10:00:00","actor":"Ann","actor_id":"user1","action":"create_group","title":"Trip","members":["Ann","Bo"],"text":""},
            {"id":2,"type":"service","date":"2024-01-01T10:01:00","actor":"Ann","actor_id":"user1","action":"invite_members","members":["Cy","Di"],"text":""},
            {"id":3,"type":"service","date":"2024-01-01T10:02:00","actor":"Bo","actor_id":"user2","action":"phone_call","duration_seconds":125,"discard_reason":"hangup","text":""},
            {"id":4,"type":"service","date":"2024-01-01T10:03:00","actor":"Bo","actor_id":"user2","action":"topic_created","title":"Food","text":""},
            {"id":5,"type":"message","date":"2024-01-01T10:04:00","from":"Ann","from_id":"user1","text":"in the topic","reply_to_message_id":4},
            {"id":6,"type":"message","date":"2024-01-01T10:05:00","from":"Bo","from_id":2,"photo":"photos/photo_1.jpg","width":800,"height":600,"text":"a photo","edited":"2024-01-01T10:06:00","edited_unixtime":"1704099960"},
            {"id":7,"type":"message","date":"2024-01-01T10:06:00","from":"Bo","from_id":2,"photo":"(File not included. Change data exporting settings to download.)","width":10,"height":10,"text":""},
            {"id":8,"type":"message","date":"2024-01-01T10:07:00","from":"Bo","from_id":2,"file":"voice_messages/a.ogg","media_type":"voice_message","mime_type":"audio/ogg","duration_seconds":7,"text":""},
            {"id":9,"type":"message","date":"2024-01-01T10:08:00","from":"Bo","from_id":2,"file":"(File not included. Change data exporting settings to download.)","media_type":"sticker","sticker_emoji":"😀","width":512,"height":512,"text":""},
            {"id":10,"type":"message","date":"2024-01-01T10:09:00","from":"Bo","from_id":2,"file":"video_files/v.mp4","thumbnail":"video_files/v.jpg","media_type":"video_file","duration_seconds":20,"text":""},
            {"id":11,"type":"message","date":"2024-01-01T10:10:00","from":"Bo","from_id":2,"file":"files/a.pdf","file_name":"Plan.pdf","mime_type":"application/pdf","file_size":1234,"text":"the plan"},
            {"id":12,"type":"message","date":"2024-01-01T10:11:00","from":"Bo","from_id":2,"location_information":{"latitude":52.5,"longitude":13.4},"text":""},
            {"id":13,"type":"message","date":"2024-01-01T10:12:00","from":"Bo","from_id":2,"contact_information":{"first_name":"Eve","last_name":"L","phone_number":"+49 1"},"text":""},
            {"id":14,"type":"message","date":"2024-01-01T10:13:00","from":"Bo","from_id":2,"poll":{"question":"Lunch?","closed":true,"total_voters":3,"answers":[{"text":"Yes","voters":2,"chosen":false},{"text":"No","voters":1,"chosen":true}]},"text":""},
            {"id":15,"type":"message","date":"2024-01-01T10:14:00","from":"Ann","from_id":"user1","forwarded_from":"News","text":"fwd","reactions":[{"type":"emoji","count":2,"emoji":"👍","recent":[{"from":"Bo","from_id":"user2","date":"x"}]}]},
            {"id":16,"type":"poll_result","date":"2024-01-01T10:15:00","text":"something new"}
            """
        let chat = try #require(try read(json: #"{"name":"T","type":"private_supergroup","id":9,"messages":[\#(messages)]}"#).first)
        #expect(chat.messages.count == 16)
        #expect(chat.messages[0].kind == .system(SystemEvent(event: .create, text: "Ann created the group “Trip”", actor: "user1", title: "Trip")))
        #expect(chat.messages[1].kind == .system(SystemEvent(event: .join, text: "Ann added Cy and Di", actor: "user1", subjects: ["Cy", "Di"])))
        #expect(chat.messages[2].kind == .system(SystemEvent(event: .call, text: "Bo called (2:05)", actor: "user2", title: "2:05")))
        #expect(chat.messages[3].kind == .system(SystemEvent(event: .create, text: "Bo created the topic “Food”", actor: "user2", title: "Food")))
        #expect(chat.messages[4].thread == "4" && chat.messages[4].replyTo == nil)
        #expect(chat.messages[5].kind == .photo(MediaItem(file: "photos/photo_1.jpg", width: 800, height: 600, caption: "a photo")))
        #expect(chat.messages[5].edited?.secondsSince1970 == 1_704_099_960)
        #expect(chat.messages[5].sender == "2")
        #expect(chat.messages[6].kind == .photo(MediaItem(file: nil, width: 10, height: 10)))
        #expect(chat.messages[7].kind == .voice(MediaItem(file: "voice_messages/a.ogg", mimeType: "audio/ogg", duration: 7)))
        #expect(chat.messages[8].kind == .sticker(MediaItem(file: nil, width: 512, height: 512, emoji: "😀")))
        #expect(chat.messages[9].kind == .video(MediaItem(file: "video_files/v.mp4", duration: 20, thumbnail: "video_files/v.jpg")))
        #expect(chat.messages[10].kind == .file(MediaItem(file: "files/a.pdf", name: "Plan.pdf", mimeType: "application/pdf", size: 1234, caption: "the plan")))
        #expect(chat.messages[11].kind == .location(Location(latitude: 52.5, longitude: 13.4)))
        #expect(chat.messages[12].kind == .contact(Contact(name: "Eve L", phones: ["+49 1"])))
        #expect(chat.messages[13].kind == .poll(Poll(question: "Lunch?", options: [.init(text: "Yes", votes: 2), .init(text: "No", votes: 1)], closed: true)))
        #expect(chat.messages[14].forwardedFrom == "News")
        #expect(chat.messages[14].reactions == [Reaction(emoji: "👍", by: ["user2"], count: 2)])
        guard case .unsupported(let unknown) = chat.messages[15].kind else {
            Issue.record("an unknown message type must stay as unsupported")
            return
        }
        #expect(unknown.type == "poll_result")
    }

    /// A changed or removed group photo says who did it, so that pages in other languages word it; the English
    /// label stays as it was.
    @Test func groupPhotoChangesAreDescribed() throws {
        let messages = """
            {"id":1,"type":"service","date":"2024-01-01T10:00:00","actor":"Ann","actor_id":"user1","action":"edit_group_photo","photo":"photos/p.jpg","text":""},
            {"id":2,"type":"service","date":"2024-01-01T10:01:00","actor":"Bo","actor_id":"user2","action":"delete_group_photo","text":""},
            {"id":3,"type":"service","date":"2024-01-01T10:02:00","actor":"Bo","action":"delete_group_photo","text":""}
            """
        let chat = try #require(try read(json: #"{"name":"T","type":"private_group","id":9,"messages":[\#(messages)]}"#).first)
        #expect(chat.messages.map(\.kind) == [
            .system(SystemEvent(event: .photo, text: "Ann changed the group photo", actor: "user1")),
            .system(SystemEvent(event: .photoRemoved, text: "Bo: delete group photo", actor: "user2")),
            // No actor_id: named by name.
            .system(SystemEvent(event: .photoRemoved, text: "Bo: delete group photo", actor: "Bo")),
        ])
    }

    /// Missed and declined calls, auto-delete timers, upgrades to a supergroup and the actions pages have no
    /// words for (by the action's name, as data; without anyone named when the export names no one) say what
    /// happened in fields; the English labels stay as they were.
    @Test func otherServiceActionsAreDescribed() throws {
        let messages = """
            {"id":1,"type":"service","date":"2024-01-01T10:00:00","actor":"Ann","actor_id":"user1","action":"phone_call","discard_reason":"missed","text":""},
            {"id":2,"type":"service","date":"2024-01-01T10:01:00","actor":"Bo","actor_id":"user2","action":"phone_call","discard_reason":"busy","text":""},
            {"id":3,"type":"service","date":"2024-01-01T10:02:00","actor":"Ann","actor_id":"user1","action":"set_messages_ttl","period":86400,"text":""},
            {"id":4,"type":"service","date":"2024-01-01T10:03:00","actor":"Ann","actor_id":"user1","action":"set_messages_ttl","period":0,"text":""},
            {"id":5,"type":"service","date":"2024-01-01T10:04:00","actor":"Ann","actor_id":"user1","action":"migrate_to_supergroup","text":""},
            {"id":6,"type":"service","date":"2024-01-01T10:05:00","actor":"Bo","actor_id":"user2","action":"score_in_game","game_message_id":3,"score":12,"text":""},
            {"id":7,"type":"service","date":"2024-01-01T10:06:00","action":"boost_apply","boosts":2,"text":""}
            """
        let chat = try #require(try read(json: #"{"name":"T","type":"private_supergroup","id":9,"messages":[\#(messages)]}"#).first)
        #expect(chat.messages.map(\.kind) == [
            .system(SystemEvent(event: .callMissed, text: "Ann called · missed", actor: "user1")),
            .system(SystemEvent(event: .callDeclined, text: "Bo called · busy", actor: "user2")),
            .system(SystemEvent(event: .timer, text: "Ann: set messages ttl", actor: "user1", title: "86400")),
            .system(SystemEvent(event: .timer, text: "Ann: set messages ttl", actor: "user1")),
            .system(SystemEvent(event: .upgrade, text: "Ann: migrate to supergroup", actor: "user1")),
            .system(SystemEvent(event: .other, text: "Bo: score in game", actor: "user2", title: "score_in_game")),
            .system(SystemEvent(event: .other, text: "Someone: boost apply", title: "boost_apply")),
        ])
    }

    @Test(.needsSamples("telegram")) func detectionOfTheSamples() {
        #expect(TelegramImporter().canImport(Self.samples.appendingPathComponent("chatminer-single_export.json")))
        #expect(!CanonicalImporter().canImport(Self.samples.appendingPathComponent("langchain-telegram_chat_json-result.json")))
    }

    @Test func detectionAndErrors() throws {
        let importer = TelegramImporter()
        // Our own single-chat export (the samples have more, when they are there).
        let own = try TestSupport.temporaryFolder().appendingPathComponent("result.json")
        try #"{"name": "Ann", "type": "personal_chat", "id": 7, "messages": [{"id": 1, "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "1714721400", "from": "Ann", "from_id": "user7", "text": "hi"}]}"#
            .write(to: own, atomically: true, encoding: .utf8)
        #expect(importer.canImport(own))
        #expect(ImporterRegistry.builtIn.detect(own)?.format == "telegram")
        #expect(try read(own).map(\.messages.count) == [1])
        #expect(!importer.canImport(TestSupport.packageFolder.appendingPathComponent("docs/examples/minimal.json")))
        do {
            _ = try read(json: "{\"chats\": {\"list\": [\n{\"name\": \"A\", \"messages\": [}\n]}}")
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.file == "result.json")
            #expect(error.line == 2)
        }
    }
}
