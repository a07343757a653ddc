/// A person (or bot) who takes part in a conversation: the web counterpart of MessageKit's
/// `SenderType` and IMUI's `IMUIUserProtocol`.
public struct Participant: Codable, Sendable, Hashable {
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

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, name, avatar }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIdentifier(forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? id
        avatar = try container.decodeIfPresent(String.self, forKey: .avatar)
    }
}
