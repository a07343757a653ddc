import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// The Matrix importer, with Element exports of our own (no real Matrix sample is in ../shared/samples).
@Suite struct MatrixImporterTests {
    static let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    static let room = "!pov:example.org"

    /// An Element export of `events` (JSON objects as text).
    static func export(_ events: [String], name: String = "Pov") -> String {
        """
        {
          "room_name": "\(name)",
          "room_creator": "@ann:example.org",
          "topic": "plans",
          "export_date": "14/01/2024",
          "exported_by": "@ann:example.org",
          "messages": [
        \(events.joined(separator: ",\n"))
          ]
        }
        """
    }

    /// One event: `extra` is added to the object as text (`"state_key": "...", "unsigned": {...}`).
    static func event(
        _ id: String, _ type: String, from sender: String = "@ann:example.org", at ms: Int = 1_705_235_760_000,
        content: String, extra: String = ""
    ) -> String {
        #"{"type":"\#(type)","sender":"\#(sender)","origin_server_ts":\#(ms),"event_id":"\#(id)","room_id":"\#(room)","content":\#(content)\#(extra.isEmpty ? "" : "," + extra)}"#
    }

    static func member(_ id: String, _ user: String, _ membership: String, name: String? = nil, by sender: String? = nil, previous: String? = nil, at ms: Int = 1_705_235_700_000) -> String {
        let content = name.map { #"{"membership":"\#(membership)","displayname":"\#($0)"}"# } ?? #"{"membership":"\#(membership)"}"#
        let prev = previous.map { #","unsigned":{"prev_content":\#($0)}"# } ?? ""
        return event(id, "m.room.member", from: sender ?? user, at: ms, content: content, extra: #""state_key":"\#(user)""# + prev)
    }

    func conversations(_ json: String, files: [String: String] = [:], name: String = "matrix - Pov - Chat Export - 2024-01-14.json", test: String = #function) throws -> [Conversation] {
        let folder = try TestSupport.temporaryFolder(test)
        var all = files
        all[name] = json
        try TestSupport.write(all, in: folder)
        var result: [Conversation] = []
        try MatrixImporter().importConversations(
            from: ExportSource(url: folder.appendingPathComponent(name), displayPath: name), context: Self.context
        ) { result.append($0.conversation) }
        return result
    }

    func conversation(_ events: [String], files: [String: String] = [:], test: String = #function) throws -> Conversation {
        try conversations(Self.export(events), files: files, test: test)[0]
    }

    func message(_ conversation: Conversation, _ id: String) -> Message? { conversation.messages.first { $0.id == id } }

    func text(_ message: Message?) -> String? {
        guard case .text(let text)? = message?.kind else { return nil }
        return text
    }

    func system(_ message: Message?) -> SystemEvent? {
        guard case .system(let event)? = message?.kind else { return nil }
        return event
    }

    @Test func detection() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "room.json": Self.export([Self.event("$1", "m.room.message", content: #"{"msgtype":"m.text","body":"hi"}"#)]),
            "bare.json": #"{"messages": [{"type":"m.room.message","event_id":"$1","origin_server_ts":1,"content":{}}]}"#,
            "other.json": #"{"messages": [{"id": 1}]}"#,
            "room.txt": Self.export([]),
        ], in: folder)
        let importer = MatrixImporter()
        #expect(importer.canImport(folder.appendingPathComponent("room.json")))
        #expect(importer.canImport(folder.appendingPathComponent("bare.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("other.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("room.txt")))
        #expect(!importer.canImport(folder))
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("room.json"))?.format == "matrix")
        #expect(ImporterRegistry.builtIn.formats.contains("matrix"))
    }

    @Test func roomParticipantsAndText() throws {
        let conversation = try conversation([
            Self.event("$create", "m.room.create", at: 1_705_235_600_000, content: #"{"creator":"@ann:example.org","room_version":"10"}"#, extra: #""state_key":"""#),
            Self.member("$m1", "@ann:example.org", "join", name: "Ann Lee"),
            Self.member("$m2", "@bob:matrix.org", "invite", by: "@ann:example.org"),
            Self.member("$m3", "@bob:matrix.org", "join", name: "Bob", previous: #"{"membership":"invite"}"#),
            Self.event("$t1", "m.room.message", at: 1_705_235_760_123, content: #"{"msgtype":"m.text","body":"Hello **there**","format":"org.matrix.custom.html","formatted_body":"Hello <strong>there</strong>"}"#),
            Self.event("$t2", "m.room.message", from: "@bob:matrix.org", content: #"{"msgtype":"m.emote","body":"waves"}"#),
            Self.event("$t3", "m.room.message", from: "@carl:example.org", content: #"{"msgtype":"m.notice","body":"Build passed"}"#),
        ])
        #expect(conversation.id == Self.room)
        #expect(conversation.title == "Pov")
        #expect(conversation.kind == .direct)  // Ann and Bob are the members; carl (a bot) never joined
        #expect(conversation.participants == [
            Participant(id: "@ann:example.org", name: "Ann Lee"), Participant(id: "@bob:matrix.org", name: "Bob"),
            Participant(id: "@carl:example.org", name: "carl"),
        ])
        #expect(system(message(conversation, "$create")) == SystemEvent(event: .create, text: "Ann Lee created the room", actor: "@ann:example.org"))
        #expect(system(message(conversation, "$m1")) == SystemEvent(event: .join, text: "Ann Lee joined", actor: "@ann:example.org"))
        #expect(system(message(conversation, "$m2"))
            == SystemEvent(event: .invite, text: "Ann Lee invited Bob", actor: "@ann:example.org", subjects: ["@bob:matrix.org"]))
        #expect(system(message(conversation, "$m3")) == SystemEvent(event: .join, text: "Bob joined", actor: "@bob:matrix.org"))
        #expect(message(conversation, "$t1")?.kind == .markdown("Hello ![there](transcripts:bold)"))
        #expect(message(conversation, "$t1")?.date.iso8601 == "2024-01-14T12:36:00.123Z")
        #expect(message(conversation, "$t1")?.sender == "@ann:example.org")
        #expect(text(message(conversation, "$t2")) == "* Bob waves")
        #expect(text(message(conversation, "$t3")) == "Build passed")
    }

    @Test func groupWhenMoreThanTwoMembersAndIDFromTheRoomName() throws {
        let json = """
            {"room_name": "Book club", "messages": [
              {"type":"m.room.member","sender":"@a:x.org","state_key":"@a:x.org","origin_server_ts":1,"event_id":"$1","content":{"membership":"join"}},
              {"type":"m.room.member","sender":"@b:x.org","state_key":"@b:x.org","origin_server_ts":2,"event_id":"$2","content":{"membership":"join"}},
              {"type":"m.room.member","sender":"@c:x.org","state_key":"@c:x.org","origin_server_ts":3,"event_id":"$3","content":{"membership":"join"}}
            ]}
            """
        let conversation = try conversations(json)[0]
        #expect(conversation.id == "Book club")
        #expect(conversation.kind == .group)
    }

    @Test func repliesThreadsEditsReactionsAndRedactions() throws {
        let conversation = try conversation([
            Self.event("$q", "m.room.message", content: #"{"msgtype":"m.text","body":"Lunch?"}"#),
            Self.event("$r", "m.room.message", from: "@bob:matrix.org", content: #"{"msgtype":"m.text","body":"> <@ann:example.org> Lunch?\n> second line\n\nSure!\n> not a quote","m.relates_to":{"m.in_reply_to":{"event_id":"$q"}}}"#),
            Self.event("$th", "m.room.message", from: "@bob:matrix.org", content: #"{"msgtype":"m.text","body":"in the thread","m.relates_to":{"rel_type":"m.thread","event_id":"$q","is_falling_back":true,"m.in_reply_to":{"event_id":"$q"}}}"#),
            Self.event("$th2", "m.room.message", content: #"{"msgtype":"m.text","body":"answer in thread","m.relates_to":{"rel_type":"m.thread","event_id":"$q","is_falling_back":false,"m.in_reply_to":{"event_id":"$th"}}}"#),
            Self.event("$e", "m.room.message", at: 1_705_235_820_000, content: #"{"msgtype":"m.text","body":" * Lunch at 1?","m.new_content":{"msgtype":"m.text","body":"Lunch at 1?"},"m.relates_to":{"rel_type":"m.replace","event_id":"$q"}}"#),
            Self.event("$x1", "m.reaction", from: "@bob:matrix.org", content: #"{"m.relates_to":{"rel_type":"m.annotation","event_id":"$q","key":"👍"}}"#),
            Self.event("$x2", "m.reaction", from: "@carl:example.org", content: #"{"m.relates_to":{"rel_type":"m.annotation","event_id":"$q","key":"👍"}}"#),
            Self.event("$x3", "m.reaction", content: #"{"m.relates_to":{"rel_type":"m.annotation","event_id":"$r","key":"❤️"}}"#),
            Self.event("$x4", "m.reaction", from: "@bob:matrix.org", content: #"{"m.relates_to":{"rel_type":"m.annotation","event_id":"$q","key":"🎉"}}"#),
            Self.event("$x5", "m.reaction", content: #"{}"#, extra: #""unsigned":{"redacted_because":{"type":"m.room.redaction"}}"#),
            Self.event("$gone", "m.room.message", content: #"{}"#, extra: #""unsigned":{"redacted_because":{"type":"m.room.redaction","sender":"@ann:example.org"}}"#),
            Self.event("$later", "m.room.message", content: #"{"msgtype":"m.text","body":"oops"}"#),
            Self.event("$red1", "m.room.redaction", content: #"{"reason":"typo"}"#, extra: #""redacts":"$later""#),
            Self.event("$red2", "m.room.redaction", from: "@bob:matrix.org", content: #"{"redacts":"$x4"}"#),
        ])
        #expect(conversation.messages.map(\.id) == ["$q", "$r", "$th", "$th2", "$gone", "$later"])
        let question = try #require(message(conversation, "$q"))
        #expect(text(question) == "Lunch at 1?")
        #expect(question.edited?.iso8601 == "2024-01-14T12:37:00Z")
        #expect(question.date.iso8601 == "2024-01-14T12:36:00Z")
        #expect(question.reactions == [Reaction(emoji: "👍", by: ["@bob:matrix.org", "@carl:example.org"])])
        let reply = try #require(message(conversation, "$r"))
        #expect(reply.replyTo == "$q")
        #expect(text(reply) == "Sure!\n> not a quote")
        #expect(reply.reactions == [Reaction(emoji: "❤️", by: ["@ann:example.org"])])
        #expect(message(conversation, "$th")?.thread == "$q")
        #expect(message(conversation, "$th")?.replyTo == nil)
        #expect(message(conversation, "$th2")?.thread == "$q")
        #expect(message(conversation, "$th2")?.replyTo == "$th")
        #expect(message(conversation, "$gone")?.deleted == true)
        #expect(message(conversation, "$later")?.deleted == true)
        #expect(text(message(conversation, "$later")) == "oops")
        #expect(message(conversation, "$q")?.deleted == false)
    }

    @Test func editOfAnEmoteAndAnEditWithoutItsOriginal() throws {
        let conversation = try conversation([
            Self.member("$m", "@bob:matrix.org", "join", name: "Bob"),
            Self.event("$a", "m.room.message", from: "@bob:matrix.org", content: #"{"msgtype":"m.emote","body":"wavs"}"#),
            Self.event("$b", "m.room.message", from: "@bob:matrix.org", at: 1_705_235_761_000, content: #"{"msgtype":"m.emote","body":" * waves","m.new_content":{"msgtype":"m.emote","body":"waves"},"m.relates_to":{"rel_type":"m.replace","event_id":"$a"}}"#),
            Self.event("$c", "m.room.message", content: #"{"msgtype":"m.text","body":" * fixed","m.new_content":{"msgtype":"m.text","body":"fixed"},"m.relates_to":{"rel_type":"m.replace","event_id":"$missing"}}"#),
        ])
        #expect(conversation.messages.map(\.id) == ["$m", "$a", "$c"])
        #expect(text(message(conversation, "$a")) == "* Bob waves")
        #expect(message(conversation, "$a")?.edited != nil)
        #expect(text(message(conversation, "$c")) == "fixed")
        #expect(message(conversation, "$c")?.edited != nil)
    }

    @Test func mediaAndLocations() throws {
        let conversation = try conversation([
            Self.event("$img", "m.room.message", content: #"{"msgtype":"m.image","body":"cat.jpg","url":"mxc://example.org/abc","info":{"mimetype":"image/jpeg","size":48213,"w":800,"h":600}}"#),
            Self.event("$vid", "m.room.message", content: #"{"msgtype":"m.video","body":"clip.mp4","url":"mxc://example.org/def","info":{"mimetype":"video/mp4","duration":12500,"w":1280,"h":720}}"#),
            Self.event("$aud", "m.room.message", content: #"{"msgtype":"m.audio","body":"song.mp3","url":"mxc://example.org/ghi","info":{"mimetype":"audio/mpeg","duration":3000}}"#),
            Self.event("$voice", "m.room.message", content: #"{"msgtype":"m.audio","body":"Voice message.ogg","url":"mxc://x/v","info":{"mimetype":"audio/ogg","duration":4000},"org.matrix.msc3245.voice":{}}"#),
            Self.event("$file", "m.room.message", content: #"{"msgtype":"m.file","body":"notes.pdf","url":"mxc://example.org/jkl","info":{"mimetype":"application/pdf","size":1024}}"#),
            Self.event("$cap", "m.room.message", content: #"{"msgtype":"m.image","body":"Look at this","filename":"view.png","url":"mxc://x/y","info":{"mimetype":"image/png"}}"#),
            Self.event("$evil", "m.room.message", content: #"{"msgtype":"m.file","body":"../secret.txt","url":"mxc://x/z"}"#),
            Self.event("$loc", "m.room.message", content: #"{"msgtype":"m.location","body":"Location","geo_uri":"geo:51.5008,-0.1247;u=35","org.matrix.msc3488.location":{"uri":"geo:51.5008,-0.1247;u=35","description":"Big Ben"}}"#),
            Self.event("$badloc", "m.room.message", content: #"{"msgtype":"m.location","body":"Somewhere","geo_uri":"nowhere"}"#),
            Self.event("$stk", "m.sticker", content: #"{"body":"Happy cat","url":"mxc://x/s","info":{"mimetype":"image/png","w":256,"h":256}}"#),
        ], files: [
            "images/cat-14-01-2024.jpg": "jpg",
            "files/notes.pdf": "pdf",
            "videos/clip-1.mp4": "a",
            "videos/clip-2.mp4": "b",
            "secret.txt": "no",
        ])
        guard case .photo(let image)? = message(conversation, "$img")?.kind else { Issue.record("no photo"); return }
        #expect(image == MediaItem(file: "images/cat-14-01-2024.jpg", name: "cat.jpg", mimeType: "image/jpeg", size: 48213, width: 800, height: 600))
        guard case .video(let video)? = message(conversation, "$vid")?.kind else { Issue.record("no video"); return }
        #expect(video == MediaItem(file: nil, name: "clip.mp4", mimeType: "video/mp4", width: 1280, height: 720, duration: 12.5))
        guard case .audio(let audio)? = message(conversation, "$aud")?.kind else { Issue.record("no audio"); return }
        #expect(audio.duration == 3 && audio.file == nil)
        guard case .voice(let voice)? = message(conversation, "$voice")?.kind else { Issue.record("no voice"); return }
        #expect(voice.duration == 4)
        guard case .file(let file)? = message(conversation, "$file")?.kind else { Issue.record("no file"); return }
        #expect(file.file == "files/notes.pdf")
        #expect(file.size == 1024)
        guard case .photo(let captioned)? = message(conversation, "$cap")?.kind else { Issue.record("no photo"); return }
        #expect(captioned.name == "view.png" && captioned.caption == "Look at this")
        guard case .file(let evil)? = message(conversation, "$evil")?.kind else { Issue.record("no file"); return }
        #expect(evil.file == nil)
        #expect(message(conversation, "$loc")?.kind == .location(Location(latitude: 51.5008, longitude: -0.1247, name: "Big Ben")))
        guard case .unsupported(let bad)? = message(conversation, "$badloc")?.kind else { Issue.record("expected unsupported"); return }
        #expect(bad.type == "m.location")
        guard case .sticker(let sticker)? = message(conversation, "$stk")?.kind else { Issue.record("no sticker"); return }
        #expect(sticker.name == "Happy cat" && sticker.width == 256)
    }

    @Test func stateEventsAndCalls() throws {
        let conversation = try conversation([
            Self.member("$j", "@bob:matrix.org", "join", name: "Bob"),
            Self.member("$n", "@bob:matrix.org", "join", name: "Robert", previous: #"{"membership":"join","displayname":"Bob"}"#),
            Self.member("$l", "@bob:matrix.org", "leave", previous: #"{"membership":"join","displayname":"Robert"}"#),
            Self.member("$k", "@eve:evil.org", "leave", by: "@ann:example.org", previous: #"{"membership":"join"}"#),
            Self.member("$b", "@eve:evil.org", "ban", by: "@ann:example.org", previous: #"{"membership":"leave"}"#),
            Self.member("$u", "@eve:evil.org", "leave", by: "@ann:example.org", previous: #"{"membership":"ban"}"#),
            Self.member("$rj", "@dan:x.org", "leave", previous: #"{"membership":"invite"}"#),
            Self.event("$name", "m.room.name", content: #"{"name":"Pov 2"}"#, extra: #""state_key":"""#),
            Self.event("$topic", "m.room.topic", content: #"{"topic":"new plans"}"#, extra: #""state_key":"""#),
            Self.event("$avatar", "m.room.avatar", content: #"{"url":"mxc://x/a"}"#, extra: #""state_key":"""#),
            Self.event("$pin", "m.room.pinned_events", content: #"{"pinned":["$q"]}"#, extra: #""state_key":"""#),
            Self.event("$call", "m.call.invite", content: #"{"call_id":"c1","version":"1","offer":{"type":"offer","sdp":"v=0\r\nm=audio 9\r\nm=video 9\r\n"},"lifetime":60000}"#),
            Self.event("$cand", "m.call.candidates", content: #"{"call_id":"c1","candidates":[]}"#),
            Self.event("$hang", "m.call.hangup", content: #"{"call_id":"c1","version":"1"}"#),
            Self.event("$enc", "m.room.encrypted", content: #"{"algorithm":"m.megolm.v1.aes-sha2","ciphertext":"AwgA"}"#),
            Self.event("$poll", "m.room.message", content: #"{"msgtype":"m.key.verification.request","body":"verify"}"#),
        ])
        #expect(system(message(conversation, "$j")) == SystemEvent(event: .join, text: "Bob joined", actor: "@bob:matrix.org"))
        #expect(system(message(conversation, "$n")) == SystemEvent(
            event: .profile, text: "Bob changed their name to Robert", actor: "@bob:matrix.org", title: "Robert", previous: "Bob"))
        #expect(system(message(conversation, "$l")) == SystemEvent(event: .leave, text: "Robert left", actor: "@bob:matrix.org"))
        // eve never sent anything, so is no participant: events name her by name.
        #expect(system(message(conversation, "$k")) == SystemEvent(event: .leave, text: "ann removed eve", actor: "@ann:example.org", subjects: ["eve"]))
        #expect(system(message(conversation, "$b")) == SystemEvent(event: .ban, text: "ann banned eve", actor: "@ann:example.org", subjects: ["eve"]))
        #expect(system(message(conversation, "$u")) == SystemEvent(event: .unban, text: "ann unbanned eve", actor: "@ann:example.org", subjects: ["eve"]))
        #expect(system(message(conversation, "$rj")) == SystemEvent(event: .uninvite, text: "dan rejected the invitation", actor: "@dan:x.org"))
        #expect(system(message(conversation, "$name")) == SystemEvent(event: .rename, text: "ann changed the room name to Pov 2", actor: "@ann:example.org", title: "Pov 2"))
        #expect(system(message(conversation, "$topic"))
            == SystemEvent(event: .topic, text: "ann changed the topic to \"new plans\"", actor: "@ann:example.org", title: "new plans"))
        #expect(system(message(conversation, "$avatar")) == SystemEvent(event: .photo, text: "ann changed the room avatar", actor: "@ann:example.org"))
        #expect(system(message(conversation, "$pin")) == SystemEvent(event: .other, text: "ann changed the pinned messages", actor: "@ann:example.org", title: "m.room.pinned_events"))
        #expect(system(message(conversation, "$call")) == SystemEvent(event: .call, text: "ann started a video call", actor: "@ann:example.org"))
        #expect(message(conversation, "$cand") == nil)
        #expect(system(message(conversation, "$hang")) == SystemEvent(event: .callEnded, text: "ann ended the call", actor: "@ann:example.org"))
        guard case .unsupported(let encrypted)? = message(conversation, "$enc")?.kind else { Issue.record("expected unsupported"); return }
        #expect(encrypted.type == "m.room.encrypted")
        guard case .object(let raw) = encrypted.raw else { Issue.record("expected the raw event"); return }
        #expect(raw["event_id"] == .string("$enc"))
        guard case .unsupported(let unknown)? = message(conversation, "$poll")?.kind else { Issue.record("expected unsupported"); return }
        #expect(unknown.type == "m.key.verification.request")
    }

    @Test func formattedBodies() throws {
        func html(_ html: String) -> String? { MatrixHTML.markdown(html) }
        #expect(html("plain <span>text</span> &amp; more") == nil)
        #expect(html("<b>bold</b> <em>it</em> <del>old</del> <u>u</u>") == "![bold](transcripts:bold) ![it](transcripts:italic) ![old](transcripts:strike) ![u](transcripts:underline)")
        #expect(html("run <code>ls *</code>") == "run `ls *`")
        #expect(html("<pre><code class=\"language-swift\">let a = 1 &lt; 2\n</code></pre>") == "```swift\nlet a = 1 < 2\n```")
        #expect(html("<a href=\"https://example.org/a?b=1\">site</a>") == "[site](<https://example.org/a?b=1>)")
        #expect(html("<a href=\"javascript:alert(1)\">x</a> <b>y</b>") == "x ![y](transcripts:bold)")
        #expect(html("hi <a href=\"https://matrix.to/#/@bob:matrix.org\">Bob</a>") == "hi ![Bob](transcripts:mention)")
        #expect(html("<mx-reply><blockquote>quoted <b>x</b></blockquote></mx-reply><b>answer</b>") == "![answer](transcripts:bold)")
        #expect(html("<span data-mx-spoiler>secret</span>") == "![secret](transcripts:spoiler)")
        #expect(html("<b>party</b> <img data-mx-emoticon src=\"mxc://x/p\" alt=\":party:\" height=\"32\" />") == "![party](transcripts:bold) \\:party\\:")
        #expect(html("<p>one <b>two</b></p>\n<p>three</p>") == "one ![two](transcripts:bold)\nthree")
        #expect(html("<ul>\n<li>a</li>\n<li><i>b</i></li>\n</ul>") == "• a\n• ![b](transcripts:italic)")
        #expect(html("a<br/><strong>b</strong><script>alert(1)</script>") == "a\n![b](transcripts:bold)")
        #expect(html("<b>&lt;script&gt;</b>") == "![\\<script\\>](transcripts:bold)")

        let conversation = try conversation([
            Self.member("$m", "@bob:matrix.org", "join", name: "Bob"),
            Self.event("$e", "m.room.message", from: "@bob:matrix.org", content: #"{"msgtype":"m.emote","body":"*really* waves","format":"org.matrix.custom.html","formatted_body":"<em>really</em> waves"}"#),
            Self.event("$n", "m.room.message", content: #"{"msgtype":"m.notice","body":"plain","format":"org.matrix.custom.html","formatted_body":"plain"}"#),
            Self.event("$r", "m.room.message", content: #"{"msgtype":"m.text","body":"> <@bob:matrix.org> waves\n\n**yes**","format":"org.matrix.custom.html","formatted_body":"<mx-reply><blockquote><a href=\"https://matrix.to/#/!pov:example.org/$e\">In reply to</a> waves</blockquote></mx-reply><strong>yes</strong>","m.relates_to":{"m.in_reply_to":{"event_id":"$e"}}}"#),
            Self.event("$ed", "m.room.message", content: #"{"msgtype":"m.text","body":" * yes!","m.new_content":{"msgtype":"m.text","body":"**yes!**","format":"org.matrix.custom.html","formatted_body":"<strong>yes!</strong>"},"m.relates_to":{"rel_type":"m.replace","event_id":"$r"}}"#),
        ])
        #expect(message(conversation, "$e")?.kind == .markdown("\\* Bob ![really](transcripts:italic) waves"))
        #expect(text(message(conversation, "$n")) == "plain")
        #expect(message(conversation, "$r")?.kind == .markdown("![yes\\!](transcripts:bold)"))
        #expect(message(conversation, "$r")?.replyTo == "$e")
    }

    @Test func replyFallbackStripping() {
        #expect(MatrixEvents.strippingReplyFallback("> <@a:x> hi\n\nho") == "ho")
        #expect(MatrixEvents.strippingReplyFallback("plain > text") == "plain > text")
        #expect(MatrixEvents.strippingReplyFallback("> <@a:x> hi\n> there\nho") == "ho")
        #expect(MatrixEvents.coordinates("geo:1.5,2.5") ?? (0, 0) == (1.5, 2.5))
        #expect(MatrixEvents.coordinates("geo:100,2") == nil)
        #expect(MatrixRoom.localpart("@ann:example.org") == "ann")
    }

    @Test func errors() throws {
        #expect(throws: TranscriptsError(file: "matrix - Pov - Chat Export - 2024-01-14.json", path: "messages", message: "missing: an Element export has a \"messages\" list")) {
            _ = try conversations(#"{"room_name": "x"}"#)
        }
        do {
            _ = try conversations(Self.export([#"{"type":"m.room.message","event_id":"$1","content":{}}"#]))
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.path == "messages[0].origin_server_ts")
            #expect(error.line == 8)
        }
        do {
            _ = try conversations("{\"messages\": [\n{\"type\": }]}")
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 2)
            #expect(error.message.hasPrefix("invalid JSON"))
        }
    }

    @Test func siteBuild() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "export/matrix - Pov - Chat Export.json": Self.export([
                Self.member("$m1", "@ann:example.org", "join", name: "Ann Lee"),
                Self.event("$1", "m.room.message", content: #"{"msgtype":"m.text","body":"hi <b>there</b>"}"#),
                Self.event("$f", "m.room.message", content: #"{"msgtype":"m.text","body":"**bold** <script>","format":"org.matrix.custom.html","formatted_body":"<strong>bold</strong> &lt;script&gt;<img src=x onerror=alert(1)>"}"#),
                Self.event("$2", "m.room.message", content: #"{"msgtype":"m.image","body":"cat.jpg","url":"mxc://x/c","info":{"mimetype":"image/jpeg"}}"#),
                Self.event("$3", "m.reaction", from: "@bob:matrix.org", content: #"{"m.relates_to":{"rel_type":"m.annotation","event_id":"$1","key":"👍"}}"#),
            ]),
            "export/images/cat.jpg": "not really a jpeg",
        ], in: folder)
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["Pov"])
        #expect(summary.messagesRead == 4)
        #expect(summary.unsupportedMessages == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(pages.count == 1)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/\(pages[0])"))
        #expect(page.contains("hi &lt;b&gt;there&lt;/b&gt;"))
        #expect(page.contains("Ann Lee joined"))
        #expect(page.contains("👍"))
        #expect(page.contains("<strong>bold</strong> &lt;script&gt;"))
        #expect(!page.contains("onerror"))
    }

    /// Invites, removals and bans (with their reasons), leaving for a reason and topics say who did what, so
    /// that pages in other languages word them; the English label stays as it was.
    @Test func invitesRemovalsBansAndTopicsAreDescribed() throws {
        func member(_ id: String, _ user: String, from sender: String = "@ann:example.org", _ content: String, previous: String) -> String {
            Self.event(id, "m.room.member", from: sender, content: content, extra: #""state_key":"\#(user)","unsigned":{"prev_content":\#(previous)}"#)
        }
        let conversation = try conversation([
            Self.member("$j", "@bob:matrix.org", "join", name: "Bob"),
            member("$inv", "@dana:x.org", #"{"membership":"invite","displayname":"Dana"}"#, previous: "{}"),
            member("$kick", "@bob:matrix.org", #"{"membership":"leave","reason":"spam"}"#, previous: #"{"membership":"join","displayname":"Bob"}"#),
            member("$ban", "@bob:matrix.org", #"{"membership":"ban","reason":"more spam"}"#, previous: #"{"membership":"leave"}"#),
            member("$ban2", "@eve:evil.org", #"{"membership":"ban"}"#, previous: #"{"membership":"join"}"#),
            member("$left", "@cy:x.org", from: "@cy:x.org", #"{"membership":"leave","reason":"bye all"}"#, previous: #"{"membership":"join"}"#),
            Self.event("$untopic", "m.room.topic", content: #"{"topic":""}"#, extra: #""state_key":"""#),
        ])
        let ann = "@ann:example.org", bob = "@bob:matrix.org"
        // Dana and eve never sent anything (no participants): named by name.
        #expect(system(message(conversation, "$inv")) == SystemEvent(event: .invite, text: "ann invited Dana", actor: ann, subjects: ["Dana"]))
        #expect(system(message(conversation, "$kick")) == SystemEvent(event: .leave, text: "ann removed Bob: spam", actor: ann, subjects: [bob], title: "spam"))
        #expect(system(message(conversation, "$ban"))
            == SystemEvent(event: .ban, text: "ann banned Bob: more spam", actor: ann, subjects: [bob], title: "more spam"))
        #expect(system(message(conversation, "$ban2")) == SystemEvent(event: .ban, text: "ann banned eve", actor: ann, subjects: ["eve"]))
        #expect(system(message(conversation, "$left")) == SystemEvent(event: .leave, text: "cy left: bye all", actor: "@cy:x.org", title: "bye all"))
        #expect(system(message(conversation, "$untopic")) == SystemEvent(event: .topic, text: "ann removed the topic", actor: ann))
        #expect(conversation.participants.map(\.id) == [bob, ann, "@cy:x.org"])
    }

    /// Unbans, knocks, declined and withdrawn invitations, display name and profile changes and the room's
    /// avatar say who did what, so that pages in other languages word them; the English label stays as it was.
    @Test func unbansKnocksInvitationsProfilesAndAvatarsAreDescribed() throws {
        func member(_ id: String, _ user: String, from sender: String = "@ann:example.org", _ content: String, previous: String) -> String {
            Self.event(id, "m.room.member", from: sender, content: content, extra: #""state_key":"\#(user)","unsigned":{"prev_content":\#(previous)}"#)
        }
        let conversation = try conversation([
            Self.member("$j", "@bob:matrix.org", "join", name: "Bob"),
            member("$unban", "@bob:matrix.org", #"{"membership":"leave"}"#, previous: #"{"membership":"ban","displayname":"Bob"}"#),
            member("$knock", "@cy:x.org", from: "@cy:x.org", #"{"membership":"knock","displayname":"Cy"}"#, previous: "{}"),
            member("$decline", "@cy:x.org", from: "@cy:x.org", #"{"membership":"leave"}"#, previous: #"{"membership":"invite","displayname":"Cy"}"#),
            member("$withdraw", "@dana:x.org", #"{"membership":"leave"}"#, previous: #"{"membership":"invite","displayname":"Dana"}"#),
            member("$rename", "@bob:matrix.org", from: "@bob:matrix.org", #"{"membership":"join","displayname":"Robert"}"#,
                   previous: #"{"membership":"join","displayname":"Bob"}"#),
            member("$unname", "@bob:matrix.org", from: "@bob:matrix.org", #"{"membership":"join"}"#,
                   previous: #"{"membership":"join","displayname":"Robert"}"#),
            member("$face", "@bob:matrix.org", from: "@bob:matrix.org", #"{"membership":"join","avatar_url":"mxc://x/b"}"#,
                   previous: #"{"membership":"join"}"#),
            Self.event("$avatar", "m.room.avatar", content: #"{"url":"mxc://x/a"}"#, extra: #""state_key":"""#),
            Self.event("$noavatar", "m.room.avatar", content: #"{}"#, extra: #""state_key":"""#),
        ])
        let ann = "@ann:example.org", bob = "@bob:matrix.org", cy = "@cy:x.org"
        #expect(system(message(conversation, "$unban")) == SystemEvent(event: .unban, text: "ann unbanned Bob", actor: ann, subjects: [bob]))
        #expect(system(message(conversation, "$knock")) == SystemEvent(event: .knock, text: "Cy asked to join", actor: cy))
        #expect(system(message(conversation, "$decline")) == SystemEvent(event: .uninvite, text: "Cy rejected the invitation", actor: cy))
        // Dana never sent anything (no participant): named by name (the room's name for her: her displayname is
        // only in the previous content).
        #expect(system(message(conversation, "$withdraw"))
            == SystemEvent(event: .uninvite, text: "ann withdrew Dana's invitation", actor: ann, subjects: ["dana"]))
        #expect(system(message(conversation, "$rename"))
            == SystemEvent(event: .profile, text: "Bob changed their name to Robert", actor: bob, title: "Robert", previous: "Bob"))
        #expect(system(message(conversation, "$unname"))
            == SystemEvent(event: .profile, text: "Robert removed their display name", actor: bob, previous: "Robert"))
        #expect(system(message(conversation, "$face")) == SystemEvent(event: .profile, text: "Robert changed their profile", actor: bob))
        #expect(system(message(conversation, "$avatar")) == SystemEvent(event: .photo, text: "ann changed the room avatar", actor: ann))
        #expect(system(message(conversation, "$noavatar")) == SystemEvent(event: .photoRemoved, text: "ann changed the room avatar", actor: ann))
    }
}
