import TranscriptModel
import TranscriptSupport

/// Message ids for exports that have none of their own (WhatsApp's and Signal's text, IRC logs), made from the
/// message itself: its sender, its minute, what it says, and its ordinal among the messages of the conversation
/// with the same three. The same message gets the same id in every export of its conversation, however the
/// exports are cut, in whatever date layout they were written and with or without the lines before it, so a
/// message's address (`#m-<id>`) stays where it is when an older or newer export is added (see docs/archive.md).
///
/// The minute is the coarsest resolution these exports have (Android's WhatsApp writes no seconds). What a
/// message says is its text; for media only that it is media (an export made without media says
/// `<Media omitted>` where another names the file), for an event its text, for a deleted message that it was
/// deleted. An id is 12 characters of base32 (60 bits of `FastDigest`); the rare equal digest gets `-dup`.
package enum ContentMessageIDs {
    /// Gives every message its content id, and points replies and threads at the new ids. `senderNames` gives
    /// the name a sender's id stands for in the identity, when it is not the id itself (a WhatsApp database
    /// names people by jid where the text export names them): the same message then gets the same id in both.
    package static func assign(to messages: inout [Message], senderNames: [String: String] = [:]) {
        var ordinals: [UInt64: UInt64] = [:]
        ordinals.reserveCapacity(messages.count)
        var unique = UniqueMessageIDs()
        var renamed: [String: String] = [:]
        let refersToOthers = messages.contains { $0.replyTo != nil || $0.thread != nil }
        for index in messages.indices {
            let message = messages[index]
            let identity = senderNames.isEmpty
                ? Self.identity(of: message)
                : Self.identity(sender: message.sender.map { senderNames[$0] ?? $0 }, date: message.date, saying: saying(message))
            let ordinal = ordinals[identity, default: 0]
            ordinals[identity] = ordinal + 1
            let id = unique.make(Self.id(identity: identity, ordinal: ordinal))
            if refersToOthers { renamed[messages[index].id] = id }
            messages[index].id = id
        }
        guard refersToOthers else { return }
        for index in messages.indices {
            if let reply = messages[index].replyTo { messages[index].replyTo = renamed[reply] ?? reply }
            if let thread = messages[index].thread { messages[index].thread = renamed[thread] ?? thread }
        }
    }

    /// The digest of a message's sender, minute and what it says.
    package static func identity(of message: Message) -> UInt64 {
        identity(sender: message.sender, date: message.date, saying: saying(message))
    }

    /// The digest of a sender, the minute of `date` and what a message says (`saying(_:)`).
    package static func identity(sender: String?, date: Timestamp, saying: String) -> UInt64 {
        var digest = FastDigest()
        digest.add(sender ?? "")
        digest.add(UInt64(bitPattern: Int64((date.secondsSince1970 / 60).rounded(.down))))
        digest.add(saying)
        return digest.value
    }

    /// What a message says, as its identity takes it.
    package static func saying(_ message: Message) -> String {
        if message.deleted { return "\u{1}deleted" }
        switch message.kind {
        case .text(let text), .markdown(let text): return text
        case .photo, .video, .audio, .voice, .file, .sticker, .contact: return "\u{1}media"
        case .location: return "\u{1}location"
        case .poll(let poll): return "\u{1}poll " + poll.question
        case .linkPreview(let preview): return "\u{1}link " + preview.url
        case .system(let event): return "\u{1}event " + event.text
        case .custom, .unsupported: return "\u{1}other"
        }
    }

    /// 12 base32 characters of the digest of an identity and its ordinal.
    static func id(identity: UInt64, ordinal: UInt64) -> String {
        var digest = FastDigest()
        digest.add(identity)
        digest.add(ordinal)
        var value = digest.value >> 4
        var characters = [UInt8](repeating: 0, count: 12)
        for position in (0..<12).reversed() {
            characters[position] = alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
}
