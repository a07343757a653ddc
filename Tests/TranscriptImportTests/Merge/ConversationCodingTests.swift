import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

@Suite struct ConversationCodingTests {
    @Test func everyKindAndFieldComesBackAsItWas() throws {
        let time = Timestamp(secondsSince1970: 1_700_000_000.25, utcOffset: 3600)
        let kinds: [MessageKind] = [
            .text("hi ✨"), .markdown("**b**"),
            .photo(MediaItem(file: "a.jpg", name: "A", mimeType: "image/jpeg", size: 10, width: 4, height: 3, caption: "c")),
            .video(MediaItem(file: "v.mp4", duration: 1.5, thumbnail: "t.jpg")), .audio(MediaItem()), .voice(MediaItem(duration: 2)),
            .file(MediaItem(name: "doc.pdf")), .sticker(MediaItem(file: "s.webp", emoji: "😀")),
            .location(Location(latitude: 52.5, longitude: -13.25, name: "n", address: nil)),
            .contact(Contact(name: "Ann", phones: ["+1"], emails: [])),
            .poll(Poll(question: "q", options: [Poll.Option(text: "a", votes: 3, voters: ["x"])], multipleChoice: true, closed: true)),
            .linkPreview(LinkPreview(url: "https://example.com", title: "t", image: "i.png")),
            .system(SystemEvent(event: .invite, text: "x invited y", actor: "x", subjects: ["y"], title: nil, previous: "p")),
            .system(SystemEvent(text: "plain")),
            .custom(CustomContent(kind: "k", payload: .object(["a": .array([.null, .bool(true), .number(-1.5), .string("s")])]))),
            .unsupported(UnsupportedContent(type: "hologram", raw: .object(["frames": .number(24)]))),
        ]
        var messages = kinds.enumerated().map { index, kind in
            Message(id: "m\(index)", sender: index % 2 == 0 ? "ann" : nil, date: time, kind: kind)
        }
        messages[0] = Message(
            id: "full", sender: "ann", date: time, kind: .text("t"), replyTo: "m1",
            reactions: [Reaction(emoji: "👍", by: ["bo"], count: 3)], edited: time, status: .read, thread: "m2",
            forwardedFrom: "Cy", forwardedDate: Timestamp(secondsSince1970: 5), forwardedEdited: Timestamp(secondsSince1970: 6),
            deleted: true, pinned: true,
            history: MessageHistory(earlierVersions: [.init(text: "before", export: time)], missingFrom: [time]), app: "WhatsApp")
        let imported = ImportedConversation(
            conversation: Conversation(
                id: "c", title: "Chat", kind: .channel,
                participants: [Participant(id: "ann", name: "Ann", avatar: "a.png", color: "#ff0000", bot: true)], messages: messages),
            mediaFolder: URL(fileURLWithPath: "/exports/a"), messageDigests: [1, 2, UInt64.max], warnings: ["w"], sourceKey: "key")
        let back = try ConversationCoding.decode(ConversationCoding.encode(imported))
        #expect(back.conversation == imported.conversation)
        #expect(back.mediaFolder == imported.mediaFolder)
        #expect(back.messageDigests == imported.messageDigests)
        #expect(back.warnings == imported.warnings)
        #expect(back.sourceKey == imported.sourceKey)
    }

    /// A big conversation's bytes come in blocks of about `blockSize` bytes, whole messages each, read back one at a
    /// time; a block missing, cut or added is an error.
    @Test func aBigConversationIsWrittenAndReadABlockAtATime() throws {
        let text = String(repeating: "lorem ipsum ", count: 20)
        let messages = (0..<20_000).map {
            Message(id: "\($0)", sender: "ann", date: Timestamp(secondsSince1970: Double($0)), kind: .text("\($0) " + text))
        }
        let imported = ImportedConversation(
            conversation: Conversation(id: "c", title: "Chat", messages: messages), mediaFolder: URL(fileURLWithPath: "/"),
            messageDigests: messages.indices.map { UInt64($0) })
        var blocks: [[UInt8]] = []
        ConversationCoding.encode(imported) { blocks.append($0) }
        #expect(blocks.count > 4)
        for block in blocks {
            let length = try ConversationCoding.blockLength(block.prefix(8))
            #expect(length == block.count - 8)
            #expect(length < ConversationCoding.blockSize + 1024)
        }
        #expect(blocks.joined().elementsEqual(ConversationCoding.encode(imported)))
        func decoded(_ blocks: [[UInt8]]) throws -> ImportedConversation {
            var next = 0
            return try ConversationCoding.decode {
                defer { next += 1 }
                return next < blocks.count ? Array(blocks[next].dropFirst(8)) : nil
            }
        }
        let back = try decoded(blocks)
        #expect(back.conversation == imported.conversation)
        #expect(back.messageDigests == imported.messageDigests)
        #expect(throws: (any Error).self) { try decoded(Array(blocks.dropLast())) }
        #expect(throws: (any Error).self) { try decoded(blocks + [blocks[1]]) }
        var cut = blocks
        cut[2] = Array(cut[2].dropLast(5))
        #expect(throws: (any Error).self) { try decoded(cut) }
    }

    @Test func cutBytesAreAnErrorNotATrap() {
        let bytes = ConversationCoding.encode(ImportedConversation(
            conversation: Conversation(id: "c", title: "t", messages: [Message(id: "1", sender: nil, date: Timestamp(secondsSince1970: 0), kind: .text("x"))]),
            mediaFolder: URL(fileURLWithPath: "/")))
        #expect(throws: (any Error).self) { try ConversationCoding.decode(Array(bytes.dropLast(3))) }
    }
}
