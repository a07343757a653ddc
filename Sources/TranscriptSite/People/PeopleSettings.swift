import TranscriptModel
import TranscriptSupport

/// The config's `people:` block: who is who across conversations and apps (see docs/people.md).
///
/// ```yaml
/// people:
///   - name: Quinn Okonkwo
///     ids: ["+1 555 555 0101", "user5550101", "quentin.okonkwo@example.com"]
///     together: true            # their one-to-one chats on every app as one conversation
///   - contacts: contacts.vcf      # every card a person: FN, TEL, EMAIL, IMPP and X-SOCIALPROFILE
/// ```
public struct PeopleSettings: Sendable, Equatable {
    /// The entries in the config's order.
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// One entry of the list: a person, or a file of contacts.
    public enum Entry: Sendable, Equatable {
        /// A person with the ids they write under, in any app.
        case person(PersonEntry)
        /// A vCard file (relative to the site folder): each card a person; `together` for all of them.
        case contacts(String, together: Bool = false)
    }

    /// A person the config names.
    public struct PersonEntry: Sendable, Equatable {
        /// The name shown for every participant the person is.
        public var name: String
        /// Phone numbers, e-mail addresses, platform ids and handles, as the exports write them.
        public var ids: [String]
        /// Whether the person's one-to-one conversations on several apps are one conversation, each message
        /// marked with its app.
        public var together: Bool

        public init(name: String, ids: [String], together: Bool = false) {
            self.name = name
            self.ids = ids
            self.together = together
        }
    }
}

// Decoded by hand: an entry is one of two shapes (a person or a contacts file), told apart by its keys.
extension PeopleSettings.Entry: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, ids, contacts, together
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let together = try container.decodeIfPresent(Bool.self, forKey: .together) ?? false
        if let file = try container.decodeIfPresent(String.self, forKey: .contacts) {
            guard !container.contains(.name), !container.contains(.ids) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .contacts, in: container, debugDescription: "an entry is either a person (name, ids) or a contacts file, not both")
            }
            self = .contacts(file, together: together)
            return
        }
        guard let name = try container.decodeIfPresent(String.self, forKey: .name),
              !name.trimmingCharacters(in: .whitespaces).isEmpty
        else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a person needs a name (or the entry a contacts file)"))
        }
        let ids: [String]
        if let single = try? container.decodeIfPresent(String.self, forKey: .ids) {
            ids = [single]
        } else {
            ids = try container.decodeIfPresent([String].self, forKey: .ids) ?? []
        }
        if let empty = ids.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath + [CodingKeys.ids, AnyCodingKey(intValue: empty)], debugDescription: "an empty id"))
        }
        self = .person(PeopleSettings.PersonEntry(name: name, ids: ids, together: together))
    }
}
