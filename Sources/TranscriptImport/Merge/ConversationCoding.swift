import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// A compact byte form of a conversation as an importer read it, written to disk while other exports are read
/// and read back to be merged (`MergeStash`): every field of the model, so that reading back gives the same
/// values. Not a file format: it is read by the same binary that wrote it.
package enum ConversationCoding {
    /// The bytes of `imported` (its conversation, media folder, message digests, warnings and source key): the
    /// blocks `encode(_:handingOn:)` makes, one after another.
    package static func encode(_ imported: ImportedConversation) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(imported) { bytes += $0 }
        return bytes
    }

    /// About how many bytes a block holds: a big conversation is written and read a block at a time, never held
    /// whole as bytes beside its messages.
    static let blockSize = 1 << 20

    /// Makes the bytes of `imported` and hands them to `handOn` a block at a time, in order: each block its length
    /// (8 bytes, little-endian) and then its bytes; the first holds everything but the messages, each other whole
    /// messages, about `blockSize` bytes of them.
    package static func encode(_ imported: ImportedConversation, handingOn handOn: ([UInt8]) throws -> Void) rethrows {
        var writer = BinaryWriter()
        writer.write(imported.mediaFolder.path)
        writer.write(imported.warnings.count)
        for warning in imported.warnings { writer.write(warning) }
        writer.write(imported.sourceKey)
        writer.write(imported.messageDigests != nil)
        if let digests = imported.messageDigests {
            writer.write(digests.count)
            for digest in digests { writer.write(digest) }
        }
        let conversation = imported.conversation
        writer.write(conversation.id)
        writer.write(conversation.title)
        writer.write(conversation.kind.rawValue)
        writer.write(conversation.participants.count)
        for participant in conversation.participants {
            writer.write(participant.id)
            writer.write(participant.name)
            writer.write(participant.avatar)
            writer.write(participant.color)
            writer.write(participant.bot)
            writer.write(participant.person)
        }
        writer.write(conversation.messages.count)
        try handOn(block(&writer))
        writer.reserveCapacity(blockSize + (64 << 10))
        for message in conversation.messages {
            write(message, to: &writer)
            if writer.bytes.count >= blockSize { try handOn(block(&writer)) }
        }
        if !writer.bytes.isEmpty { try handOn(block(&writer)) }
    }

    /// The writer's bytes as a block (their length first); the writer is emptied.
    private static func block(_ writer: inout BinaryWriter) -> [UInt8] {
        let bytes = writer.takeBytes()
        return withUnsafeBytes(of: UInt64(bytes.count).littleEndian, Array.init) + bytes
    }

    /// What `encode` wrote.
    package static func decode(_ bytes: [UInt8]) throws -> ImportedConversation {
        var offset = 0
        return try decode {
            guard offset < bytes.count else { return nil }
            let count = try blockLength(bytes[offset..<min(offset + 8, bytes.count)])
            guard count <= bytes.count - offset - 8 else { throw BinaryReader.Truncated() }
            defer { offset += 8 + count }
            return Array(bytes[(offset + 8)..<(offset + 8 + count)])
        }
    }

    /// The length a block's first 8 bytes give.
    package static func blockLength(_ bytes: some Collection<UInt8>) throws -> Int {
        guard bytes.count == 8 else { throw BinaryReader.Truncated() }
        let value = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard value <= UInt64(Int.max) else { throw BinaryReader.Truncated() }
        return Int(value)
    }

    /// What `encode(_:handingOn:)` wrote, from its blocks' bytes (without their lengths) in order: `nextBlock`
    /// gives each, and nil after the last.
    package static func decode(blocks nextBlock: () throws -> [UInt8]?) throws -> ImportedConversation {
        guard let first = try nextBlock() else { throw BinaryReader.Truncated() }
        var reader = BinaryReader(first)
        let folder = URL(fileURLWithPath: try reader.readString())
        let warnings = try (0..<reader.readCount()).map { _ in try reader.readString() }
        let sourceKey = try reader.readOptionalString()
        let digests = try reader.readBool() ? try (0..<reader.readCount()).map { _ in try reader.readUInt64() } : nil
        let id = try reader.readString()
        let title = try reader.readString()
        guard let kind = ConversationKind(rawValue: try reader.readString()) else { throw BinaryReader.Truncated() }
        let participants = try (0..<reader.readCount()).map { _ in
            Participant(
                id: try reader.readString(), name: try reader.readString(), avatar: try reader.readOptionalString(),
                color: try reader.readOptionalString(), bot: try reader.readBool(), person: try reader.readOptionalString())
        }
        let count = Int(try reader.readUInt64())
        guard reader.isAtEnd else { throw BinaryReader.Truncated() }
        var messages: [Message] = []
        messages.reserveCapacity(min(count, 1 << 24))
        while messages.count < count {
            guard let block = try nextBlock() else { throw BinaryReader.Truncated() }
            reader = BinaryReader(block)
            while !reader.isAtEnd, messages.count < count { messages.append(try read(&reader)) }
            guard reader.isAtEnd else { throw BinaryReader.Truncated() }
        }
        guard try nextBlock() == nil else { throw BinaryReader.Truncated() }
        return ImportedConversation(
            conversation: Conversation(id: id, title: title, kind: kind, participants: participants, messages: messages),
            mediaFolder: folder, messageDigests: digests, warnings: warnings, sourceKey: sourceKey)
    }

    // MARK: - Messages

    private static func write(_ message: Message, to writer: inout BinaryWriter) {
        writer.write(message.id)
        writer.write(message.sender)
        write(message.date, to: &writer)
        write(message.kind, to: &writer)
        writer.write(message.replyTo)
        writer.write(message.reactions.count)
        for reaction in message.reactions {
            writer.write(reaction.emoji)
            strings(reaction.by, to: &writer)
            writer.write(reaction.count)
        }
        optional(message.edited, to: &writer)
        writer.write(message.status?.rawValue)
        writer.write(message.thread)
        writer.write(message.forwardedFrom)
        optional(message.forwardedDate, to: &writer)
        optional(message.forwardedEdited, to: &writer)
        writer.write(message.deleted)
        writer.write(message.pinned)
        writer.write(message.history != nil)
        if let history = message.history {
            writer.write(history.earlierVersions.count)
            for version in history.earlierVersions {
                writer.write(version.text)
                write(version.export, to: &writer)
            }
            writer.write(history.missingFrom.count)
            for time in history.missingFrom { write(time, to: &writer) }
        }
        writer.write(message.app)
    }

    private static func read(_ reader: inout BinaryReader) throws -> Message {
        let id = try reader.readString()
        let sender = try reader.readOptionalString()
        let date = try readTime(&reader)
        let kind = try readKind(&reader)
        let replyTo = try reader.readOptionalString()
        let reactions = try (0..<reader.readCount()).map { _ in
            Reaction(emoji: try reader.readString(), by: try readStrings(&reader), count: try reader.readInt())
        }
        let edited = try readOptionalTime(&reader)
        let status = try reader.readOptionalString().map { raw in
            guard let status = DeliveryStatus(rawValue: raw) else { throw BinaryReader.Truncated() }
            return status
        }
        let thread = try reader.readOptionalString()
        let forwardedFrom = try reader.readOptionalString()
        let forwardedDate = try readOptionalTime(&reader)
        let forwardedEdited = try readOptionalTime(&reader)
        let deleted = try reader.readBool()
        let pinned = try reader.readBool()
        var history: MessageHistory?
        if try reader.readBool() {
            let versions = try (0..<reader.readCount()).map { _ in
                MessageHistory.EarlierVersion(text: try reader.readString(), export: try readTime(&reader))
            }
            let missing = try (0..<reader.readCount()).map { _ in try readTime(&reader) }
            history = MessageHistory(earlierVersions: versions, missingFrom: missing)
        }
        let app = try reader.readOptionalString()
        return Message(
            id: id, sender: sender, date: date, kind: kind, replyTo: replyTo, reactions: reactions, edited: edited,
            status: status, thread: thread, forwardedFrom: forwardedFrom, forwardedDate: forwardedDate,
            forwardedEdited: forwardedEdited, deleted: deleted, pinned: pinned, history: history, app: app)
    }

    // MARK: - Kinds

    private enum KindTag: UInt8 {
        case text, markdown, photo, video, audio, voice, file, sticker, location, contact, poll, linkPreview, system
        case custom, unsupported
    }

    private static func write(_ kind: MessageKind, to writer: inout BinaryWriter) {
        func tag(_ tag: KindTag) { writer.write(Int(tag.rawValue)) }
        switch kind {
        case .text(let text): tag(.text); writer.write(text)
        case .markdown(let text): tag(.markdown); writer.write(text)
        case .photo(let item): tag(.photo); write(item, to: &writer)
        case .video(let item): tag(.video); write(item, to: &writer)
        case .audio(let item): tag(.audio); write(item, to: &writer)
        case .voice(let item): tag(.voice); write(item, to: &writer)
        case .file(let item): tag(.file); write(item, to: &writer)
        case .sticker(let item): tag(.sticker); write(item, to: &writer)
        case .location(let location):
            tag(.location)
            double(location.latitude, to: &writer)
            double(location.longitude, to: &writer)
            writer.write(location.name)
            writer.write(location.address)
        case .contact(let contact):
            tag(.contact)
            writer.write(contact.name)
            strings(contact.phones, to: &writer)
            strings(contact.emails, to: &writer)
        case .poll(let poll):
            tag(.poll)
            writer.write(poll.question)
            writer.write(poll.options.count)
            for option in poll.options {
                writer.write(option.text)
                writer.write(option.votes)
                strings(option.voters, to: &writer)
            }
            writer.write(poll.multipleChoice)
            writer.write(poll.closed)
        case .linkPreview(let preview):
            tag(.linkPreview)
            writer.write(preview.url)
            writer.write(preview.text)
            writer.write(preview.title)
            writer.write(preview.description)
            writer.write(preview.siteName)
            writer.write(preview.image)
        case .system(let event):
            tag(.system)
            writer.write(event.event.rawValue)
            writer.write(event.text)
            writer.write(event.actor)
            writer.write(event.subjects != nil)
            if let subjects = event.subjects { strings(subjects, to: &writer) }
            writer.write(event.title)
            writer.write(event.previous)
        case .custom(let content):
            tag(.custom)
            writer.write(content.kind)
            write(content.payload, to: &writer)
        case .unsupported(let content):
            tag(.unsupported)
            writer.write(content.type)
            write(content.raw, to: &writer)
        }
    }

    private static func readKind(_ reader: inout BinaryReader) throws -> MessageKind {
        guard let tag = KindTag(rawValue: UInt8(truncatingIfNeeded: try reader.readInt())) else { throw BinaryReader.Truncated() }
        switch tag {
        case .text: return .text(try reader.readString())
        case .markdown: return .markdown(try reader.readString())
        case .photo: return .photo(try readItem(&reader))
        case .video: return .video(try readItem(&reader))
        case .audio: return .audio(try readItem(&reader))
        case .voice: return .voice(try readItem(&reader))
        case .file: return .file(try readItem(&reader))
        case .sticker: return .sticker(try readItem(&reader))
        case .location:
            return .location(Location(
                latitude: try readDouble(&reader), longitude: try readDouble(&reader), name: try reader.readOptionalString(),
                address: try reader.readOptionalString()))
        case .contact:
            return .contact(Contact(name: try reader.readString(), phones: try readStrings(&reader), emails: try readStrings(&reader)))
        case .poll:
            let question = try reader.readString()
            let options = try (0..<reader.readCount()).map { _ in
                Poll.Option(text: try reader.readString(), votes: try reader.readInt(), voters: try readStrings(&reader))
            }
            return .poll(Poll(question: question, options: options, multipleChoice: try reader.readBool(), closed: try reader.readBool()))
        case .linkPreview:
            return .linkPreview(LinkPreview(
                url: try reader.readString(), text: try reader.readOptionalString(), title: try reader.readOptionalString(),
                description: try reader.readOptionalString(), siteName: try reader.readOptionalString(),
                image: try reader.readOptionalString()))
        case .system:
            guard let event = SystemEvent.Event(rawValue: try reader.readString()) else { throw BinaryReader.Truncated() }
            let text = try reader.readString()
            let actor = try reader.readOptionalString()
            let subjects = try reader.readBool() ? try readStrings(&reader) : nil
            return .system(SystemEvent(
                event: event, text: text, actor: actor, subjects: subjects, title: try reader.readOptionalString(),
                previous: try reader.readOptionalString()))
        case .custom:
            return .custom(CustomContent(kind: try reader.readString(), payload: try readJSON(&reader)))
        case .unsupported:
            return .unsupported(UnsupportedContent(type: try reader.readString(), raw: try readJSON(&reader)))
        }
    }

    private static func write(_ item: MediaItem, to writer: inout BinaryWriter) {
        writer.write(item.file)
        writer.write(item.name)
        writer.write(item.mimeType)
        optional(item.size, to: &writer)
        optional(item.width, to: &writer)
        optional(item.height, to: &writer)
        writer.write(item.duration != nil)
        if let duration = item.duration { double(duration, to: &writer) }
        writer.write(item.thumbnail)
        writer.write(item.caption)
        writer.write(item.emoji)
    }

    private static func readItem(_ reader: inout BinaryReader) throws -> MediaItem {
        MediaItem(
            file: try reader.readOptionalString(), name: try reader.readOptionalString(), mimeType: try reader.readOptionalString(),
            size: try readOptionalInt(&reader), width: try readOptionalInt(&reader), height: try readOptionalInt(&reader),
            duration: try reader.readBool() ? try readDouble(&reader) : nil, thumbnail: try reader.readOptionalString(),
            caption: try reader.readOptionalString(), emoji: try reader.readOptionalString())
    }

    // MARK: - Values

    private static func write(_ value: JSONValue, to writer: inout BinaryWriter) {
        switch value {
        case .null: writer.write(0)
        case .bool(let flag): writer.write(1); writer.write(flag)
        case .number(let number): writer.write(2); double(number, to: &writer)
        case .string(let text): writer.write(3); writer.write(text)
        case .array(let elements):
            writer.write(4)
            writer.write(elements.count)
            for element in elements { write(element, to: &writer) }
        case .object(let members):
            writer.write(5)
            writer.write(members.count)
            for key in members.keys.sorted() {
                writer.write(key)
                write(members[key]!, to: &writer)
            }
        }
    }

    private static func readJSON(_ reader: inout BinaryReader) throws -> JSONValue {
        switch try reader.readInt() {
        case 0: return .null
        case 1: return .bool(try reader.readBool())
        case 2: return .number(try readDouble(&reader))
        case 3: return .string(try reader.readString())
        case 4: return .array(try (0..<reader.readCount()).map { _ in try readJSON(&reader) })
        case 5:
            var members: [String: JSONValue] = [:]
            for _ in 0..<(try reader.readCount()) {
                let key = try reader.readString()
                members[key] = try readJSON(&reader)
            }
            return .object(members)
        default: throw BinaryReader.Truncated()
        }
    }

    private static func write(_ time: Timestamp, to writer: inout BinaryWriter) {
        double(time.secondsSince1970, to: &writer)
        optional(time.utcOffset, to: &writer)
    }

    private static func readTime(_ reader: inout BinaryReader) throws -> Timestamp {
        Timestamp(secondsSince1970: try readDouble(&reader), utcOffset: try readOptionalInt(&reader))
    }

    private static func optional(_ time: Timestamp?, to writer: inout BinaryWriter) {
        writer.write(time != nil)
        if let time { write(time, to: &writer) }
    }

    private static func readOptionalTime(_ reader: inout BinaryReader) throws -> Timestamp? {
        try reader.readBool() ? try readTime(&reader) : nil
    }

    private static func double(_ value: Double, to writer: inout BinaryWriter) { writer.write(value.bitPattern) }

    private static func readDouble(_ reader: inout BinaryReader) throws -> Double { Double(bitPattern: try reader.readUInt64()) }

    private static func optional(_ value: Int?, to writer: inout BinaryWriter) {
        writer.write(value != nil)
        if let value { writer.write(value) }
    }

    private static func readOptionalInt(_ reader: inout BinaryReader) throws -> Int? {
        try reader.readBool() ? try reader.readInt() : nil
    }

    private static func strings(_ values: [String], to writer: inout BinaryWriter) {
        writer.write(values.count)
        for value in values { writer.write(value) }
    }

    private static func readStrings(_ reader: inout BinaryReader) throws -> [String] {
        try (0..<reader.readCount()).map { _ in try reader.readString() }
    }
}
