import Foundation
import TranscriptJSON
import TranscriptModel

/// Mattermost's system posts (`type` `system_…`, or older exports' texts about the poster): what event each
/// is, and who did what to whom.
extension MattermostPostReader {
    /// The event of a system post: by its `type` (`system_join_channel`, ...), or, for exports that keep no
    /// type, by Mattermost's own English texts about the poster (`ron joined the channel.`).
    static func systemEvent(type: String, text: String, user: String?) -> SystemEvent.Event? {
        if type.hasPrefix("system_") {
            switch type {
            case "system_join_channel", "system_join_team", "system_add_to_channel", "system_add_to_team",
                 "system_guest_join_channel", "system_add_guest_to_chan":
                return .join
            case "system_leave_channel", "system_leave_team", "system_remove_from_channel", "system_remove_from_team":
                return .leave
            case "system_displayname_change": return .rename
            case "system_header_change": return .topic
            case "system_purpose_change": return .purpose
            case "system_pinned_message", "system_pinned": return .pin
            case "system_channel_deleted": return .archive
            case "system_channel_restored": return .unarchive
            default: return .other
            }
        }
        guard type.isEmpty, let user, text.count < 200, !text.contains("\n") else { return nil }
        for phrase in [" joined the channel.", " joined the team.", " has joined the channel.", " has joined the team."]
        where text == user + phrase || text == "@" + user + phrase {
            return .join
        }
        for phrase in [" left the channel.", " left the team.", " has left the channel.", " has left the team."]
        where text == user + phrase || text == "@" + user + phrase {
            return .leave
        }
        // `ron added to the channel by harry.`: posted by the one who added.
        for phrase in [" added to the channel by ", " added to the team by "] {
            if let range = text.range(of: phrase), text.hasSuffix("."),
               text[range.upperBound...].dropLast().trimmingCharacters(in: .whitespaces).trimmingPrefix("@") == user,
               !text[..<range.lowerBound].contains(" ")
            {
                return .join
            }
        }
        return nil
    }

    /// Who did what (the poster), for the events whose words pages compose in their own language: joining or
    /// leaving, adding or removing someone (`ron added to the channel by harry.`, or the added or removed
    /// username in `props`), the new display name, header or purpose in `props` (none: it was removed), and
    /// archiving (`system_channel_deleted`) or unarchiving (`system_channel_restored`) the channel; the other
    /// `system_…` posts by their type as `title` (`system_change_chan_privacy`).
    static func describe(_ event: inout SystemEvent, type: String, text: String, user: String, props: JSONValue?) {
        if let subjects = subjects(type: type, text: text, user: user, event: event.event) {
            event.actor = user
            event.subjects = subjects.isEmpty ? nil : subjects
            return
        }
        if type == "system_channel_deleted" || type == "system_channel_restored" {
            event.actor = user
            return
        }
        // The other `system_…` posts have no words of their own: the post's type, as data.
        if event.event == .other {
            event.actor = user
            event.title = type
            return
        }
        // `props` is free-form (what Mattermost and its plugins keep with a post): a value that is not a string is
        // no description.
        guard case .object(let props)? = props else { return }
        func string(_ key: String) -> String? {
            guard case .string(let value)? = props[key] else { return nil }
            return value
        }
        switch type {
        case "system_add_to_channel", "system_add_to_team", "system_add_guest_to_chan":
            guard let added = string("addedUsername"), !added.isEmpty else { return }
            event.actor = user
            event.subjects = [added]
        case "system_remove_from_channel", "system_remove_from_team":
            guard let removed = string("removedUsername"), !removed.isEmpty else { return }
            event.actor = user
            event.subjects = [removed]
        case "system_displayname_change":
            guard let name = string("new_displayname"), !name.isEmpty else { return }
            event.actor = user
            event.title = name
        case "system_header_change", "system_purpose_change":
            guard let value = string(type == "system_header_change" ? "new_header" : "new_purpose") else { return }
            event.actor = user
            event.title = value.isEmpty ? nil : value
        default:
            return
        }
    }

    /// For a post about its poster joining or leaving, or adding someone (`ron added to the channel by
    /// harry.`), whom it was done to (empty: no one but the poster); nil for the other events.
    static func subjects(type: String, text: String, user: String, event: SystemEvent.Event) -> [String]? {
        switch type {
        case "system_join_channel", "system_join_team", "system_leave_channel", "system_leave_team": return []
        case "": break
        default: return nil
        }
        for phrase in [" added to the channel by ", " added to the team by "] {
            if let range = text.range(of: phrase) { return [String(text[..<range.lowerBound].trimmingPrefix("@"))] }
        }
        return event == .join || event == .leave ? [] : nil
    }
}
