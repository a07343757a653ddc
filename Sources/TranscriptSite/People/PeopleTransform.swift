import TranscriptModel

/// Makes every participant the config's `people:` names that person: the person's name and `person` id on
/// every conversation and app, and a direct conversation titled after its other participant titled after the
/// person. Participants whose ids `me` names (compared as people's ids are: numbers as E.164, addresses
/// without case) become the owner, under the first id of `me`.
struct PeopleTransform: Sendable {
    let directory: PeopleDirectory
    /// The owner's ids as the config writes them; the first is the one a matched participant takes.
    let me: [String]
    let meKeys: Set<PersonKey>

    init(directory: PeopleDirectory, me: [String]) {
        self.directory = directory
        self.me = me
        meKeys = Set(me.map { PersonKey($0, region: directory.region) })
    }

    /// What a conversation's transform did.
    struct Outcome: Equatable {
        /// Whether the participants (names, `person`) or the title changed.
        var changedParticipants = false
        /// Whether participant ids changed in the messages (a participant became the owner).
        var changedMessages = false
        /// The keys of the people's ids that matched a participant here.
        var matchedKeys = Set<String>()
    }

    /// Changes `conversation` as the directory and `me` say.
    func apply(to conversation: inout Conversation) -> Outcome {
        var outcome = Outcome()
        let region = directory.region
        // The owner: participants matched by `me`, unless `me` names their id as it is.
        var renamed: [String: String] = [:]
        if let owner = me.first {
            let literal = Set(me)
            for participant in conversation.participants where !literal.contains(participant.id) {
                if meKeys.contains(PersonKey(participant.id, region: region)) { renamed[participant.id] = owner }
            }
        }
        if !renamed.isEmpty {
            conversation = Self.renaming(conversation, renamed)
            outcome.changedMessages = true
            outcome.changedParticipants = true
        }
        guard !directory.people.isEmpty else { return outcome }
        // Senders the conversation does not list are matched too: they are listed, under the person's name.
        var listed = Set(conversation.participants.map(\.id))
        for message in conversation.messages {
            guard let sender = message.sender, !listed.contains(sender) else { continue }
            listed.insert(sender)
            if directory.person(participantID: sender, name: sender) != nil {
                conversation.participants.append(Participant(id: sender, name: sender))
            }
        }
        let originalNames = conversation.participants.map(\.name)
        for index in conversation.participants.indices {
            let participant = conversation.participants[index]
            guard let found = directory.person(participantID: participant.id, name: participant.name) else { continue }
            let person = directory.people[found]
            for key in [PersonKey(participant.id, region: region), PersonKey(participant.name, region: region)] {
                outcome.matchedKeys.insert(key.value)
            }
            if participant.name != person.name || participant.person != person.id {
                conversation.participants[index].name = person.name
                conversation.participants[index].person = person.id
                outcome.changedParticipants = true
            }
        }
        // A direct conversation named after the other person (by their name or id) takes the person's name.
        if conversation.kind == .direct {
            for (index, participant) in conversation.participants.enumerated()
            where participant.person != nil && !me.contains(participant.id)
                && (conversation.title == originalNames[index] || conversation.title == participant.id)
                && conversation.title != participant.name
            {
                conversation.title = participant.name
                outcome.changedParticipants = true
                break
            }
        }
        return outcome
    }

    /// `conversation` with the participant ids of `renamed` replaced wherever messages name people (senders,
    /// reactions, votes, events); participants renamed to one id become one.
    static func renaming(_ conversation: Conversation, _ renamed: [String: String]) -> Conversation {
        func new(_ id: String) -> String { renamed[id] ?? id }
        var changed = conversation
        var seen = Set<String>()
        changed.participants = conversation.participants.compactMap { participant in
            var participant = participant
            participant.id = new(participant.id)
            return seen.insert(participant.id).inserted ? participant : nil
        }
        changed.messages = conversation.messages.map { message in
            guard message.mentionsAnyone(of: renamed) else { return message }
            var message = message
            message.sender = message.sender.map(new)
            message.reactions = message.reactions.map { reaction in
                Reaction(emoji: reaction.emoji, by: reaction.by.map(new), count: reaction.count)
            }
            switch message.kind {
            case .poll(var poll):
                poll.options = poll.options.map { option in
                    var option = option
                    option.voters = option.voters.map(new)
                    return option
                }
                message.kind = .poll(poll)
            case .system(var event):
                event.actor = event.actor.map(new)
                event.subjects = event.subjects?.map(new)
                message.kind = .system(event)
            default:
                break
            }
            return message
        }
        return changed
    }
}

extension Message {
    /// Whether the message names one of `ids` as a person: its sender, a reactor, a voter or an event's people.
    fileprivate func mentionsAnyone(of ids: [String: String]) -> Bool {
        if let sender, ids[sender] != nil { return true }
        if reactions.contains(where: { $0.by.contains { ids[$0] != nil } }) { return true }
        switch kind {
        case .poll(let poll): return poll.options.contains { $0.voters.contains { ids[$0] != nil } }
        case .system(let event):
            return (event.actor.map { ids[$0] != nil } ?? false) || (event.subjects ?? []).contains { ids[$0] != nil }
        default: return false
        }
    }
}
