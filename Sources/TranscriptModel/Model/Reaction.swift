import TranscriptJSON
import TranscriptSupport

/// One emoji reaction on a message and who reacted with it.
public struct Reaction: Codable, Sendable, Equatable, JSONMappable {
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

    package static let keys: Set<String> = ["emoji", "by", "count"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        self.init(
            emoji: try object.string("emoji"), by: try object.identifiers("by") ?? [],
            count: try object.optionalCount("count"))
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}
