/// A person (or bot) who takes part in a conversation: the web counterpart of MessageKit's
/// `SenderType` and IMUI's `IMUIUserProtocol`.
public struct Participant: Codable, Sendable, Hashable, JSONMappable {
    /// The participant's id, unique within the conversation; messages name their sender by it.
    public var id: String
    /// The name shown next to the participant's messages.
    public var name: String
    /// A path to an avatar image, relative to the export's folder, when the export has one.
    public var avatar: String?

    public init(id: String, name: String, avatar: String? = nil) {
        self.id = id
        self.name = name
        self.avatar = avatar
    }

    static let keys: Set<String> = ["id", "name", "avatar"]

    init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        id = try object.identifier("id")
        name = try object.optionalString("name") ?? id
        avatar = try object.optionalString("avatar")
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}
