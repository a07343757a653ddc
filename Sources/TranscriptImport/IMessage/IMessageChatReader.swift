import Foundation
import TranscriptJSON
import TranscriptModel

/// Reads one chat of the Messages database into a conversation: its messages, the tapbacks on them, its
/// group events and its attachments.
///
/// A row of `message` can become several messages of the model, which has one kind per message: its text and
/// each attachment, in the order the text places them (U+FFFC marks an attachment's place), with the ids
/// `GUID`, `GUID-2`, `GUID-3`, ...
struct IMessageChatReader {
    let database: IMessageDatabase
    let people: IMessagePeople
    let attachments: IMessageAttachments

    /// The chat's conversation; nil when it has no messages.
    func read(_ chat: IMessageDatabase.Chat) throws -> ImportedConversation? {
        let rows = try database.messages(inChat: chat.rowID)
        guard !rows.isEmpty else { return nil }
        let files = try database.attachments(inChat: chat.rowID)
        var state = State()
        for row in rows { add(row, files: files[row["rowid"].integer ?? 0] ?? [], to: &state) }

        // Tapbacks become the reactions of the messages they point at.
        let (reactions, unresolved) = state.tapbacks.reactions { guid, part in
            guard let parts = state.partsByGUID[guid], !parts.isEmpty else { return nil }
            return parts[min(part, parts.count - 1)]
        }
        for index in state.messages.indices {
            if let given = reactions[state.messages[index].id] { state.messages[index].reactions = given }
        }
        if unresolved > 0 {
            state.warnings.append(
                "\(database.displayPath): chat \(chat.rowID): \(unresolved) tapback\(unresolved == 1 ? " points" : "s point") at messages that are not in the chat; left out")
        }
        if let backupFiles = attachments.backupFiles,
           let warning = backupFiles.warning(state.missingFiles, in: "\(database.displayPath): chat \(chat.rowID)") {
            state.warnings.append(warning)
        }
        if !state.heicFiles.isEmpty {
            let listed = state.heicFiles.prefix(3).joined(separator: ", ") + (state.heicFiles.count > 3 ? ", ..." : "")
            state.warnings.append(
                "\(database.displayPath): chat \(chat.rowID): \(state.heicFiles.count == 1 ? "1 HEIC image is shown as a file" : "\(state.heicFiles.count) HEIC images are shown as files") (browsers other than Safari cannot show HEIC): \(listed)")
        }
        guard !state.messages.isEmpty else { return nil }

        // Members, then everyone else who wrote or was named by an event, the owner where they wrote.
        var participants: [Participant] = []
        var seen: Set<String> = []
        let members = try database.members(ofChat: chat.rowID).compactMap(people.address)
        for id in members + state.senders where seen.insert(id).inserted {
            participants.append(people.participant(id))
        }
        let others = members.filter { $0 != people.me }
        let names = (others.isEmpty ? participants.filter { $0.id != people.me }.map(\.id) : others).map { people.name($0) }
        let displayName = chat.displayName.flatMap { $0.isEmpty ? nil : $0 }
        let title = displayName ?? (names.isEmpty ? nil : names.joined(separator: ", ")) ?? chat.identifier ?? chat.guid
        let kind: ConversationKind = switch chat.style {
        case 43?: .group
        case 45?: .direct
        default: members.count > 1 || displayName != nil ? .group : .direct
        }
        let conversation = Conversation(
            id: "imessage-" + ContentName.of(Data(chat.guid.utf8)).prefix(16), title: title, kind: kind,
            participants: participants, messages: state.messages)
        return ImportedConversation(conversation: conversation, mediaFolder: attachments.root, warnings: state.warnings)
    }

    /// What reading a chat's rows gathers.
    private struct State {
        var messages: [Message] = []
        var warnings: [String] = []
        var tapbacks = IMessageTapbacks()
        /// The ids of each row's messages, by the row's GUID (what tapbacks and replies point at).
        var partsByGUID: [String: [String]] = [:]
        var ids = UniqueMessageIDs()
        /// Senders and people named by events, in the order first seen.
        var senders: [String] = []
        var heicFiles: [String] = []
        /// In a backup, the attachments whose files are not there.
        var missingFiles: [(path: String, location: IOSBackupFiles.Location)] = []
        var previousDate: Timestamp?

        mutating func note(_ person: String?) {
            if let person, !senders.contains(person) { senders.append(person) }
        }
    }

    private func add(_ row: SQLiteRow, files: [IMessageDatabase.Attachment], to state: inout State) {
        let rowID = row["rowid"].integer ?? 0
        let sender = (row["is_from_me"].integer ?? 0) != 0 ? people.me : people.address(row["handle_id"].integer)
        let associatedType = row["associated_message_type"].integer ?? 0
        if IMessageTapbacks.isTapback(associatedType), let target = row["associated_message_guid"].text {
            state.tapbacks.add(type: associatedType, target: target, emoji: row["associated_message_emoji"].text, sender: sender ?? "unknown")
            return
        }
        state.note(sender)

        var date = IMessageDate.timestamp(row["date"].integer)
        if date == nil {
            state.warnings.append("\(database.displayPath): message ROWID \(rowID) has no date; it is shown at the time of the message before it")
            date = state.previousDate ?? Timestamp(secondsSince1970: IMessageDate.referenceDate, utcOffset: 0)
        }
        state.previousDate = date

        var kinds: [MessageKind] = []
        let itemType = row["item_type"].integer ?? 0
        if itemType != 0 {
            kinds = [event(row, itemType: itemType, sender: sender, state: &state)]
        } else {
            let text = row["text"].text
            var textKind: MessageKind?
            if let body = row["attributedBody"].bytes, !body.isEmpty {
                do {
                    textKind = try IMessageAttributedBody(body).kind
                } catch {
                    if let text {
                        textKind = Self.plainKind(text)
                    } else {
                        state.warnings.append(
                            "\(database.displayPath): message ROWID \(rowID): cannot decode its attributedBody (\(error)); shown as unsupported")
                        textKind = .unsupported(UnsupportedContent(
                            type: "attributedBody", raw: .object(["rowid": .number(Double(rowID)), "bytes": .number(Double(body.count))])))
                    }
                }
            } else if let text {
                textKind = Self.plainKind(text)
            }
            var media: [MessageKind] = []
            for file in files {
                let (kind, isHEIC, missing) = attachments.kind(of: file, isAudioMessage: (row["is_audio_message"].integer ?? 0) != 0)
                if isHEIC { state.heicFiles.append(file.transferName ?? file.filename ?? "attachment") }
                if let missing { state.missingFiles.append(missing) }
                media.append(kind)
            }
            // Attachments come first when the text starts with their place.
            let attachmentsFirst = text?.first { !$0.isWhitespace } == IMessageText.attachmentPlaceholder
            kinds = attachmentsFirst ? media + [textKind].compactMap { $0 } : [textKind].compactMap { $0 } + media
        }

        let deleted = IMessageDate.timestamp(row["date_retracted"].integer) != nil || Self.hasRetractedParts(row["message_summary_info"].bytes)
        if kinds.isEmpty {
            if deleted {
                kinds = [.text("")]
            } else {
                var raw: [String: JSONValue] = ["rowid": .number(Double(rowID))]
                if let bundle = row["balloon_bundle_id"].text { raw["balloon_bundle_id"] = .string(bundle) }
                kinds = [.unsupported(UnsupportedContent(type: "message", raw: .object(raw)))]
            }
        }
        let guid = row["guid"].text.flatMap { $0.isEmpty ? nil : $0 } ?? "r\(rowID)"
        let base = state.ids.make(guid)
        var ids: [String] = []
        let replyTo = row["thread_originator_guid"].text.flatMap { state.partsByGUID[$0]?.first ?? ($0.isEmpty ? nil : $0) }
        let edited = IMessageDate.timestamp(row["date_edited"].integer)
        for (position, kind) in kinds.enumerated() {
            let id = position == 0 ? base : state.ids.make("\(base)-\(position + 1)")
            ids.append(id)
            state.messages.append(Message(
                id: id, sender: sender, date: date!, kind: kind, replyTo: position == 0 ? replyTo : nil,
                edited: position == 0 ? edited : nil, deleted: deleted))
        }
        state.partsByGUID[guid] = ids
    }

    /// Text without the places of attachments; nil when nothing is left.
    private static func plainKind(_ text: String) -> MessageKind? {
        let stripped = IMessageText.withoutPlaceholders(text)
        return stripped.allSatisfy(\.isWhitespace) ? nil : .text(stripped)
    }

    /// A group event (`item_type` 1: a member added or removed, 2: the group renamed, 3: someone left or the
    /// group's photo changed) as a system message; other item types as unsupported, with their row's values.
    private func event(_ row: SQLiteRow, itemType: Int64, sender: String?, state: inout State) -> MessageKind {
        let action = row["group_action_type"].integer ?? 0
        let actor = people.name(sender)
        let other = people.address(row["other_handle"].integer)
        switch (itemType, action) {
        case (1, 0) where other != nil && other != sender:
            state.note(other)
            return .system(SystemEvent(
                event: .join, text: "\(actor) added \(people.name(other))", actor: sender, subjects: sender.map { _ in [other!] }))
        case (1, 1) where other != nil:
            state.note(other)
            return .system(SystemEvent(
                event: .leave, text: "\(actor) removed \(people.name(other))", actor: sender, subjects: sender.map { _ in [other!] }))
        case (2, _):
            let title = row["group_title"].text ?? ""
            return .system(SystemEvent(
                event: .rename, text: title.isEmpty ? "\(actor) removed the conversation's name" : "\(actor) named the conversation “\(title)”",
                actor: title.isEmpty ? nil : sender, title: title.isEmpty || sender == nil ? nil : title))
        case (3, 0): return .system(SystemEvent(event: .leave, text: "\(actor) left the conversation", actor: sender))
        case (3, 1): return .system(SystemEvent(event: .photo, text: "\(actor) changed the group photo", actor: sender))
        case (3, 2): return .system(SystemEvent(event: .photoRemoved, text: "\(actor) removed the group photo", actor: sender))
        default:
            var raw: [String: JSONValue] = [
                "rowid": .number(Double(row["rowid"].integer ?? 0)), "item_type": .number(Double(itemType)),
                "group_action_type": .number(Double(action)),
            ]
            if let title = row["group_title"].text { raw["group_title"] = .string(title) }
            if let text = row["text"].text { raw["text"] = .string(text) }
            return .unsupported(UnsupportedContent(type: "event", raw: .object(raw)))
        }
    }

    /// Whether `message_summary_info` (a property list) lists retracted (unsent) parts under `rp`.
    private static func hasRetractedParts(_ bytes: [UInt8]?) -> Bool {
        guard let bytes, !bytes.isEmpty,
              let info = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as? [String: Any],
              let parts = info["rp"] as? [Any]
        else { return false }
        return !parts.isEmpty
    }
}
