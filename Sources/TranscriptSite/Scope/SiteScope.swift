import Foundation
import TranscriptModel

/// The config's `scope:` applied to each conversation as it is read: whether it is built, and its messages of
/// the scope's days.
struct SiteScope: Sendable {
    let settings: ScopeSettings
    /// The scope's days in seconds since 1970, when it names any.
    let span: (start: Double, end: Double)?
    private let region: String?
    /// The people of `people:` the scope names (by index in the directory), with the entry that names them.
    private let people: [Int: String]
    private let directory: PeopleDirectory?
    /// The entries of `scope.people` that name no person of `people:`, by their key.
    private let keys: [PersonKey: String]

    init(settings: ScopeSettings, directory: PeopleDirectory?, region: String?, timeZone: TimeZone) throws {
        self.settings = settings
        self.directory = directory
        self.region = region
        var span = DaySpan(from: settings.from, to: settings.to)
        span.fromName = "scope.from"
        span.toName = "scope.to"
        self.span = settings.from == nil && settings.to == nil ? nil : try span.seconds(in: timeZone)
        var people: [Int: String] = [:]
        var keys: [PersonKey: String] = [:]
        for entry in settings.people {
            let key = PersonKey(entry, region: region)
            let named = directory?.people.indices.filter { index in
                let person = directory!.people[index]
                return person.name.lowercased() == entry.lowercased() || directory!.keys(of: person).contains(key)
            } ?? []
            if named.isEmpty {
                keys[key] = entry
            } else {
                for index in named { people[index] = entry }
            }
        }
        self.people = people
        self.keys = keys
    }

    /// Whether `conversation` is built: it is one of the scope's conversations, or one of the scope's people takes
    /// part in it (by any of their ids), or the scope names neither. Its messages outside the scope's days are
    /// left out; a conversation with none left is not built. `matched` gets the entries that matched.
    func includes(_ conversation: inout Conversation, matched: inout Set<String>) -> Bool {
        var included = settings.conversations.isEmpty && settings.people.isEmpty
        for entry in settings.conversations where entry == conversation.id || entry == conversation.title {
            matched.insert("conversations: " + entry)
            included = true
        }
        if !settings.people.isEmpty {
            var ids = conversation.participants.map { ($0.id, $0.name) }
            var listed = Set(conversation.participants.map(\.id))
            for message in conversation.messages {
                if let sender = message.sender, listed.insert(sender).inserted { ids.append((sender, sender)) }
            }
            for (id, name) in ids {
                if let index = directory?.person(participantID: id, name: name), let entry = people[index] {
                    matched.insert("people: " + entry)
                    included = true
                }
                for key in [PersonKey(id, region: region), PersonKey(name, region: region)] {
                    if let entry = keys[key] {
                        matched.insert("people: " + entry)
                        included = true
                    }
                }
            }
        }
        guard included else { return false }
        if let span {
            conversation.messages.removeAll { $0.date.secondsSince1970 < span.start || $0.date.secondsSince1970 >= span.end }
            if conversation.messages.isEmpty { return false }
        }
        return true
    }

    /// The entries that can match (`conversations: family`, `people: Quinn`), for the warning about those that did not.
    var entries: [String] {
        settings.conversations.map { "conversations: " + $0 } + settings.people.map { "people: " + $0 }
    }
}
