import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// A person's chats on several apps interleaved into one timeline.
@Suite struct TogetherTimelineTests {
    func message(_ id: String, _ sender: String, _ minute: Double, replyTo: String? = nil) -> Message {
        Message(id: id, sender: sender, date: Timestamp(secondsSince1970: minute * 60), kind: .text(id), replyTo: replyTo)
    }

    func part(
        _ app: String, _ messages: [Message], participants: [Participant], folders: MessageFolders? = nil
    ) -> TogetherTimeline.Part {
        TogetherTimeline.Part(
            app: app,
            imported: ImportedConversation(
                conversation: Conversation(id: app, title: app, kind: .direct, participants: participants, messages: messages),
                mediaFolder: URL(fileURLWithPath: "/exports/" + app), warnings: ["\(app): a warning"], messageFolders: folders))
    }

    @Test func messagesInterleaveByTimeEachAppKeepingItsOrderAndIDsTakeTheAppsPrefix() {
        let telegram = part(
            "Telegram",
            [message("1", "q", 1), message("2", "me", 5, replyTo: "1"), message("3", "q", 4)],  // 3 is out of order
            participants: [Participant(id: "q", name: "Quinn"), Participant(id: "me", name: "Me")])
        let chat = part(
            "Google Chat", [message("1", "q", 1), message("x", "me", 3, replyTo: "1")],
            participants: [Participant(id: "me", name: "Me too"), Participant(id: "q2", name: "Quinn")])
        let timeline = TogetherTimeline.gather([telegram, chat], id: "quinn", title: "Quinn Okonkwo")
        let conversation = timeline.conversation
        #expect(conversation.id == "quinn")
        #expect(conversation.title == "Quinn Okonkwo")
        #expect(conversation.kind == .direct)
        // At equal times the first part's message comes first; Telegram's 3 stays after its 2.
        #expect(conversation.messages.map(\.id) == ["telegram-1", "google-chat-1", "google-chat-x", "telegram-2", "telegram-3"])
        #expect(conversation.messages.map { $0.app ?? "-" } == ["Telegram", "Google Chat", "Google Chat", "Telegram", "Telegram"])
        #expect(conversation.messages.map { $0.replyTo ?? "-" } == ["-", "-", "google-chat-1", "telegram-1", "-"])
        // Each participant once, the first app's name winning.
        #expect(conversation.participants.map(\.id) == ["q", "me", "q2"])
        #expect(conversation.participants.map(\.name) == ["Quinn", "Me", "Quinn"])
        #expect(timeline.warnings == ["Telegram: a warning", "Google Chat: a warning"])
        // Every message's media stay relative to its own export's folder.
        let folders = try! #require(timeline.messageFolders)
        #expect(conversation.messages.indices.map { folders.folder(ofMessage: $0).path }
            == ["/exports/Telegram", "/exports/Google Chat", "/exports/Google Chat", "/exports/Telegram", "/exports/Telegram"])
        #expect(timeline.messageDigests == nil)
    }

    @Test func avatarsAreReadFromOneFolderAndFoldersOfMergedExportsAreKept() {
        let whatsApp = part(
            "WhatsApp", [message("w1", "q", 2), message("w2", "q", 6)], participants: [Participant(id: "q", name: "Quinn")],
            folders: MessageFolders(
                folders: [URL(fileURLWithPath: "/old"), URL(fileURLWithPath: "/new")], ofMessage: [0, 1]))
        let signal = part(
            "Signal", [message("s1", "q", 4)], participants: [Participant(id: "q", name: "Quinn", avatar: "q.jpg")])
        let timeline = TogetherTimeline.gather([whatsApp, signal], id: "q", title: "Quinn")
        #expect(timeline.mediaFolder.path == "/exports/Signal")
        #expect(timeline.conversation.participants.map(\.avatar) == ["q.jpg"])
        let folders = try! #require(timeline.messageFolders)
        #expect(timeline.conversation.messages.indices.map { folders.folder(ofMessage: $0).path } == ["/old", "/exports/Signal", "/new"])
    }

    @Test func anAppsPrefixIsItsNameInLowerCase() {
        #expect(TogetherTimeline.idPrefix(of: "WhatsApp") == "whatsapp-")
        #expect(TogetherTimeline.idPrefix(of: "Google Chat") == "google-chat-")
        #expect(TogetherTimeline.idPrefix(of: "日本") == "app-")
    }
}
