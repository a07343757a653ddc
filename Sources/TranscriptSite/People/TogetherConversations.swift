import TranscriptModel
import TranscriptRender

/// Which conversations go into a person's one timeline across apps (`people: [{…, together: true}]`), and the
/// names they wait under in the build's merge stash until every export was read: one per person and app, so
/// that several exports of one app's chat (a WhatsApp text export and the phone's database) are first merged as
/// any exports of one chat are, and the apps then gathered (`TogetherTimeline`).
enum TogetherConversations {
    private static let prefix = "\u{1}together\u{1}"

    /// The stash name of the person at `person` (their position in the directory) on `app`. Stash names are
    /// taken in order: a person's apps one after another, before any conversation's own id.
    static func stashName(person: Int, app: String) -> String {
        let number = String(person)
        return prefix + String(repeating: "0", count: max(0, 6 - number.count)) + number + "\u{1}" + app
    }

    /// The person and app of a stash name that `stashName` made; nil for a conversation's own id.
    static func parse(_ name: String) -> (person: Int, app: String)? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let separator = rest.firstIndex(of: "\u{1}"), let person = Int(rest[..<separator]) else { return nil }
        return (person, String(rest[rest.index(after: separator)...]))
    }
}

extension PeopleTransform {
    /// The person (their position in the directory) whose timeline `conversation` belongs in: a direct
    /// conversation whose one person besides the owner is shown `together`; nil for any other.
    func togetherPerson(of conversation: Conversation) -> Int? {
        guard conversation.kind == .direct, directory.people.contains(where: \.together) else { return nil }
        let region = directory.region
        var found: Int?
        var seen = Set<String>()
        func look(id: String, name: String) -> Bool {
            guard seen.insert(id).inserted, !me.contains(id), !meKeys.contains(PersonKey(id, region: region)) else { return true }
            guard let person = directory.person(participantID: id, name: name) else { return true }
            if let found, found != person { return false }
            found = person
            return true
        }
        for participant in conversation.participants where !look(id: participant.id, name: participant.name) { return nil }
        for message in conversation.messages {
            if let sender = message.sender, !look(id: sender, name: sender) { return nil }
        }
        guard let found, directory.people[found].together else { return nil }
        return found
    }

    /// A person's timeline with one participant for them and one for the owner, whatever ids each app gave them
    /// (so the page lists each once): the person's participants take the first one's id, the owner's the first
    /// id of `me`.
    func unifying(_ conversation: Conversation, person: Int) -> Conversation {
        let region = directory.region
        var renamed: [String: String] = [:]
        var personID: String?
        for participant in conversation.participants {
            if let owner = me.first, me.contains(participant.id) || meKeys.contains(PersonKey(participant.id, region: region)) {
                if participant.id != owner { renamed[participant.id] = owner }
            } else if directory.person(participantID: participant.id, name: participant.name) == person {
                if let personID { renamed[participant.id] = personID } else { personID = participant.id }
            }
        }
        return renamed.isEmpty ? conversation : Self.renaming(conversation, renamed)
    }
}
