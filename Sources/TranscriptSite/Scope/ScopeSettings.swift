import TranscriptModel
import TranscriptSupport

/// The config's `scope:` block: a site of some people, some conversations or some days of the archive, for
/// sharing one part of it (see docs/people.md).
///
/// ```yaml
/// scope:
///   people: [Quinn Okonkwo]          # their conversations (a person of `people:` by name or id, or a participant id)
///   conversations: [family]          # conversations by id or title
///   from: 2019-01-01                 # the messages of these days, in the site's time zone
///   to: 2020-12-31
/// ```
public struct ScopeSettings: Sendable, Equatable {
    /// People whose conversations are built: a person of `people:` by name or id, or any participant's id or name.
    public var people: [String]
    /// Conversations built, by id or title.
    public var conversations: [String]
    /// The first and last day of the messages built (`YYYY-MM-DD`), both included.
    public var from: String?
    public var to: String?

    public init(people: [String] = [], conversations: [String] = [], from: String? = nil, to: String? = nil) {
        self.people = people
        self.conversations = conversations
        self.from = from
        self.to = to
    }

    /// Whether the scope leaves anything out.
    public var isEmpty: Bool { people.isEmpty && conversations.isEmpty && from == nil && to == nil }

    /// `self` with `other`'s entries added and its days, where it has them, instead (the command line's over the config's).
    public func adding(_ other: ScopeSettings) -> ScopeSettings {
        ScopeSettings(
            people: people + other.people.filter { !people.contains($0) },
            conversations: conversations + other.conversations.filter { !conversations.contains($0) },
            from: other.from ?? from, to: other.to ?? to)
    }

    /// What the scope is, as text that changes with it (part of the build cache's keys).
    var fingerprint: String {
        ["people", people.joined(separator: "\u{0}"), "conversations", conversations.joined(separator: "\u{0}"),
         "from", from ?? "-", "to", to ?? "-"].joined(separator: "\u{1}")
    }
}

extension ScopeSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case people, conversations, from, to
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func list(_ key: CodingKeys) throws -> [String] {
            if let single = try? container.decodeIfPresent(String.self, forKey: key) { return [single] }
            return try container.decodeIfPresent([String].self, forKey: key) ?? []
        }
        people = try list(.people)
        conversations = try list(.conversations)
        for key in [CodingKeys.from, .to] {
            if let day = try container.decodeIfPresent(String.self, forKey: key), !DaySpan.isDay(day) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\"\(day)\" is not a day (YYYY-MM-DD)")
            }
        }
        from = try container.decodeIfPresent(String.self, forKey: .from)
        to = try container.decodeIfPresent(String.self, forKey: .to)
    }
}
