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

    public init(id: String, name: String, avatar: String? = nil, color: String? = nil, bot: Bool = false) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.color = color
        self.bot = bot
    }

    package static let keys: Set<String> = ["id", "name", "avatar", "color", "bot"]

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
    }

    private enum CodingKeys: String, CodingKey { case id, name, avatar, color, bot }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(avatar, forKey: .avatar)
        try container.encodeIfPresent(color, forKey: .color)
        if bot { try container.encode(true, forKey: .bot) }
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}
