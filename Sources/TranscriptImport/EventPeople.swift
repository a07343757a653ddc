import TranscriptModel

/// The people a described event names (`SystemEvent.actor`, `subjects`) as pages can name them.
///
/// A page names a person by their participant's name, and shows any other id as it is. An event can name
/// someone who is no participant (an invitee who never joined, an inviter who never wrote in the export):
/// such a person is written by name instead of id, as the canonical format allows (docs/canonical-format.md),
/// so that no page shows `@dana:example.org` or `U024BE7LH` where the importer's own label has a name.
enum EventPeople {
    /// `messages` with each actor and subject of their events that is not in `participants` replaced by
    /// `name(id)`.
    static func naming(_ messages: inout [Message], participants: Set<String>, name: (String) -> String) {
        func named(_ id: String) -> String { participants.contains(id) ? id : name(id) }
        for index in messages.indices {
            guard case .system(var event) = messages[index].kind, event.isStructured else { continue }
            let actor = event.actor.map(named)
            let subjects = event.subjects?.map(named)
            guard actor != event.actor || subjects != event.subjects else { continue }
            event.actor = actor
            event.subjects = subjects
            messages[index].kind = .system(event)
        }
    }
}
