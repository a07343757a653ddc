import TranscriptJSON
import TranscriptSupport

/// A person (or bot) who takes part in a conversation: the web counterpart of MessageKit's
/// `SenderType` and IMUI's `IMUIUserProtocol`.
public struct Participant: Codable, Sendable, Hashable, JSONMappable {
    /// The participant's id, unique within the conversation; messages name their sender by it.
    public var id: String
    /// The name shown next to the participant's messages.
    public var name: String
    /// A path to an avatar image, relative to the export's folder, when the export has one.
    public var avatar: String?
    /// The participant's colour on the platform (a Discord role colour), as `#rrggbb`.
    public var color: String?
    /// Whether the participant is a bot.
    public var bot: Bool
    /// The person the participant is, site-wide: participants of any conversation and app with the same
    /// person are one person, with one page (`people/<person>/`). The config's `people:` block sets it.
    public var person: String?

    public init(
        id: String, name: String, avatar: String? = nil, color: String? = nil, bot: Bool = false, person: String? = nil
    ) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.color = color
        self.bot = bot
        self.person = person
    }

    package static let keys: Set<String> = ["id", "name", "avatar", "color", "bot", "person"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        id = try object.identifier("id")
        name = try object.optionalString("name") ?? id
        avatar = try object.optionalString("avatar")
        color = try object.optionalString("color")
        if let color, CSSColor(color) == nil {
            throw JSONMappingError.invalid(object.keyPath("color"), "\"\(color)\" is not a colour (write #rrggbb)")
        }
        bot = try object.optionalBool("bot") ?? false
        person = try object.optionalString("person")
        if let person, !Self.isPersonID(person) {
            throw JSONMappingError.invalid(
                object.keyPath("person"), "\"\(person)\" is not a person id (lowercase letters a-z, digits and -, at most 80)")
        }
    }

    /// Whether `text` can name a person's folder: 1 to 80 lowercase ASCII letters, digits and `-`, not starting with `-`.
    package static func isPersonID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...80).contains(bytes.count), bytes[0] != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private enum CodingKeys: String, CodingKey { case id, name, avatar, color, bot, person }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(avatar, forKey: .avatar)
        try container.encodeIfPresent(color, forKey: .color)
        if bot { try container.encode(true, forKey: .bot) }
        try container.encodeIfPresent(person, forKey: .person)
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}
