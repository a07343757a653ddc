import Foundation
import TranscriptModel

/// A person's one-to-one conversations on several apps made one conversation (`people: [{…, together: true}]`,
/// see docs/people.md): every message of each app's conversation once, in time order, each marked with its app.
///
/// The apps' conversations are not versions of one chat (as several exports of one chat are, `ConversationMerge`),
/// so nothing is matched between them: their messages are interleaved by time, each app's in its own order. Two
/// apps' message ids may be alike (Telegram's and Discord's are numbers), so each id, and each reply's and
/// thread's, is prefixed with its app's (`whatsapp-…`, `telegram-…`): a message's address in the timeline does
/// not depend on the other apps.
package enum TogetherTimeline {
    /// One app's conversation with the person (already merged from that app's exports).
    package struct Part: Sendable {
        /// The app's name as pages show it ("WhatsApp").
        package var app: String
        package var imported: ImportedConversation

        package init(app: String, imported: ImportedConversation) {
            self.app = app
            self.imported = imported
        }
    }

    /// The conversation `id`, titled `title`, of `parts` (at least one, each of another app, in a fixed order:
    /// messages of the same time keep it).
    package static func gather(_ parts: [Part], id: String, title: String) -> ImportedConversation {
        precondition(!parts.isEmpty)
        // Media paths stay relative to their own export's folder: every part's folders, one list.
        var folders: [URL] = []
        var folderOffsets: [Int] = []
        for part in parts {
            folderOffsets.append(folders.count)
            folders += part.imported.messageFolders?.folders ?? [part.imported.mediaFolder]
        }
        // Avatars are read from the conversation's one media folder: the first part's that has one.
        let avatarPart = parts.firstIndex { $0.imported.conversation.participants.contains { $0.avatar != nil } } ?? 0
        var participants: [Participant] = []
        var listed: [String: Int] = [:]
        for (number, part) in parts.enumerated() {
            for var participant in part.imported.conversation.participants {
                if number != avatarPart { participant.avatar = nil }
                if let index = listed[participant.id] {
                    if participants[index].avatar == nil, participant.avatar != nil { participants[index].avatar = participant.avatar }
                    continue
                }
                listed[participant.id] = participants.count
                participants.append(participant)
            }
        }
        // Each part's messages in their own order; between parts, the earliest next message first (the first
        // part's among equal times).
        let total = parts.reduce(0) { $0 + $1.imported.conversation.messages.count }
        var messages: [Message] = []
        messages.reserveCapacity(total)
        var folderOfMessage: [UInt32] = []
        folderOfMessage.reserveCapacity(total)
        var next = [Int](repeating: 0, count: parts.count)
        let prefixes = parts.map { idPrefix(of: $0.app) }
        while messages.count < total {
            var chosen = -1
            for index in parts.indices where next[index] < parts[index].imported.conversation.messages.count {
                let date = parts[index].imported.conversation.messages[next[index]].date
                if chosen < 0 || date < parts[chosen].imported.conversation.messages[next[chosen]].date { chosen = index }
            }
            let part = parts[chosen]
            var message = part.imported.conversation.messages[next[chosen]]
            let prefix = prefixes[chosen]
            message.id = prefix + message.id
            message.replyTo = message.replyTo.map { prefix + $0 }
            message.thread = message.thread.map { prefix + $0 }
            message.app = part.app
            messages.append(message)
            let ownFolder = part.imported.messageFolders.map { Int($0.ofMessage[next[chosen]]) } ?? 0
            folderOfMessage.append(UInt32(folderOffsets[chosen] + ownFolder))
            next[chosen] += 1
        }
        let mediaFolder = parts[avatarPart].imported.mediaFolder
        let mediaFolderIndex = UInt32(folderOffsets[avatarPart])
        let conversation = Conversation(id: id, title: title, kind: .direct, participants: participants, messages: messages)
        return ImportedConversation(
            conversation: conversation, mediaFolder: mediaFolder, warnings: parts.flatMap(\.imported.warnings),
            messageFolders: folderOfMessage.allSatisfy { $0 == mediaFolderIndex }
                ? nil : MessageFolders(folders: folders, ofMessage: folderOfMessage))
    }

    /// What a message id of `app` starts with in the timeline: the app's name in lower case, its spaces as hyphens,
    /// and a hyphen (`google-chat-…`).
    package static func idPrefix(of app: String) -> String {
        var prefix = ""
        for scalar in app.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                prefix.unicodeScalars.append(scalar)
            } else if !prefix.isEmpty, prefix.last != "-" {
                prefix.append("-")
            }
        }
        return (prefix.isEmpty ? "app" : prefix) + (prefix.last == "-" ? "" : "-")
    }
}
