import Foundation
import TranscriptJSON
import TranscriptModel

/// Puts a room's converted events together: display names, edits applied to their messages, reactions added
/// to theirs, redactions marking them deleted, and the labels of state changes; what an event's fields held when
/// they could not be read follows it in a `fields` part.
enum MatrixRoom {
    package static func conversation(
        header: [String: JSONValue], events: [MatrixEvents.Read], fileName: String
    ) -> Conversation {
        // Display names: the latest `m.room.member` displayname of each user.
        var names: [String: String] = [:]
        var membership: [String: String] = [:]
        for read in events {
            let converted = read.converted
            if case .state(_, _, _, .member(let user, let state, _, let name, _, _)) = converted {
                if let name, !name.isEmpty { names[user] = name }
                membership[user] = state
            }
        }
        func name(_ user: String?) -> String {
            guard let user else { return "Someone" }
            return names[user] ?? localpart(user)
        }

        var messages: [Message] = []
        var position: [String: Int] = [:]
        var reactionEvents: [String: (target: String, key: String, sender: String)] = [:]
        var senders: [String] = []
        var seen: Set<String> = []
        func noteSender(_ sender: String?) {
            if let sender, !sender.isEmpty, seen.insert(sender).inserted { senders.append(sender) }
        }

        for read in events {
            let converted = read.converted
            noteSender(converted.sender)
            // What the event's fields held when they could not be read follows it.
            defer { messages += read.fieldsPart }
            switch converted {
            case .message(var message, let emote):
                if let emote { message.kind = emote.kind(name: name(message.sender)) }
                if position[message.id] == nil { position[message.id] = messages.count }
                messages.append(message)
            case .state(let id, let sender, let date, let change):
                let event = systemEvent(change, sender: sender, name: name)
                if position[id] == nil { position[id] = messages.count }
                messages.append(Message(id: id, sender: sender, date: date, kind: .system(event)))
            case .edit(let id, let sender, let target, var kind, let emote, let date):
                if let index = position[target] {
                    if let emote { kind = emote.kind(name: name(messages[index].sender)) }
                    messages[index].kind = kind
                    messages[index].edited = date
                } else {
                    // The original is not in the export: the edit stands for it.
                    if let emote { kind = emote.kind(name: name(sender)) }
                    position[id] = messages.count
                    messages.append(Message(id: id, sender: sender, date: date, kind: kind, edited: date))
                }
            case .reaction(let id, let sender, let target, let key):
                guard let index = position[target] else { continue }
                reactionEvents[id] = (target, key, sender)
                if let existing = messages[index].reactions.firstIndex(where: { $0.emoji == key }) {
                    if !messages[index].reactions[existing].by.contains(sender) {
                        messages[index].reactions[existing].by.append(sender)
                        messages[index].reactions[existing].count = messages[index].reactions[existing].by.count
                    }
                } else {
                    messages[index].reactions.append(Reaction(emoji: key, by: [sender]))
                }
            case .redaction(_, let target):
                if let index = position[target] {
                    messages[index].deleted = true
                } else if let reaction = reactionEvents.removeValue(forKey: target), let index = position[reaction.target],
                          let existing = messages[index].reactions.firstIndex(where: { $0.emoji == reaction.key })
                {
                    messages[index].reactions[existing].by.removeAll { $0 == reaction.sender }
                    messages[index].reactions[existing].count = messages[index].reactions[existing].by.count
                    if messages[index].reactions[existing].by.isEmpty { messages[index].reactions.remove(at: existing) }
                }
            case .ignored:
                break
            }
        }

        let roomName = MatrixEvents.string(header["room_name"]).flatMap { $0.isEmpty ? nil : $0 }
        let roomID = events.lazy.compactMap(\.roomID).first
        let id = roomID ?? roomName ?? fileName
        let members = membership.isEmpty
            ? Set(messages.compactMap { message -> String? in
                if case .system = message.kind { return nil }
                return message.sender
            }).count
            : membership.values.filter { $0 == "join" || $0 == "invite" }.count
        EventPeople.naming(&messages, participants: seen) { name($0) }
        return Conversation(
            id: id, title: roomName ?? id, kind: members == 2 ? .direct : .group,
            participants: senders.map { Participant(id: $0, name: name($0)) }, messages: messages)
    }


    /// `@ann:example.org` → `ann`.
    static func localpart(_ user: String) -> String {
        var text = Substring(user)
        if text.hasPrefix("@") { text = text.dropFirst() }
        let local = text.prefix { $0 != ":" }
        return local.isEmpty ? user : String(local)
    }

    static func systemEvent(_ change: MatrixEvents.StateChange, sender: String?, name: (String?) -> String) -> SystemEvent {
        let actor = name(sender)
        switch change {
        case .member(let user, let membership, let previous, let newName, let previousName, let reason):
            let subjectNew = newName.flatMap { $0.isEmpty ? nil : $0 } ?? name(user)
            let subject = previousName.flatMap { $0.isEmpty ? nil : $0 } ?? subjectNew
            let reason = reason.flatMap { $0.isEmpty ? nil : $0 }
            let because = reason.map { ": " + $0 } ?? ""
            let bySelf = sender == nil || sender == user
            switch membership {
            case "join":
                if previous == "join" {
                    if let previousName, let newName, previousName != newName, !newName.isEmpty {
                        return SystemEvent(
                            event: .profile, text: "\(previousName) changed their name to \(newName)", actor: user,
                            title: newName, previous: previousName.isEmpty ? nil : previousName)
                    }
                    if previousName != nil, newName == nil || newName?.isEmpty == true {
                        return SystemEvent(
                            event: .profile, text: "\(subject) removed their display name", actor: user, previous: subject)
                    }
                    return SystemEvent(event: .profile, text: "\(subjectNew) changed their profile", actor: user)
                }
                return SystemEvent(event: .join, text: "\(subjectNew) joined", actor: user)
            case "invite":
                return described(SystemEvent(event: .invite, text: "\(actor) invited \(subjectNew)"), by: sender, to: user)
            case "ban":
                return described(SystemEvent(event: .ban, text: "\(actor) banned \(subject)\(because)"), by: sender, to: user, reason: reason)
            case "knock":
                return SystemEvent(event: .knock, text: "\(subjectNew) asked to join", actor: user)
            default:  // leave
                if previous == "ban" { return described(SystemEvent(event: .unban, text: "\(actor) unbanned \(subject)"), by: sender, to: user) }
                if bySelf {
                    if previous == "invite" {
                        return SystemEvent(event: .uninvite, text: "\(subject) rejected the invitation", actor: user)
                    }
                    return SystemEvent(event: .leave, text: "\(subject) left\(because)", actor: user, title: reason)
                }
                if previous == "invite" {
                    return described(SystemEvent(event: .uninvite, text: "\(actor) withdrew \(subject)'s invitation"), by: sender, to: user)
                }
                return described(SystemEvent(event: .leave, text: "\(actor) removed \(subject)\(because)"), by: sender, to: user, reason: reason)
            }
        case .roomName(let roomName):
            return roomName.isEmpty
                ? SystemEvent(event: .rename, text: "\(actor) removed the room name")
                : SystemEvent(event: .rename, text: "\(actor) changed the room name to \(roomName)", actor: sender, title: roomName)
        case .topic(let topic):
            return topic.isEmpty
                ? SystemEvent(event: .topic, text: "\(actor) removed the topic", actor: sender)
                : SystemEvent(event: .topic, text: "\(actor) changed the topic to \"\(topic)\"", actor: sender, title: topic)
        case .create: return SystemEvent(event: .create, text: "\(actor) created the room", actor: sender)
        case .avatar(let removed):
            return SystemEvent(event: removed ? .photoRemoved : .photo, text: "\(actor) changed the room avatar", actor: sender)
        case .pinned:
            // Pinned or unpinned, the export does not say: its own name for the event, as data.
            return SystemEvent(event: .other, text: "\(actor) changed the pinned messages", actor: sender, title: "m.room.pinned_events")
        case .call(let what):
            // A call's steps: started (`m.call.invite`), answered, declined (`m.call.reject`), ended (`m.call.hangup`).
            let kinds: [String: SystemEvent.Event] = [
                "answered the call": .callAnswered, "declined the call": .callDeclined, "ended the call": .callEnded,
            ]
            return SystemEvent(event: kinds[what] ?? .call, text: "\(actor) \(what)", actor: sender)
        }
    }

    /// `event` as done by `sender` to `user`, for the reason given, if any; as it is when no sender is known.
    private static func described(_ event: SystemEvent, by sender: String?, to user: String, reason: String? = nil) -> SystemEvent {
        guard let sender else { return event }
        var event = event
        event.actor = sender
        event.subjects = [user]
        event.title = reason
        return event
    }
}
