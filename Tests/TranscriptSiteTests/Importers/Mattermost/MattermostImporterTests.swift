import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport
@testable import TranscriptText

/// Helpers for the Mattermost importer's tests.
enum MattermostTestSupport {
    /// The package's folder: this file is Tests/TranscriptSiteTests/Importers/Mattermost/MattermostImporterTests.swift.
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The shared Mattermost samples, beside the clone.
    static let samples = TestSupport.samples("mattermost")

    static let context = ImportContext(timeZone: TimeZone(identifier: "UTC")!)

    static func conversations(_ url: URL, context: ImportContext = context) throws -> [Conversation] {
        var result: [Conversation] = []
        try MattermostImporter().importConversations(from: ExportSource(url: url, displayPath: url.lastPathComponent), context: context) {
            result.append($0.conversation)
        }
        return result
    }

    /// The conversations of an export made of lines (the version line is added first).
    static func conversations(
        lines: [String], files: [String: String] = [:], me: [String] = [], name: String = #function
    ) throws -> [Conversation] {
        let folder = try TestSupport.temporaryFolder(name)
        var all = files
        all["export.jsonl"] = ([#"{"type":"version","version":1}"#] + lines).joined(separator: "\n") + "\n"
        try TestSupport.write(all, in: folder)
        return try conversations(folder.appendingPathComponent("export.jsonl"), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: me))
    }

    static let setup = [
        #"{"type":"team","team":{"name":"t","display_name":"Team"}}"#,
        #"{"type":"channel","channel":{"team":"t","name":"general","display_name":"General","type":"O"}}"#,
        #"{"type":"user","user":{"username":"ann","first_name":"Ann","last_name":"Lee"}}"#,
        #"{"type":"user","user":{"username":"bo","nickname":"Bobby"}}"#,
    ]

    /// The messages of channel `general` holding `posts` (post objects as text).
    static func messages(_ posts: [String], name: String = #function) throws -> [Message] {
        let lines = setup + posts.map { #"{"type":"post","post":"# + $0 + "}" }
        return try conversations(lines: lines, name: name).first?.messages ?? []
    }

    static func markdown(_ message: Message) -> String? {
        guard case .markdown(let text) = message.kind else { return nil }
        return text
    }

    static func system(_ message: Message) -> SystemEvent? {
        guard case .system(let event) = message.kind else { return nil }
        return event
    }
}

/// The rules of the Mattermost importer, each with a small export of its own.
@Suite struct MattermostImporterTests {
    typealias Support = MattermostTestSupport

    @Test func detection() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "a.jsonl": "{\"type\":\"version\",\"version\":1}\n{\"type\":\"team\"}\n",
            "b.json": "{ \"type\": \"version\", \"version\": 1 }\n",
            "c.jsonl": "{\"format\":\"transcripts/1\",\"id\":\"x\"}\n",
            "d.txt": "{\"type\":\"version\",\"version\":1}\n",
            "e.json": "{\"id\":\"x\",\"type\":\"version\"}\n",
        ], in: folder)
        let importer = MattermostImporter()
        #expect(importer.canImport(folder.appendingPathComponent("a.jsonl")))
        #expect(importer.canImport(folder.appendingPathComponent("b.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("c.jsonl")))
        #expect(!importer.canImport(folder.appendingPathComponent("d.txt")))
        #expect(!importer.canImport(folder.appendingPathComponent("e.json")))
        #expect(!importer.canImport(folder))
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("a.jsonl"))?.format == "mattermost")
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("c.jsonl"))?.format == "transcripts")
        #expect(try ImporterRegistry.builtIn.importer(named: "mattermost").format == "mattermost")
    }

    @Test func postsAreSortedByTimeAndRepliesFollowTheirPost() throws {
        let messages = try Support.messages([
            #"{"team":"t","channel":"general","user":"bo","message":"second","create_at":2000,"replies":[{"user":"ann","message":"reply b","create_at":5000},{"user":"bo","message":"reply a","create_at":1500}]}"#,
            #"{"team":"t","channel":"general","user":"ann","message":"first","create_at":1000}"#,
            #"{"team":"t","channel":"general","user":"ann","message":"third","create_at":3000}"#,
        ])
        #expect(messages.map(\.id) == ["1000-ann", "2000-bo", "1500-bo", "5000-ann", "3000-ann"])
        #expect(messages.map { Support.markdown($0) } == ["first", "second", "reply a", "reply b", "third"])
        #expect(messages.map(\.thread) == [nil, nil, "2000-bo", "2000-bo", nil])
        #expect(messages[0].date.iso8601 == "1970-01-01T00:00:01Z")
        #expect(messages[0].date.secondsSince1970 == 1)
    }

    @Test func idsAreUniqueWithinAConversation() throws {
        let messages = try Support.messages([
            #"{"team":"t","channel":"general","user":"ann","message":"a","create_at":1000}"#,
            #"{"team":"t","channel":"general","user":"ann","message":"b","create_at":1000}"#,
            #"{"team":"t","channel":"general","user":"ann","message":"","create_at":1000,"attachments":[{"path":"x/y.pdf"}]}"#,
        ])
        #expect(messages.map(\.id) == ["1000-ann", "1000-ann-2", "1000-ann-3"])
    }

    @Test func channelsAndTheirTitles() throws {
        let conversations = try Support.conversations(lines: Support.setup + [
            #"{"type":"channel","channel":{"team":"t","name":"secret","display_name":"Secret","type":"P"}}"#,
            #"{"type":"channel","channel":{"team":"t","name":"empty","display_name":"Empty","type":"O"}}"#,
            #"{"type":"post","post":{"team":"t","channel":"secret","user":"ann","message":"psst","create_at":1}}"#,
            #"{"type":"post","post":{"team":"t","channel":"general","user":"bo","message":"hi","create_at":2}}"#,
            #"{"type":"post","post":{"team":"t","channel":"unlisted","user":"bo","message":"?","create_at":3}}"#,
        ])
        #expect(conversations.map(\.id) == ["general", "secret", "unlisted"])
        #expect(conversations.map(\.title) == ["#General", "#Secret", "#unlisted"])
        #expect(conversations.map(\.kind) == [.channel, .channel, .channel])
        #expect(conversations[0].participants == [Participant(id: "bo", name: "Bobby")])
        #expect(conversations[1].participants == [Participant(id: "ann", name: "Ann Lee")])
    }

    @Test func channelsOfTheSameNameInTwoTeams() throws {
        let conversations = try Support.conversations(lines: [
            #"{"type":"channel","channel":{"team":"a","name":"town-square","display_name":"Town Square","type":"O"}}"#,
            #"{"type":"channel","channel":{"team":"b","name":"town-square","display_name":"Town Square","type":"O"}}"#,
            #"{"type":"post","post":{"team":"b","channel":"town-square","user":"x","message":"in b","create_at":1}}"#,
            #"{"type":"post","post":{"team":"a","channel":"town-square","user":"y","message":"in a","create_at":2}}"#,
        ])
        #expect(conversations.map(\.id) == ["a-town-square", "b-town-square"])
        #expect(conversations.map { $0.messages.compactMap(Support.markdown) } == [["in a"], ["in b"]])
    }

    @Test func directAndGroupChannels() throws {
        let conversations = try Support.conversations(lines: Support.setup + [
            #"{"type":"user","user":{"username":"cy","first_name":"Cy"}}"#,
            #"{"type":"direct_channel","direct_channel":{"members":["ann","bo"]}}"#,
            #"{"type":"direct_channel","direct_channel":{"members":["ann","bo","cy"]}}"#,
            #"{"type":"direct_post","direct_post":{"channel_members":["bo","ann","cy"],"user":"cy","message":"all","create_at":5}}"#,
            #"{"type":"direct_post","direct_post":{"channel_members":["bo","ann"],"user":"ann","message":"hey","create_at":4}}"#,
            #"{"type":"direct_post","direct_post":{"channel_participants":[{"username":"ann"},{"username":"cy"}],"user":"ann","message":"new","create_at":6}}"#,
        ], me: ["ann"])
        #expect(conversations.map(\.id) == ["ann-bo", "ann-bo-cy", "ann-cy"])
        #expect(conversations.map(\.kind) == [.direct, .group, .direct])
        // Titles name the others, not the site's owner.
        #expect(conversations.map(\.title) == ["Bobby", "Bobby, Cy", "Cy"])
        #expect(conversations[1].participants.map(\.id) == ["ann", "bo", "cy"])
        #expect(conversations[1].messages.map(\.sender) == ["cy"])
    }

    @Test func reactionsAreGroupedByEmoji() throws {
        let messages = try Support.messages([
            #"{"team":"t","channel":"general","user":"ann","message":"yay","create_at":1,"reactions":[{"user":"bo","create_at":2,"emoji_name":"+1"},{"user":"ann","create_at":3,"emoji_name":"partyparrot"},{"user":"ann","create_at":4,"emoji_name":"thumbsup"},{"user":"bo","create_at":5,"emoji_name":"rofl"}]}"#,
        ])
        #expect(messages[0].reactions == [
            Reaction(emoji: "👍", by: ["bo", "ann"]), Reaction(emoji: ":partyparrot:", by: ["ann"]), Reaction(emoji: "🤣", by: ["bo"]),
        ])
    }

    @Test func messagesAreMarkdownWithEmojiShortcodes() throws {
        let messages = try Support.messages([
            #"{"team":"t","channel":"general","user":"ann","message":"**bold** :smile: `:smile:` :custom: a:b:c","create_at":1}"#,
            #"{"team":"t","channel":"general","user":"ann","message":"```\n:smile:\n```\n:tada:","create_at":2,"edit_at":3000}"#,
        ])
        #expect(Support.markdown(messages[0]) == "**bold** 😄 `:smile:` :custom: a:b:c")
        #expect(Support.markdown(messages[1]) == "```\n:smile:\n```\n🎉")
        #expect(messages[0].edited == nil)
        #expect(messages[1].edited?.secondsSince1970 == 3)
        // Rendered in cmark's safe mode.
        let html = CommonMarkRenderer().render(Support.markdown(messages[0])!, format: .markdown).html
        #expect(html.contains("<strong>bold</strong>"))
    }

    @Test func attachmentsAreMediaUnderTheDataFolder() throws {
        let messages = try Support.conversations(
            lines: Support.setup + [
                #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"look","create_at":1,"attachments":[{"path":"f/cat.JPG"},{"path":"f/clip.mp4"},{"path":"f/notes.pdf"},{"path":"here.png"}]}}"#,
            ],
            files: ["data/f/cat.JPG": "x", "here.png": "x"]
        ).first?.messages ?? []
        #expect(messages.count == 5)
        #expect(Support.markdown(messages[0]) == "look")
        #expect(messages[1].kind == .photo(MediaItem(file: "data/f/cat.JPG", name: "cat.JPG")))
        #expect(messages[2].kind == .video(MediaItem(file: "data/f/clip.mp4", name: "clip.mp4")))
        #expect(messages[3].kind == .file(MediaItem(file: "data/f/notes.pdf", name: "notes.pdf")))
        // A path that exists beside the file as it is, is kept as it is.
        #expect(messages[4].kind == .photo(MediaItem(file: "here.png")))
        #expect(messages[0].reactions.isEmpty)
    }

    @Test func systemPosts() throws {
        let messages = try Support.messages([
            #"{"team":"t","channel":"general","user":"ann","message":"ann joined the channel.","create_at":1}"#,
            #"{"team":"t","channel":"general","user":"ann","message":"bo added to the channel by ann.","create_at":2}"#,
            #"{"team":"t","channel":"general","user":"bo","message":"bo left the channel.","create_at":3}"#,
            #"{"team":"t","channel":"general","user":"bo","type":"system_header_change","message":"bo updated the channel header","create_at":4}"#,
            #"{"team":"t","channel":"general","user":"bo","message":"ann joined the channel.","create_at":5}"#,
            #"{"team":"t","channel":"general","user":"bo","type":"system_join_team","message":"","create_at":6}"#,
        ])
        #expect(messages.map { Support.system($0)?.event } == [.join, .join, .leave, .topic, nil, .join])
        #expect(Support.system(messages[5])?.text == "system_join_team")
        // Who did it, for pages in other languages; a header change without its `props` is only Mattermost's words.
        #expect(messages.map { Support.system($0)?.actor } == ["ann", "ann", "bo", nil, nil, "bo"])
        #expect(Support.system(messages[1])?.subjects == ["bo"])
        #expect(Support.system(messages[0])?.subjects == nil)
        #expect(messages[0].sender == "ann")
    }

    @Test func emptyPostsAreKeptAsUnsupported() throws {
        let messages = try Support.messages([
            #"{"team":"t","channel":"general","user":"ann","message":"","create_at":1,"props":{"attachments":[{"text":"card"}]}}"#,
        ])
        guard case .unsupported(let content) = messages.first?.kind else {
            Issue.record("expected an unsupported message")
            return
        }
        #expect(content.type == "post")
    }

    @Test func errorsNameTheLine() throws {
        do {
            _ = try Support.conversations(lines: Support.setup + [#"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"x"}}"#])
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 6)
            #expect(error.description.contains("create_at"))
        }
        do {
            _ = try Support.conversations(lines: [#"{"type":"post", broken"#])
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 2)
            #expect(error.message.contains("invalid JSON"))
        }
        // A time no calendar holds (found by fuzzing: it trapped when made into the post's id) is an error.
        for time in ["1e300", "-1e30"] {
            do {
                _ = try Support.conversations(lines: Support.setup + [#"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"x","create_at":"# + time + "}}"])
                Issue.record("expected an error for \(time)")
            } catch let error as TranscriptsError {
                #expect(error.line == 6)
                #expect(error.description.contains("at post.create_at: epoch milliseconds out of range"), "\(error)")
            }
        }
        // So is an edit time no calendar holds (before, a date clamped to the end of the calendar).
        for (time, shown) in [("1e300", "1e+300"), ("-1e300", "-1e+300"), ("99999999999999999999", "1e+20")] {
            let error = try #require(throws: TranscriptsError.self) {
                try Support.conversations(lines: Support.setup + [
                    #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"x","create_at":1704103200000,"edit_at":"# + time + "}}",
                ])
            }
            #expect(error.description == "export.jsonl:6:118: at post.edit_at: epoch milliseconds out of range: \(shown)")
        }
        // A text for a time is a value of the wrong type, as before.
        for time in [#""nan""#, #""99999999999999999999""#] {
            let error = try #require(throws: TranscriptsError.self) {
                try Support.conversations(lines: Support.setup + [
                    #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"x","create_at":"# + time + "}}",
                ])
            }
            #expect(error.description == "export.jsonl:6:94: at post.create_at: expected a number, found the string \(time)")
        }
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("x.jsonl")
        try "{\"type\":\"team\",\"team\":{}}\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError.self) { try Support.conversations(file) }
    }

    /// Header, purpose and display name changes and adding or removing someone say who did what from the
    /// post's `props`, so that pages in other languages word them; the label stays Mattermost's.
    @Test func systemPostsAreDescribedFromTheirProps() throws {
        let posts = [
            #"{"user":"bo","type":"system_header_change","message":"@bo updated the channel header from: old to: **new**","props":{"old_header":"old","new_header":"**new**"},"create_at":1}"#,
            #"{"user":"bo","type":"system_header_change","message":"@bo removed the channel header (was: **new**)","props":{"old_header":"**new**","new_header":""},"create_at":2}"#,
            #"{"user":"ann","type":"system_purpose_change","message":"ann updated the channel purpose to: plans","props":{"new_purpose":"plans"},"create_at":3}"#,
            #"{"user":"ann","type":"system_displayname_change","message":"ann updated the channel display name from: General to: Town square","props":{"new_displayname":"Town square"},"create_at":4}"#,
            #"{"user":"ann","type":"system_add_to_channel","message":"cy added to the channel by ann.","props":{"addedUsername":"cy","addedUserId":"x1"},"create_at":5}"#,
            #"{"user":"ann","type":"system_remove_from_channel","message":"bo was removed from the channel.","props":{"removedUsername":"bo"},"create_at":6}"#,
            #"{"user":"ann","type":"system_purpose_change","message":"ann updated the channel purpose","props":{"new_purpose":7},"create_at":7}"#,
        ]
        let lines = Support.setup + [#"{"type":"user","user":{"username":"cy","first_name":"Cy","last_name":"Dee"}}"#]
            + posts.map { #"{"type":"post","post":{"team":"t","channel":"general","# + $0.dropFirst() + "}" }
        let messages = try #require(try Support.conversations(lines: lines).first).messages
        #expect(messages.map { Support.system($0) } == [
            SystemEvent(event: .topic, text: "@bo updated the channel header from: old to: **new**", actor: "bo", title: "**new**"),
            SystemEvent(event: .topic, text: "@bo removed the channel header (was: **new**)", actor: "bo"),
            SystemEvent(event: .purpose, text: "ann updated the channel purpose to: plans", actor: "ann", title: "plans"),
            SystemEvent(event: .rename, text: "ann updated the channel display name from: General to: Town square", actor: "ann", title: "Town square"),
            // cy never posted here, so is no participant: named by name.
            SystemEvent(event: .join, text: "cy added to the channel by ann.", actor: "ann", subjects: ["Cy Dee"]),
            SystemEvent(event: .leave, text: "bo was removed from the channel.", actor: "ann", subjects: ["bo"]),
            SystemEvent(event: .purpose, text: "ann updated the channel purpose"),
        ])
    }

    /// Archiving (`system_channel_deleted`) and unarchiving (`system_channel_restored`) a channel say who did it,
    /// so that pages in other languages word them; the label stays Mattermost's.
    @Test func archivedAndRestoredChannelsAreDescribed() throws {
        let posts = [
            #"{"user":"ann","type":"system_channel_deleted","message":"ann archived the channel","create_at":1}"#,
            #"{"user":"bo","type":"system_channel_restored","message":"bo unarchived the channel","create_at":2}"#,
        ]
        let lines = Support.setup + posts.map { #"{"type":"post","post":{"team":"t","channel":"general","# + $0.dropFirst() + "}" }
        let messages = try #require(try Support.conversations(lines: lines).first).messages
        #expect(messages.map { Support.system($0) } == [
            SystemEvent(event: .archive, text: "ann archived the channel", actor: "ann"),
            SystemEvent(event: .unarchive, text: "bo unarchived the channel", actor: "bo"),
        ])
    }

    /// The other system posts say who did it and their type, as data, so that pages in other languages show them
    /// without Mattermost's English words; the label stays Mattermost's.
    @Test func otherSystemPostsNameTheirType() throws {
        let posts = [
            #"{"user":"ann","type":"system_change_chan_privacy","message":"This channel has been converted to a Private Channel.","create_at":1}"#,
            #"{"type":"system_generic","message":"Something happened.","create_at":2}"#,
        ]
        let lines = Support.setup + posts.map { #"{"type":"post","post":{"team":"t","channel":"general","# + $0.dropFirst() + "}" }
        let messages = try #require(try Support.conversations(lines: lines).first).messages
        #expect(messages.map { Support.system($0) } == [
            SystemEvent(
                event: .other, text: "This channel has been converted to a Private Channel.", actor: "ann", title: "system_change_chan_privacy"),
            SystemEvent(event: .other, text: "Something happened.", title: "system_generic"),
        ])
    }
}
