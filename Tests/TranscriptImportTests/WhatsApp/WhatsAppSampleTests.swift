import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel

/// Every real export in ../shared/samples/whatsapp (beside the package's folder), read as a build reads it.
@Suite(.needsSamples("whatsapp")) struct WhatsAppSampleTests {
    static let samples = TestSupport.samples("whatsapp")

    struct Expected: CustomTestStringConvertible, Sendable {
        var path: String
        var count: Int
        var kind: ConversationKind
        var senders: [String]
        var first: String
        var last: String
        /// How many messages of each kind.
        var kinds: [String: Int]
        /// Exact texts (text, markdown or system) by message id.
        var texts: [String: String] = [:]
        var testDescription: String { path }
    }

    static let chatminerSenders = ["John Doe", "Jahn Doe", "John-John Doe", "John Doe 🤓", "🤓"]
    static let chatminerTexts = [
        "2": ".", "3": "Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit. Duis libero.",
        "5": "Lorem ipsum : dolor sit amet.", "6": "+12 345 578 created group \"Groupname\"", "7": "You were added",
        "9": "Lorem ipsum 🤓",
    ]

    static let expected: [Expected] = [
        Expected(
            path: "chatminer-android-ddmmyy-24h.txt", count: 9, kind: .group, senders: chatminerSenders,
            first: "2019-01-01T11:25:00Z", last: "2021-12-30T22:01:00Z", kinds: ["text": 7, "system": 2],
            texts: chatminerTexts),
        Expected(
            path: "chatminer-android-mmddyy-24h.txt", count: 9, kind: .group, senders: chatminerSenders,
            first: "2019-01-01T11:25:00Z", last: "2021-12-30T22:01:00Z", kinds: ["text": 7, "system": 2],
            texts: chatminerTexts),
        Expected(
            path: "chatminer-android-mmddyyyy-12h-es-ampm.txt", count: 9, kind: .group, senders: chatminerSenders,
            first: "2019-01-01T11:25:00Z", last: "2021-12-30T22:01:00Z", kinds: ["text": 7, "system": 2],
            texts: chatminerTexts),
        Expected(
            path: "chatminer-android-yyyymmdd-24h.txt", count: 9, kind: .group, senders: chatminerSenders,
            first: "2019-01-01T11:25:00Z", last: "2021-12-30T22:01:00Z", kinds: ["text": 7, "system": 2],
            texts: chatminerTexts),
        Expected(
            path: "chatminer-ios-mmddyy-24h.txt", count: 9, kind: .group, senders: chatminerSenders,
            first: "2019-01-01T11:25:00Z", last: "2021-12-30T22:01:00Z", kinds: ["text": 7, "system": 2],
            texts: chatminerTexts),
        Expected(
            path: "chatminer-dateformat1.txt", count: 10, kind: .group,
            senders: ["John Doe", "John-John Doe", "Jahn Doe", "+12 345 578"],
            // The file's order is kept where the dates go back.
            first: "2019-12-24T11:23:00Z", last: "2017-07-16T19:13:00Z", kinds: ["text": 7, "system": 3],
            texts: [
                "1": ".",
                "7": "Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit.\nPellentesque non tincidunt erat.\nNullam suscipit diam dolor, non pretium leo semper eu.\nAliquam pellentesque facilisis nunc eu rhoncus.\nCras scelerisque neque.",
                "13": "Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.",
                "16": "Lorem ipsum.",
            ]),
        Expected(
            path: "chatminer-dateformat2.txt", count: 4, kind: .group, senders: ["John Doe", "John-John Doe", "Jahn Doe"],
            first: "2019-09-24T23:30:00Z", last: "2019-12-24T11:30:00Z", kinds: ["text": 4],
            texts: ["2": "Lorem ipsum dolor sit amet.", "3": "Lorem ipsum : dolor sit amet."]),
        Expected(
            path: "chatminer-dateformat3.txt", count: 4, kind: .group, senders: ["John Doe", "John-John Doe", "Jahn Doe"],
            first: "2022-12-14T13:34:00Z", last: "2022-12-21T17:02:00Z", kinds: ["text": 4],
            texts: ["4": "Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit. Duis libero."]),
        Expected(
            // `12:37:00 p.m.` is 12:37 and the broken `13:37:00 p.m.` stays 13:37.
            path: "chatminer-dateformat4.txt", count: 4, kind: .group, senders: ["John Doe", "John-John Doe", "Jahn Doe"],
            first: "2022-10-09T23:37:00Z", last: "2022-10-12T14:37:00Z", kinds: ["text": 4]),
        Expected(
            path: "chatminer-dateformat5.txt", count: 4, kind: .group, senders: ["John Doe", "John-John Doe", "Jahn Doe"],
            first: "2021-10-21T15:21:45Z", last: "2021-10-24T15:21:48Z", kinds: ["text": 4]),
        Expected(
            // A blank line between two messages belongs to the first and is trimmed from its end.
            path: "chatminer-dateformat6.txt", count: 4, kind: .group, senders: ["John Doe", "John-John Doe", "Jahn Doe"],
            first: "2021-10-21T15:21:45Z", last: "2021-10-24T15:21:48Z", kinds: ["text": 4],
            texts: ["2": "Lorem ipsum dolor sit amet.", "4": "Lorem ipsum : dolor sit amet."]),
        Expected(
            path: "chatminer-testlog-mixed.txt", count: 23, kind: .group,
            senders: ["John Doe", "Jahn Doe", "+12 345 578", "John-John Doe", "John Doe 🤓", "🤓"],
            first: "2019-12-24T11:23:00Z", last: "2022-12-24T13:01:00Z", kinds: ["text": 20, "system": 3],
            texts: [
                "15": "Hello world", "16": "Testing am", "20": "Testing date dashes",
                "23": "Testing dash - in message body", "24": "Testing abnormal\u{00A0}unicode",
                "29": "Testing emoji 🤓 with yyyy first",
            ]),
        Expected(
            path: "chatminer-unicode-nbsp.txt", count: 3, kind: .group, senders: ["John Doe", "John Doe 🤓", "🤓"],
            first: "2022-10-09T22:37:00Z", last: "2022-10-09T22:37:00Z", kinds: ["text": 3],
            texts: ["1": "Testing abnormal\u{00A0}unicode", "3": "Testing emoji 🤓"]),
        Expected(
            // Android month/day and iOS day/month in one file; a header with neither brackets nor " - ".
            path: "emmaakachukwu-mixed-sample.txt", count: 7, kind: .group,
            senders: ["John Doe", "Jane Smith", "Alice", "Bob", "Charlie"],
            first: "2025-12-15T10:30:00Z", last: "2025-12-15T10:36:00Z", kinds: ["text": 5, "system": 2],
            texts: [
                "2": "Hi John! This is another Android message.\nIt has multiple lines\nto test grouping.",
                "9": "iOS message without brackets.", "10": "Note System message on Android.",
                "11": "Note System message on iOS.",
            ]),
        Expected(
            path: "langchain-docs-whatsapp_chat.txt", count: 12, kind: .direct, senders: ["User 1", "User 2"],
            first: "2023-01-22T18:30:00Z", last: "2023-01-23T03:22:00Z", kinds: ["text": 11, "file": 1],
            texts: [
                "1": "Hi! Im interested in your bag. Im offering $50. Let me know if you are interested. Thanks!",
                "12": "And let me know if anything changes",
            ]),
        Expected(
            path: "langchain-tests-whatsapp_chat-mixed.txt", count: 10, kind: .group,
            senders: ["James", "User name", "User 2", "User 1", "~ User name 2", "~ User 2", "User 3", "User 4"],
            first: "2023-05-05T15:48:11Z", last: "2023-06-29T00:16:00Z", kinds: ["text": 9, "file": 1],
            texts: ["5": "Of course!", "6": "See you!", "10": "This message was deleted"]),
        Expected(
            path: "pustur-short-chat.txt", count: 5, kind: .group, senders: ["Sample User", "TestBot", "+410123456789"],
            first: "2017-06-03T00:45:00Z", last: "2017-09-04T01:50:00Z", kinds: ["system": 2, "text": 3],
            texts: ["2": "You created group \"ShortChat\"", "5": "How are you?\n\nIs everything alright?"]),
        Expected(
            path: "pustur-website-example-2019", count: 100, kind: .group, senders: ["Loris", "John", "Emily"],
            first: "2019-06-20T15:58:47Z", last: "2019-06-20T19:54:58Z", kinds: ["system": 3, "text": 97],
            texts: [
                "1": "Messages to this group are now secured with end-to-end encryption.",
                "3": "Loris added you",
                "15": "I agree, we should go to <insert cool event here>",
                "20": "It was just a suggestion\nIf you want we can change place\nHave you ever been to <insert cool place here>?",
                "104": "Links:\n- https://github.com/Pustur/whatsapp-chat-parser\n- https://github.com/Pustur/whatsapp-chat-parser-website",
            ]),
        Expected(
            path: "pustur-website-example-2024", count: 52, kind: .group, senders: ["John", "Loris", "Emily"],
            first: "2019-06-20T15:58:47Z", last: "2019-06-20T16:45:28Z",
            kinds: ["system": 4, "text": 43, "photo": 1, "video": 1, "audio": 1, "file": 1, "poll": 1],
            texts: [
                "2": "Loris created group “WhatsApp Chat Parser Example”", "4": "Loris added John",
                "34": "Cool right? Whenever a file can't be reproduced via <img>, <video> or <audio> it becomes downloadable like that.",
                "47": "Lastly, a poll :)",
            ]),
        Expected(
            path: "pustur-website-example.zip", count: 52, kind: .group, senders: ["John", "Loris", "Emily"],
            first: "2019-06-20T15:58:47Z", last: "2019-06-20T16:45:28Z",
            kinds: ["system": 4, "text": 43, "photo": 1, "video": 1, "audio": 1, "file": 1, "poll": 1],
            texts: ["5": "Hey 👋", "55": "Well I guess that's it"]),
    ]

    /// Reads a sample (a file, a folder or a zip archive) the way a build finds it.
    static func read(_ path: String) throws -> [ImportedConversation] {
        let workspace = try TestSupport.temporaryFolder("whatsapp-samples")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let finder = ExportFinder(registry: ImporterRegistry(importers: [WhatsAppImporter()]), forced: nil, workspace: workspace)
        let found = try finder.find([samples.appendingPathComponent(path).path], in: URL(fileURLWithPath: "/"))
        var conversations: [ImportedConversation] = []
        for export in found.exports {
            #expect(export.importer.format == "whatsapp")
            try export.importer.importConversations(
                from: export.source, context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)) { conversations.append($0) }
        }
        return conversations
    }

    @Test func everySampleHasExpectations() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names) == Set(Self.expected.map(\.path)), "a sample without expectations, or expectations without a sample")
    }

    @Test(arguments: expected)
    func readsTheSample(_ expected: Expected) throws {
        let conversations = try Self.read(expected.path)
        try #require(conversations.count == 1)
        let conversation = conversations[0].conversation
        #expect(conversation.messages.count == expected.count)
        #expect(conversation.kind == expected.kind)
        #expect(conversation.participants.map(\.id) == expected.senders)
        #expect(conversation.participants.map(\.name) == expected.senders)
        #expect(conversation.messages.first?.date.iso8601 == expected.first)
        #expect(conversation.messages.last?.date.iso8601 == expected.last)
        let kinds = Dictionary(grouping: conversation.messages, by: \.kind.typeName).mapValues(\.count)
        #expect(kinds == expected.kinds)
        // The texts of the messages whose headers are on the given lines.
        let shown = conversation.messages.map { message -> String? in
            switch message.kind {
            case .text(let value), .markdown(let value): value
            case .system(let event): event.text
            default: nil
            }
        }
        for (line, text) in expected.texts {
            #expect(shown.contains(text), "the message of line \(line)")
        }
        // Every sender is a participant; ids are unique content ids (ContentMessageIDs).
        let participants = Set(conversation.participants.map(\.id))
        #expect(conversation.messages.allSatisfy { $0.sender.map(participants.contains) ?? true })
        #expect(Set(conversation.messages.map(\.id)).count == conversation.messages.count)
        #expect(conversation.messages.allSatisfy { $0.id.utf8.count == 12 })
        // Times carry no zone.
        #expect(conversation.messages.allSatisfy { $0.date.utcOffset == nil })
    }

    @Test func theZipLinksItsMediaAndTheTextOnlyCopyDoesNot() throws {
        let zipped = try #require(try Self.read("pustur-website-example.zip").first)
        #expect(zipped.conversation.id == "pustur-website-example")
        let bare = try #require(try Self.read("pustur-website-example-2024").first)
        func media(_ conversation: Conversation) -> [(String, MediaItem)] {
            conversation.messages.compactMap { message in
                switch message.kind {
                case .photo(let item), .video(let item), .audio(let item), .file(let item): (message.id, item)
                default: nil
                }
            }
        }
        #expect(media(zipped.conversation).map(\.1) == [
            MediaItem(file: "00000001-PHOTO-2019-06-20-16-00-15.jpg"),
            MediaItem(file: "00000002-VIDEO-2019-06-20-16-01-42.mp4"),
            MediaItem(file: "00000003-AUDIO-2019-06-20-16-03-55.mp3"),
            MediaItem(file: "00000004-whatsapp-chat-parser-example.zip"),
        ])
        // Without the media, each keeps its name and says the file is not in the export; its id is the same.
        #expect(media(bare.conversation).map(\.1) == [
            MediaItem(name: "00000001-PHOTO-2019-06-20-16-00-15.jpg"),
            MediaItem(name: "00000002-VIDEO-2019-06-20-16-01-42.mp4"),
            MediaItem(name: "00000003-AUDIO-2019-06-20-16-03-55.mp3"),
            MediaItem(name: "00000004-whatsapp-chat-parser-example.zip"),
        ])
        #expect(media(bare.conversation).map(\.0) == media(zipped.conversation).map(\.0))
        for folder in [zipped, bare] {
            let poll = try #require(folder.conversation.messages.first { if case .poll = $0.kind { true } else { false } })
            #expect(poll.kind == .poll(Poll(question: "When can we meet?", options: [
                Poll.Option(text: "Thursday 15 evening", votes: 2), Poll.Option(text: "Friday 16 afternoon", votes: 1),
                Poll.Option(text: "Friday 16 evening", votes: 2), Poll.Option(text: "Saturday 17 afternoon", votes: 3),
                Poll.Option(text: "Saturday 17 evening", votes: 3),
            ])))
        }
    }

    @Test func dayFirstAndMonthFirstCopiesOfOneChatGiveTheSameDates() throws {
        let names = [
            "chatminer-android-ddmmyy-24h.txt", "chatminer-android-mmddyy-24h.txt", "chatminer-android-yyyymmdd-24h.txt",
            "chatminer-android-mmddyyyy-12h-es-ampm.txt", "chatminer-ios-mmddyy-24h.txt",
        ]
        let dates = try names.map { try #require(try Self.read($0).first, "\($0)").conversation.messages.map(\.date) }
        for other in dates.dropFirst() { #expect(other == dates[0]) }
    }
}
