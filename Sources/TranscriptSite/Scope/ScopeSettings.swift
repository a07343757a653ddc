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
// generate: Decodable
public struct ScopeSettings: Sendable, Equatable, Decodable {
    /// People whose conversations are built: a person of `people:` by name or id, or any participant's id or name.
    // decode: decodeOneOrMany
    public var people: [String] = []
    /// Conversations built, by id or title.
    // decode: decodeOneOrMany
    public var conversations: [String] = []
    /// The first day of the messages built (`YYYY-MM-DD`), included.
    // decode: decodeDay
    public var from: String?
    /// The last day of the messages built (`YYYY-MM-DD`), included.
    // decode: decodeDay
    public var to: String?

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
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

extension KeyedDecodingContainer<ScopeSettings.CodingKeys> {
    /// A day, `YYYY-MM-DD`.
    func decodeDay(forKey key: Key) throws -> String? {
        let day = try decodeIfPresent(String.self, forKey: key)
        if let day, !DaySpan.isDay(day) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(day)\" is not a day (YYYY-MM-DD)")
        }
        return day
    }
}
