import TranscriptModel

/// The events of WhatsApp for iOS (`ZWAMESSAGE` rows of `ZMESSAGETYPE` 6 or 10) by their `ZGROUPEVENTTYPE`.
///
/// No description from WhatsApp exists; the codes are those public readers of `ChatStorage.sqlite` agree on: a
/// TypeScript reader's `GroupEventType` enum (a name for each of 0–12, 14–23, 26, 30, 34–36 and 50), an
/// Android-to-iPhone migration script's constants (3 left, 9 number changed, 12 created, 26 business account,
/// 36 security code changed) and a viewer that shows 1–5, 7, 9, 12, 15, 26, 36, 37 and 50 as service messages.
/// `ZGROUPMEMBER` is the member the event is about (`actor` here, `me` when `ZISFROMME`).
enum WhatsAppIOSGroupEvents {
    /// The codes that are notes about a chat rather than a group's events, read on rows of type 10 too.
    static let notices: Set<Int64> = [6, 9, 26, 30, 34, 35, 36]

    /// The event of `code`, or nil for a code no source names (the row is then shown as unsupported).
    static func event(code: Int64, text: String, actor: String?, actorName: String, fromMe: Bool) -> SystemEvent? {
        let named = text.isEmpty || Int(text) != nil ? nil : text
        switch code {
        case 1:
            return named.map { SystemEvent(event: .rename, text: "\(actorName) changed the group name to “\($0)”", actor: actor, title: $0) }
                ?? SystemEvent(event: .rename, text: "\(actorName) changed the group name", actor: actor)
        case 2: return SystemEvent(event: .join, text: "\(actorName) joined", actor: actor)
        case 3: return SystemEvent(event: .leave, text: "\(actorName) left", actor: actor)
        case 4: return SystemEvent(event: .photo, text: "\(actorName) changed the group icon", actor: actor)
        case 5: return SystemEvent(event: .photoRemoved, text: "\(actorName) deleted the group icon", actor: actor)
        case 6, 9: return SystemEvent(event: .other, text: "\(actorName) changed their phone number", actor: actor)
        case 7:
            // The member removed; WhatsApp does not keep who removed them here.
            guard let actor, !fromMe else { return SystemEvent(event: .other, text: "You were removed") }
            return SystemEvent(event: .leave, text: "\(actorName) was removed", subjects: [actor])
        case 8: return SystemEvent(event: .create, text: "\(actorName) created a broadcast list", actor: actor)
        case 10: return SystemEvent(event: .other, text: "You are now an admin")
        case 11, 20:
            return SystemEvent(event: .permissions, text: "\(actorName) allowed only admins to send messages", actor: actor)
        case 12:
            return SystemEvent(
                event: .create, text: named.map { "\(actorName) created the group “\($0)”" } ?? "\(actorName) created the group",
                actor: actor, title: named)
        case 14: return SystemEvent(event: .other, text: "This group was ended")
        case 15: return SystemEvent(event: .join, text: "\(actorName) joined using an invite link", actor: actor)
        case 16: return SystemEvent(event: .other, text: "\(actorName) reset the group's invite link", actor: actor)
        case 17:
            return SystemEvent(
                event: .purpose, text: named.map { "\(actorName) changed the group description to “\($0)”" }
                    ?? "\(actorName) changed the group description",
                actor: actor, title: named)
        case 18: return SystemEvent(event: .permissions, text: "\(actorName) allowed only admins to edit the group's info", actor: actor)
        case 19: return SystemEvent(event: .permissions, text: "\(actorName) allowed all members to edit the group's info", actor: actor)
        case 21: return SystemEvent(event: .callMissed, text: "Missed group voice call", actor: actor)
        case 22: return SystemEvent(event: .purpose, text: "\(actorName) deleted the group description", actor: actor)
        case 23: return SystemEvent(event: .join, text: "\(actorName) joined using your invite link", actor: actor)
        case 26: return SystemEvent(event: .other, text: "This chat is with a business account")
        case 30: return SystemEvent(event: .other, text: "This business account is now a standard account")
        case 34: return SystemEvent(event: .other, text: "You blocked this contact")
        case 35: return SystemEvent(event: .other, text: "You unblocked this contact")
        case 36:
            return fromMe ? SystemEvent(event: .other, text: "Your security code changed")
                : SystemEvent(event: .other, text: "\(actorName)'s security code changed", actor: actor)
        case 50: return SystemEvent(event: .other, text: "You added members")
        default: return nil
        }
    }
}
