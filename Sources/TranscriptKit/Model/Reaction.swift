/// One emoji reaction on a message and who reacted with it.
public struct Reaction: Codable, Sendable, Equatable {
    /// The emoji (or a platform's name for a custom emoji).
    public var emoji: String
    /// The ids of the participants who reacted, when the export names them.
    public var by: [String]
    /// How many reacted; at least `by.count`.
    public var count: Int

    public init(emoji: String, by: [String] = [], count: Int? = nil) {
        self.emoji = emoji
        self.by = by
        self.count = max(count ?? by.count, by.count)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case emoji, by, count }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let emoji = try container.decode(String.self, forKey: .emoji)
        let by = try container.decodeIfPresent([String].self, forKey: .by) ?? []
        let count = try container.decodeIfPresent(Int.self, forKey: .count)
        if let count, count < 0 {
            throw DecodingError.dataCorruptedError(forKey: .count, in: container, debugDescription: "a count cannot be negative")
        }
        self.init(emoji: emoji, by: by, count: count)
    }
}
