import Foundation
import TranscriptModel

/// Makes a conversation of a WhatsApp database's chat: its participants (by jid, named by `WhatsAppNames`; the
/// owner as the site's `me`), its messages' ids, replies and reactions.
///
/// A message's id is its content id (`ContentMessageIDs`: sender, minute, what it says, ordinal), made with the
/// name WhatsApp's "Export chat" text shows for the sender (the owner's: the site's `me`), not the database's
/// key (`ZSTANZAID`, `key_id`): so the chat read from the database and the same chat exported as text give
/// their common messages the same ids, and merge (`merge: join` makes the two one conversation).
struct WhatsAppChatAssembler {
    let names: WhatsAppNames
    /// The owner's participant id (the site's first `me`, else `me`).
    let me: String

    /// The conversation id of a chat: `whatsapp-` and 16 hex digits of a digest of its jid (stable, and no
    /// phone number in the pages' addresses).
    static func conversationID(jid: String) -> String {
        "whatsapp-" + ContentName.of(Data(jid.utf8)).prefix(16)
    }

    /// The conversation of `chat` with `rows` (oldest first); nil when it has none.
    func conversation(_ chat: WhatsAppDatabaseChat, _ rows: [WhatsAppDatabaseMessage]) -> Conversation? {
        guard !rows.isEmpty else { return nil }
        var messages: [Message] = []
        messages.reserveCapacity(rows.count)
        var rowIDByKey: [String: String] = [:]
        for row in rows {
            if let key = row.keyID, !key.isEmpty, rowIDByKey[key] == nil { rowIDByKey[key] = "r\(row.rowID)" }
        }
        var senders: [String] = []
        var seen: Set<String> = []
        var identityNames: [String: String] = [me: me]
        for row in rows {
            let sender = row.fromMe ? me : row.senderJID
            var people = [sender].compactMap { $0 }
            // Those an event names are participants too.
            if case .system(let event) = row.kind { people += [event.actor].compactMap { $0 } + (event.subjects ?? []) }
            for person in people where seen.insert(person).inserted {
                senders.append(person)
                if person != me { identityNames[person] = names.name(person) }
            }
            var reactions: [String: [String]] = [:]
            var order: [String] = []
            for reaction in row.reactions {
                if reactions[reaction.emoji] == nil { order.append(reaction.emoji) }
                reactions[reaction.emoji, default: []].append(reaction.jid ?? me)
            }
            messages.append(Message(
                id: "r\(row.rowID)", sender: sender, date: row.date, kind: row.kind,
                replyTo: row.quotedKeyID.flatMap { rowIDByKey[$0] },
                reactions: order.map { Reaction(emoji: $0, by: reactions[$0]!) }, deleted: row.deleted))
        }
        ContentMessageIDs.assign(to: &messages, senderNames: identityNames)
        let participants = senders.map { id in
            id == me ? Participant(id: me, name: me == "me" ? "Me" : me) : Participant(id: id, name: names.name(id))
        }
        let title = chat.name ?? (chat.isGroup ? "WhatsApp group" : names.name(chat.jid))
        return Conversation(
            id: Self.conversationID(jid: chat.jid), title: title, kind: chat.isGroup ? .group : .direct,
            participants: participants, messages: messages)
    }
}
