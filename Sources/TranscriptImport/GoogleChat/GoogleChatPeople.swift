import TranscriptModel

/// The people of one Google Chat conversation: its members (`group_info.json`), then everyone who writes or
/// reacts, in the order first seen. A person's id is their email address in lower case (reactions name people
/// only by email); a person without one (a deleted account, or a `creator` written without `email`) is known by
/// the id of the member of that name, else by their name.
struct GoogleChatPeople {
    private(set) var participants: [Participant] = []
    private var indexByID: [String: Int] = [:]
    private var idByName: [String: String] = [:]

    /// Notes a person given by name and email; their id, or nil when both are missing or empty.
    @discardableResult
    mutating func note(name: String?, email: String?) -> String? {
        let name = name.flatMap { $0.isEmpty ? nil : $0 }
        if let email = email.flatMap({ $0.isEmpty ? nil : $0 }) {
            let id = email.lowercased()
            if let index = indexByID[id] {
                // Known by email only (from a reaction) until now: the name wins.
                if let name, participants[index].name == participants[index].id { participants[index].name = name }
            } else {
                indexByID[id] = participants.count
                participants.append(Participant(id: id, name: name ?? email))
            }
            if let name, idByName[name] == nil { idByName[name] = id }
            return id
        }
        guard let name else { return nil }
        if let id = idByName[name] { return id }
        if indexByID[name] == nil {
            indexByID[name] = participants.count
            participants.append(Participant(id: name, name: name))
            idByName[name] = name
        }
        return name
    }

    /// The name shown for the person with `id`.
    func name(of id: String) -> String? {
        indexByID[id].map { participants[$0].name }
    }
}
