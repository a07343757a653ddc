import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport
@testable import TranscriptText

/// Helpers for the Signal importer's tests.
enum SignalTestSupport {
    /// The package's folder: this file is Tests/TranscriptSiteTests/Importers/Signal/SignalImporterTests.swift.
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let samples = TestSupport.samples("signal")

    static let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    static func conversations(_ url: URL, context: ImportContext = context) throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        try SignalImporter().importConversations(from: ExportSource(url: url, displayPath: url.lastPathComponent), context: context) {
            result.append($0)
        }
        return result
    }

    /// The conversation of a chat file with the given text (at `path` in a new folder).
    static func conversation(_ text: String, path: String = "Ann/chat.md", name: String = #function) throws -> Conversation {
        let folder = try TestSupport.temporaryFolder(name)
        try TestSupport.write([path: text], in: folder)
        return try conversations(folder.appendingPathComponent(path))[0].conversation
    }

    static func text(_ message: Message) -> String? {
        guard case .text(let text) = message.kind else { return nil }
        return text
    }
}

/// The rules of the Signal importer, each with a small chat of its own.
@Suite struct SignalImporterTests {
    typealias Support = SignalTestSupport

    @Test func detection() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "old.txt": "[2019-12-24, 12:23] Jane Doe: Hello John!\n",
            "new/chat.md": "\n[2019-12-24 12:23:45] Jane Doe: Hello John!\n",
            "new.txt": "[2019-12-24 12:23:45] Jane Doe: Hello John!\n",
            "_chat.txt": "[2019-12-24 12:23:45] Jane Doe: Hello John!\n",
            "WhatsApp Chat with Jane.txt": "[2019-12-24, 12:23] Jane Doe: Hello John!\n",
            "whatsapp.txt": "[24.12.19, 12:23:45] Jane Doe: Hello John!\n",
            "iso-whatsapp.txt": "[2019-12-24, 12:23:45] Jane Doe: Hello John!\n",
            "notes.md": "# Notes\n[2019-12-24 12:23:45] Jane Doe: Hello John!\n",
            "nosender.txt": "[2019-12-24 12:23:45] Hello John!\n",
            "chat.json": "[2019-12-24 12:23:45] Jane Doe: Hello John!\n",
        ], in: folder)
        func format(_ name: String) -> String? { ImporterRegistry.builtIn.detect(folder.appendingPathComponent(name))?.format }
        #expect(format("old.txt") == "signal")
        #expect(format("new/chat.md") == "signal")
        #expect(format("new.txt") == "signal")
        // WhatsApp's file names and layouts stay WhatsApp's.
        #expect(format("_chat.txt") == "whatsapp")
        #expect(format("WhatsApp Chat with Jane.txt") == "whatsapp")
        #expect(format("whatsapp.txt") == "whatsapp")
        #expect(format("iso-whatsapp.txt") == "whatsapp")
        #expect(!SignalImporter().canImport(folder.appendingPathComponent("notes.md")))
        #expect(!SignalImporter().canImport(folder.appendingPathComponent("nosender.txt")))
        #expect(!SignalImporter().canImport(folder.appendingPathComponent("chat.json")))
        #expect(!SignalImporter().canImport(folder))
    }

    @Test func headersAndContinuationLines() throws {
        let conversation = try Support.conversation("""
            [2024-03-30 23:59:59] Ann: first
            second line

            after a blank line
            [2024-03-31 03:00:00] Bo: after the clock changed\r
            [2024-03-31, 12:05] Ann: the older layout
            """, path: "Ann Lee/chat.md")
        #expect(conversation.id == "Ann Lee")
        #expect(conversation.title == "Ann Lee")
        #expect(conversation.kind == .direct)
        #expect(conversation.participants == [Participant(id: "Ann", name: "Ann"), Participant(id: "Bo", name: "Bo")])
        #expect(Set(conversation.messages.map(\.id)).count == 3)
        #expect(conversation.messages.map { Support.text($0) } == [
            "first\nsecond line\n\nafter a blank line", "after the clock changed", "the older layout",
        ])
        // Europe/Berlin: UTC+1 before the change, UTC+2 after.
        #expect(conversation.messages.map(\.date.iso8601) == ["2024-03-30T22:59:59Z", "2024-03-31T01:00:00Z", "2024-03-31T10:05:00Z"])
        #expect(conversation.messages[0].date.utcOffset == nil)
    }

    @Test func reactionsLine() throws {
        let conversation = try Support.conversation("""
            [2024-01-02 10:00:00] Ann: Party?  
            (- Bo: 👍, Me: 👍, Cy: ❤️ -)
            [2024-01-02 10:01:00] Me: Yes
            """)
        let first = conversation.messages[0]
        #expect(Support.text(first) == "Party?")
        #expect(first.reactions == [Reaction(emoji: "👍", by: ["Bo", "Me"]), Reaction(emoji: "❤️", by: ["Cy"])])
        // Those who reacted take part too.
        #expect(conversation.participants.map(\.id) == ["Ann", "Bo", "Me", "Cy"])
        #expect(conversation.kind == .group)
    }

    @Test func quotesBecomeRepliesOrBlockQuotes() throws {
        let conversation = try Support.conversation("""
            [2024-01-02 10:00:00] Ann: Are you coming?  
            [2024-01-02 10:01:00] Bo: 

            > Are you coming?

            Sure  
            [2024-01-02 10:02:00] Ann: 

            > something *older*
            > on two lines

            What?  
            """)
        #expect(conversation.messages.count == 3)
        #expect(conversation.messages[1].replyTo == conversation.messages[0].id)
        #expect(Support.text(conversation.messages[1]) == "Sure")
        #expect(conversation.messages[2].replyTo == nil)
        guard case .markdown(let markdown) = conversation.messages[2].kind else {
            Issue.record("expected markdown")
            return
        }
        #expect(markdown.hasPrefix("> something \\*older\\*\n> on two lines\n\nWhat"))
        let html = CommonMarkRenderer().render(markdown, format: .markdown).html
        #expect(html.contains("What?"))
        #expect(html.contains("something *older*"))
        #expect(html.contains("<blockquote>"))
        #expect(!html.contains("<em>"))
    }

    @Test func attachmentsAndStickers() throws {
        let conversation = try Support.conversation("""
            [2024-01-02 10:00:00] Ann: Look  ![IMG_1.jpg](./media/IMG_1.jpg)  [Report final.pdf](./media/Report%20final.pdf)  
            [2024-01-02 10:01:00] Bo:   
            (- Ann: 😂 -)![clip.mp4](./media/clip.mp4)  
            [2024-01-02 10:02:00] Bo: [😀](../exported_stickers/pack/1.webp)  
            [2024-01-02 10:03:00] Ann: 
            (( 🐱 ))
            [2024-01-02 10:04:00] Ann: a [link](https://example.com)
            """)
        let messages = conversation.messages
        #expect(messages.count == 7)
        #expect(Set(messages.map(\.id)).count == 7)
        #expect(Support.text(messages[0]) == "Look")
        #expect(messages[1].kind == .photo(MediaItem(file: "media/IMG_1.jpg")))
        #expect(messages[2].kind == .file(MediaItem(file: "media/Report final.pdf")))
        #expect(messages[3].kind == .video(MediaItem(file: "media/clip.mp4")))
        #expect(messages[3].reactions == [Reaction(emoji: "😂", by: ["Ann"])])
        #expect(messages[4].kind == .sticker(MediaItem(emoji: "😀")))
        #expect(messages[5].kind == .sticker(MediaItem(emoji: "🐱")))
        // A link to the web stays in the text.
        #expect(Support.text(messages[6]) == "a [link](https://example.com)")
    }

    @Test func deletedMessagesAndCalls() throws {
        let conversation = try Support.conversation("""
            [2024-01-02 10:00:00] Ann: (This message was deleted)
            [2024-01-02 10:01:00] Me: Outgoing voice call (accepted, 1m 5s)  
            [2024-01-02 10:02:00] Ann: Missed video call  
            [2024-01-02 10:03:00] Ann: Incoming calls are fun
            """)
        let messages = conversation.messages
        #expect(messages[0].deleted)
        #expect(Support.text(messages[0]) == "(This message was deleted)")
        #expect(messages[1].kind == .system(SystemEvent(event: .call, text: "Outgoing voice call (accepted, 1m 5s)")))
        #expect(messages[1].sender == "Me")
        #expect(messages[2].kind == .system(SystemEvent(event: .call, text: "Missed video call")))
        #expect(Support.text(messages[3]) == "Incoming calls are fun")
    }

    @Test func linesBeforeTheFirstHeaderAreKeptAsANote() throws {
        let conversation = try Support.conversation("Exported by sigexport\n[2024-01-02 10:00:00] Ann: hi\n", path: "x.txt")
        #expect(conversation.id == "x")
        #expect(conversation.messages.count == 2)
        #expect(conversation.messages[0].kind == .system(SystemEvent(event: .other, text: "Exported by sigexport")))
        #expect(conversation.messages[0].date == conversation.messages[1].date)
    }

    @Test func errors() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["empty.md": "\n\n", "other.md": "just text\n"], in: folder)
        #expect(throws: TranscriptsError(file: "empty.md", line: 1, message: "the chat file is empty")) {
            try Support.conversations(folder.appendingPathComponent("empty.md"))
        }
        do {
            _ = try Support.conversations(folder.appendingPathComponent("other.md"))
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("not a signal-export chat"))
        }
    }
}
