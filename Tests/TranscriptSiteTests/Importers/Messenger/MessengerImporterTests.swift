import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Each rule of the Messenger importer, on small exports written by the tests.
@Suite struct MessengerImporterTests {
    typealias Support = MessengerTestSupport

    // MARK: Recognising exports

    @Test func recognisesThreadFilesAndFolders() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "thread/message_1.json": Support.thread([#"{"sender_name":"Ann","timestamp_ms":1,"content":"a"}"#]),
            "minimal.json": #"{"messages":[{"sender_name":"Ann","timestamp_ms":1,"content":"a"}]}"#,
            "other.json": #"{"participants":[],"messages":[]}"#,
            "telegram.json": #"{"name":"x","type":"personal_chat","id":1,"messages":[]}"#,
            "empty/readme.txt": "x",
        ], in: folder)
        let importer = MessengerImporter()
        #expect(importer.canImport(folder.appendingPathComponent("thread")))
        #expect(importer.canImport(folder.appendingPathComponent("thread/message_1.json")))
        #expect(importer.canImport(folder.appendingPathComponent("minimal.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("other.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("telegram.json")))
        #expect(!importer.canImport(folder.appendingPathComponent("empty")))
        #expect(!importer.canImport(folder))
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("thread"))?.format == "messenger")
        #expect(ImporterRegistry.builtIn.formats.contains("messenger"))
    }

    // MARK: Reading

    @Test func aByteOrderMarkIsSkipped() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("message_1.json")
        try (Data([0xEF, 0xBB, 0xBF]) + Data(Support.thread([#"{"sender_name":"Ann","timestamp_ms":1000,"content":"hi"}"#]).utf8))
            .write(to: file)
        #expect(MessengerImporter().canImport(file))
        let chat = try #require(try Support.read(file).first?.conversation)
        #expect(chat.messages.map(\.kind) == [.text("hi")])
    }

    @Test func newestFirstIsTurnedAround() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Bob","timestamp_ms":3000,"content":"third"}"#,
            #"{"sender_name":"Ann","timestamp_ms":2000,"content":"second b"}"#,
            #"{"sender_name":"Bob","timestamp_ms":2000,"content":"second a"}"#,
            #"{"sender_name":"Ann","timestamp_ms":1000,"content":"first"}"#,
        ]))
        #expect(chat.messages.compactMap(Support.text) == ["first", "second a", "second b", "third"])
        #expect(chat.messages.map(\.id) == ["1000-1", "2000-1", "2000-2", "3000-1"])
        #expect(chat.messages[0].date.iso8601 == "1970-01-01T00:00:01Z")
    }

    @Test func unsortedMessagesAreSorted() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Bob","timestamp_ms":5000,"content":"e"}"#,
            #"{"sender_name":"Ann","timestamp_ms":1000,"content":"a"}"#,
            #"{"sender_name":"Bob","timestamp_ms":9000,"content":"i"}"#,
            #"{"sender_name":"Ann","timestamp_ms":2000,"content":"b"}"#,
        ]))
        #expect(chat.messages.compactMap(Support.text) == ["a", "b", "e", "i"])
    }

    @Test func everyStringIsRepaired() throws {
        let chat = try Support.conversation(#"""
            {"participants":[{"name":"Ren\u00c3\u00a9"},{"name":"Bob"}],"title":"Caf\u00c3\u00a9 \u00f0\u009f\u0092\u0096",
             "thread_path":"inbox/cafe_1","messages":[
              {"sender_name":"Ren\u00c3\u00a9","timestamp_ms":1,"content":"\u00c3\u00a7a va? caf\u00e9",
               "reactions":[{"reaction":"\u00f0\u009f\u0098\u0086","actor":"Bob"}]}]}
            """#)
        #expect(chat.title == "Café 💖")
        #expect(chat.participants.map(\.name) == ["René", "Bob"])
        #expect(chat.messages[0].sender == "René")
        // "café" written with a lone \u00e9 is not mojibake: the whole string stays as it was.
        #expect(chat.messages[0].kind == .text("Ã§a va? café"))
        #expect(chat.messages[0].reactions == [Reaction(emoji: "😆", by: ["Bob"])])
    }

    @Test func conversationFields() throws {
        let direct = try Support.conversation(Support.thread([#"{"sender_name":"Ann","timestamp_ms":1,"content":"a"}"#]))
        #expect(direct.id == "inbox/t_1")
        #expect(direct.title == "T")
        #expect(direct.kind == .direct)
        let group = try Support.conversation(
            Support.thread([#"{"sender_name":"Ann","timestamp_ms":1,"content":"a"}"#], participants: ["Ann", "Bob", "Cy"]))
        #expect(group.kind == .group)
        #expect(group.participants.map(\.id) == ["Ann", "Bob", "Cy"])
        // Without a thread_path the thread folder names it; without a title, the participants.
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["anna_42/message_1.json": #"{"participants":[{"name":"Ann"},{"name":"Bob"}],"messages":[{"sender_name":"Ann","timestamp_ms":1}]}"#], in: folder)
        let untitled = try #require(try Support.read(folder.appendingPathComponent("anna_42")).first?.conversation)
        #expect(untitled.id == "anna_42")
        #expect(untitled.title == "Ann and Bob")
        #expect(untitled.messages.map(\.kind) == [.text("")])
    }

    // MARK: Merging message_1.json, message_2.json, ...

    func writeTwoPartThread() throws -> URL {
        let root = try TestSupport.temporaryFolder("messengerparts")
        try TestSupport.write([
            "messages/inbox/ann_1/message_1.json": Support.thread([
                #"{"sender_name":"Bob","timestamp_ms":4000,"content":"four"}"#,
                #"{"sender_name":"Ann","timestamp_ms":3000,"content":"three"}"#,
            ]),
            "messages/inbox/ann_1/message_2.json": Support.thread([
                #"{"sender_name":"Bob","timestamp_ms":2000,"content":"two"}"#,
                #"{"sender_name":"Ann","timestamp_ms":1000,"content":"one"}"#,
            ]),
        ], in: root)
        return root
    }

    @Test func partsOfAThreadFolderAreMerged() throws {
        let root = try writeTwoPartThread()
        let conversations = try Support.read(root.appendingPathComponent("messages/inbox/ann_1"))
        #expect(conversations.count == 1)
        #expect(conversations[0].conversation.messages.compactMap(Support.text) == ["one", "two", "three", "four"])
        #expect(conversations[0].conversation.participants.map(\.id) == ["Ann", "Bob"])
    }

    @Test func message1ReadsItsSiblingsAndTheOthersReadNothing() throws {
        let root = try writeTwoPartThread()
        let thread = root.appendingPathComponent("messages/inbox/ann_1")
        let first = try Support.read(thread.appendingPathComponent("message_1.json"))
        #expect(first.count == 1)
        #expect(first[0].conversation.messages.compactMap(Support.text) == ["one", "two", "three", "four"])
        #expect(try Support.read(thread.appendingPathComponent("message_2.json")).isEmpty)
    }

    @Test func aWholeExportBuildsOneConversationPerThread() throws {
        let root = try writeTwoPartThread()
        try TestSupport.write([
            "messages/inbox/bob_2/message_1.json": #"{"participants":[{"name":"Bob"},{"name":"Me"}],"thread_path":"inbox/bob_2","messages":[{"sender_name":"Bob","timestamp_ms":5000,"photos":[{"uri":"messages/inbox/bob_2/photos/p.jpg","creation_timestamp":5}]}]}"#,
            "messages/inbox/bob_2/photos/p.jpg": "not really a jpeg",
        ], in: root)
        let site = try TestSupport.makeSite(config: "inputs: [\"\(root.path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 2)
        #expect(summary.messagesRead == 5)
        #expect(summary.messagesRendered == 5)
        #expect(summary.missingMedia == 0)
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings.first?.hasSuffix(
            "messages/inbox/bob_2/photos/p.jpg: its metadata could not be removed (it does not start like a JPEG); copied as it is") == true)
    }

    // MARK: Media

    @Test func everyMediaKind() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":6,"sticker":{"uri":"messages/stickers_used/s.png"}}"#,
            #"{"sender_name":"Ann","timestamp_ms":5,"files":[{"uri":"messages/inbox/t_1/files/report.pdf","creation_timestamp":5}]}"#,
            #"{"sender_name":"Ann","timestamp_ms":4,"audio_files":[{"uri":"messages/inbox/t_1/audio/a.mp4","creation_timestamp":4}]}"#,
            #"{"sender_name":"Ann","timestamp_ms":3,"gifs":[{"uri":"messages/inbox/t_1/gifs/g.gif"}]}"#,
            #"{"sender_name":"Ann","timestamp_ms":2,"videos":[{"uri":"messages/inbox/t_1/videos/v.mp4","creation_timestamp":2,"thumbnail":{"uri":"messages/inbox/t_1/videos/thumb.jpg"}}]}"#,
            #"{"sender_name":"Ann","timestamp_ms":1,"content":"look","photos":[{"uri":"messages/inbox/t_1/photos/a.jpg"},{"uri":"messages/inbox/t_1/photos/b.jpg"}],"reactions":[{"reaction":"👍","actor":"Bob"}]}"#,
        ]))
        #expect(chat.messages.map(\.kind) == [
            .photo(MediaItem(file: "messages/inbox/t_1/photos/a.jpg", caption: "look")),
            .photo(MediaItem(file: "messages/inbox/t_1/photos/b.jpg")),
            .video(MediaItem(file: "messages/inbox/t_1/videos/v.mp4", thumbnail: "messages/inbox/t_1/videos/thumb.jpg")),
            .photo(MediaItem(file: "messages/inbox/t_1/gifs/g.gif", mimeType: "image/gif")),
            .audio(MediaItem(file: "messages/inbox/t_1/audio/a.mp4")),
            .file(MediaItem(file: "messages/inbox/t_1/files/report.pdf", name: "report.pdf")),
            .sticker(MediaItem(file: "messages/stickers_used/s.png")),
        ])
        #expect(chat.messages.map(\.id) == ["1-1", "1-2", "2-1", "3-1", "4-1", "5-1", "6-1"])
        #expect(chat.messages[0].reactions == [Reaction(emoji: "👍", by: ["Bob"])])
        #expect(chat.messages[1].reactions.isEmpty)
    }

    @Test func theMediaFolderIsTheExportRoot() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "your_activity/messages/inbox/t_1/message_1.json": Support.thread([
                #"{"sender_name":"Ann","timestamp_ms":1,"photos":[{"uri":"your_activity/messages/inbox/t_1/photos/a.jpg"}]}"#,
            ]),
            "plain/messages/inbox/t_2/message_1.json": Support.thread([#"{"sender_name":"Ann","timestamp_ms":1,"content":"x"}"#]),
            "loose/message_1.json": Support.thread([#"{"sender_name":"Ann","timestamp_ms":1,"photos":[{"uri":"photos/a.jpg"}]}"#]),
        ], in: root)
        func folder(_ path: String) throws -> String {
            try #require(try Support.read(root.appendingPathComponent(path)).first).mediaFolder.standardizedFileURL.path
        }
        #expect(try folder("your_activity/messages/inbox/t_1") == root.standardizedFileURL.path)
        #expect(try folder("plain/messages/inbox/t_2") == root.appendingPathComponent("plain").standardizedFileURL.path)
        #expect(try folder("loose/message_1.json") == root.appendingPathComponent("loose").standardizedFileURL.path)
    }

    // MARK: Shares, reactions, unsent messages

    @Test func sharesBecomeLinkPreviewsWithSafeAddresses() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":3,"content":"Ann sent an attachment.","share":{"link":"javascript:alert(1)"}}"#,
            #"{"sender_name":"Ann","timestamp_ms":2,"share":{"link":"https://example.org/a","share_text":"An article","original_content_owner":"ex"}}"#,
            #"{"sender_name":"Ann","timestamp_ms":1,"content":"https://example.org/b","share":{"link":"https://example.org/b","share_text":""}}"#,
        ]))
        #expect(chat.messages.map(\.kind) == [
            .linkPreview(LinkPreview(url: "https://example.org/b", text: "https://example.org/b")),
            .linkPreview(LinkPreview(url: "https://example.org/a", text: "An article", siteName: "ex")),
            .text("Ann sent an attachment.\njavascript:alert(1)"),
        ])
    }

    @Test func reactionsAreGroupedByEmoji() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":1,"content":"a","reactions":[{"reaction":"❤","actor":"Bob"},{"reaction":"😂","actor":"Ann"},{"reaction":"❤","actor":"Cy"}]}"#,
        ]))
        #expect(chat.messages[0].reactions == [Reaction(emoji: "❤", by: ["Bob", "Cy"]), Reaction(emoji: "😂", by: ["Ann"])])
        // Someone who only reacted is still a participant.
        #expect(chat.participants.map(\.id) == ["Ann", "Bob", "Cy"])
    }

    @Test func unsentMessagesAreDeleted() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":2,"content":"kept","is_unsent":false}"#,
            #"{"sender_name":"Ann","timestamp_ms":1,"is_unsent":true}"#,
        ]))
        #expect(chat.messages.map(\.deleted) == [true, false])
        #expect(chat.messages[0].kind == .text(""))
    }

    // MARK: Events

    @Test func callsAreSystemEvents() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Bob","timestamp_ms":3,"type":"Call","call_duration":0,"content":"Bob missed your call."}"#,
            #"{"sender_name":"Ann","timestamp_ms":2,"type":"Call","call_duration":3725}"#,
            #"{"sender_name":"Ann","timestamp_ms":1,"type":"Call","call_duration":125,"content":"The video chat ended."}"#,
        ]))
        #expect(chat.messages.compactMap(Support.system) == [
            SystemEvent(event: .call, text: "The video chat ended. (2:05)"),
            SystemEvent(event: .call, text: "Ann called (1:02:05)"),
            SystemEvent(event: .call, text: "Bob missed your call."),
        ])
    }

    @Test func joinsLeavesAndOtherEvents() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":8,"content":"I joined the group yesterday, lol"}"#,
            #"{"sender_name":"Ann","timestamp_ms":7,"content":"Ann named the group Hikers."}"#,
            #"{"sender_name":"Bob","timestamp_ms":6,"content":"Bob created a poll: Where to?"}"#,
            #"{"sender_name":"Bob","timestamp_ms":5,"content":"Bob left the group."}"#,
            #"{"sender_name":"Ann","timestamp_ms":4,"type":"Unsubscribe","content":"Ann removed Cy from the group.","users":[{"name":"Cy"}]}"#,
            #"{"sender_name":"Ann","timestamp_ms":3,"type":"Subscribe","users":[{"name":"Cy"},{"name":"Dee"}]}"#,
            #"{"sender_name":"Ann","timestamp_ms":2,"content":"Ann added Cy to the group."}"#,
            #"{"sender_name":"Cy","timestamp_ms":1,"content":"Cy joined the group.","users":[{"name":"Cy"}]}"#,
        ], participants: ["Ann", "Bob", "Cy"]))
        #expect(chat.messages.map { Support.system($0) } == [
            SystemEvent(event: .join, text: "Cy joined the group."),
            SystemEvent(event: .join, text: "Ann added Cy to the group."),
            SystemEvent(event: .join, text: "Ann added Cy and Dee"),
            SystemEvent(event: .leave, text: "Ann removed Cy from the group."),
            SystemEvent(event: .leave, text: "Bob left the group."),
            SystemEvent(event: .other, text: "Bob created a poll: Where to?"),
            SystemEvent(event: .rename, text: "Ann named the group Hikers."),
            nil,
        ])
        #expect(chat.messages.last?.kind == .text("I joined the group yesterday, lol"))
    }

    @Test func pollObjectsBecomePolls() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":1,"poll":{"question":"Where?","options":[{"text":"Hills","votes":2},{"text":"Sea"}]}}"#,
        ]))
        #expect(chat.messages.map(\.kind) == [.poll(Poll(question: "Where?", options: [.init(text: "Hills", votes: 2), .init(text: "Sea")]))])
    }

    @Test func unknownTypesKeepTheirContent() throws {
        let chat = try Support.conversation(Support.thread([
            #"{"sender_name":"Ann","timestamp_ms":1,"type":"Payment","content":"Ann sent $5","ip":"1.2.3.4","sender_id_INTERNAL":7,"unknown":{"x":1}}"#,
        ]))
        #expect(chat.messages.map(\.kind) == [.text("Ann sent $5")])
    }

    @Test func theDocumentationsExample() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "messages/inbox/trip_123/message_1.json": #"""
                {
                  "participants": [{"name": "Ann"}, {"name": "Ren\u00c3\u00a9"}],
                  "messages": [
                    {"sender_name": "Ren\u00c3\u00a9", "timestamp_ms": 1714719660000,
                     "photos": [{"uri": "messages/inbox/trip_123/photos/beach.jpg", "creation_timestamp": 1714719660}],
                     "reactions": [{"reaction": "\u00e2\u009d\u00a4", "actor": "Ann"}]},
                    {"sender_name": "Ann", "timestamp_ms": 1714719600000, "content": "Caf\u00c3\u00a9 at 9?"}
                  ],
                  "title": "Trip", "is_still_participant": true, "thread_type": "Regular", "thread_path": "inbox/trip_123"
                }
                """#,
        ], in: root)
        let imported = try #require(try Support.read(root.appendingPathComponent("messages/inbox/trip_123")).first)
        let chat = imported.conversation
        #expect(chat.title == "Trip")
        #expect(chat.id == "inbox/trip_123")
        #expect(chat.kind == .direct)
        #expect(chat.messages.map(\.id) == ["1714719600000-1", "1714719660000-1"])
        #expect(chat.messages.map(\.sender) == ["Ann", "René"])
        #expect(chat.messages[0].kind == .text("Café at 9?"))
        #expect(chat.messages[1].kind == .photo(MediaItem(file: "messages/inbox/trip_123/photos/beach.jpg")))
        #expect(chat.messages[1].reactions == [Reaction(emoji: "❤", by: ["Ann"])])
        #expect(imported.mediaFolder.standardizedFileURL.path == root.standardizedFileURL.path)
    }

    // MARK: Errors

    @Test func malformedInputNamesTheFileLineAndPath() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("message_1.json")
        try "{\"participants\":[],\n\"messages\":[\n{\"sender_name\":\"Ann\",\"timestamp_ms\":1},\n{\"sender_name\":\"Ann\",\"timestamp_ms\":\"soon\"}]}"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError(file: "message_1.json", line: 4, column: 37, path: "messages[1].timestamp_ms", message: "expected epoch milliseconds, found \"soon\"")) {
            try Support.read(file)
        }
        try "{\"participants\":[],\n\"messages\":[\n{\"sender_name\":\"Ann\",\"timestamp_ms\":1},\n{\"sender_name\": }]}"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError.self) { try Support.read(file) }
        do {
            _ = try Support.read(file)
        } catch let error as TranscriptsError {
            #expect(error.line == 4)
            #expect(error.message.hasPrefix("invalid JSON"))
        }
        try #"{"participants":[],"messages":{"a":1}}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError(file: "message_1.json", line: 1, column: 31, path: "messages", message: "expected a list of messages, found an object")) {
            try Support.read(file)
        }
    }
}
