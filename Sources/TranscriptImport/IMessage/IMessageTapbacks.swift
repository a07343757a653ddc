import TranscriptModel

/// Tapbacks: rows of `message` whose `associated_message_type` is 2000–2006 (added) or 3000–3006 (removed),
/// pointing at their message through `associated_message_guid` (`p:0/GUID`, the message's first part, or
/// `bp:GUID`). They become reactions of the message they point at, with who gave them, never messages.
///
/// A person has at most one tapback on a message: a later one replaces theirs, and a removal (of the same
/// tapback) takes it away.
struct IMessageTapbacks {
    /// One tapback row.
    struct Event {
        var targetGUID: String
        var part: Int
        var sender: String
        /// The emoji given or taken away (nil: an emoji tapback's removal that does not say which).
        var emoji: String?
        var isRemoval: Bool
    }

    private(set) var events: [Event] = []

    /// The emoji of the classic tapbacks, by `associated_message_type - 2000`; 6 is an emoji tapback (macOS 15),
    /// whose emoji is in `associated_message_emoji`.
    static let emoji = ["❤️", "👍", "👎", "😂", "‼️", "❓"]

    /// Whether a row of this `associated_message_type` is a tapback.
    static func isTapback(_ type: Int64) -> Bool {
        (2000...2006).contains(type) || (3000...3006).contains(type)
    }

    /// Notes a tapback row.
    mutating func add(type: Int64, target: String, emoji custom: String?, sender: String) {
        let (guid, part) = Self.target(target)
        guard !guid.isEmpty else { return }
        let index = Int(type % 1000)
        let customEmoji = custom.flatMap { $0.isEmpty ? nil : $0 }
        let isRemoval = type >= 3000
        let emoji = index < Self.emoji.count ? Self.emoji[index] : (isRemoval ? customEmoji : customEmoji ?? "❔")
        events.append(Event(targetGUID: guid, part: part, sender: sender, emoji: emoji, isRemoval: isRemoval))
    }

    /// The message GUID and part of `associated_message_guid`: `p:1/GUID` → (GUID, 1), `bp:GUID` → (GUID, 0).
    static func target(_ text: String) -> (guid: String, part: Int) {
        if text.hasPrefix("bp:") { return (String(text.dropFirst(3)), 0) }
        if text.hasPrefix("p:"), let slash = text.firstIndex(of: "/") {
            let part = Int(text[text.index(text.startIndex, offsetBy: 2)..<slash]) ?? 0
            return (String(text[text.index(after: slash)...]), max(0, part))
        }
        return (text, 0)
    }

    /// The reactions of each message, by the id `resolve` gives a target (nil: not in the conversation), and how
    /// many tapbacks point at messages that are not there.
    func reactions(resolve: (String, Int) -> String?) -> (byMessage: [String: [Reaction]], unresolved: Int) {
        var given: [String: [(sender: String, emoji: String)]] = [:]
        var order: [String] = []
        var unresolved = 0
        for event in events {
            guard let id = resolve(event.targetGUID, event.part) else {
                unresolved += 1
                continue
            }
            if given[id] == nil { order.append(id) }
            var list = given[id] ?? []
            if event.isRemoval {
                list.removeAll { $0.sender == event.sender && (event.emoji == nil || $0.emoji == event.emoji) }
            } else if let emoji = event.emoji {
                list.removeAll { $0.sender == event.sender }
                list.append((event.sender, emoji))
            }
            given[id] = list
        }
        var result: [String: [Reaction]] = [:]
        for id in order {
            guard let list = given[id], !list.isEmpty else { continue }
            var emojis: [String] = []
            var senders: [String: [String]] = [:]
            for entry in list {
                if senders[entry.emoji] == nil { emojis.append(entry.emoji) }
                senders[entry.emoji, default: []].append(entry.sender)
            }
            result[id] = emojis.map { Reaction(emoji: $0, by: senders[$0] ?? []) }
        }
        return (result, unresolved)
    }
}
