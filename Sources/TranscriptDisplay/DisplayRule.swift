import TranscriptModel
import TranscriptSupport

/// Display settings for the messages that match: by sender, kind, conversation, message id or direction.
/// Every condition given must hold; a list matches any of its values.
public struct DisplayRule: Sendable, Equatable {
    public var senders: Set<String>?
    public var kinds: Set<String>?
    public var conversations: Set<String>?
    public var messages: Set<String>?
    public var direction: Direction?
    public var display: DisplaySettings

    public enum Direction: String, Sendable, CaseIterable, Decodable { case outgoing, incoming }

    public init(
        senders: Set<String>? = nil, kinds: Set<String>? = nil, conversations: Set<String>? = nil,
        messages: Set<String>? = nil, direction: Direction? = nil, display: DisplaySettings
    ) {
        self.senders = senders
        self.kinds = kinds
        self.conversations = conversations
        self.messages = messages
        self.direction = direction
        self.display = display
    }

    /// Whether the rule can match a message of this conversation at all.
    func applies(toConversation id: String) -> Bool { conversations?.contains(id) ?? true }

    package func matches(_ message: Message, outgoing: Bool) -> Bool {
        if let senders, !senders.contains(message.sender ?? "") { return false }
        if let kinds, !kinds.contains(message.kind.typeName) { return false }
        if let messages, !messages.contains(message.id) { return false }
        if let direction, (direction == .outgoing) != outgoing { return false }
        return true
    }
}

// Decoded by hand: its `match:` keys are not properties of their own but conditions read into several sets.
extension DisplayRule: Decodable {
    package enum CodingKeys: String, CodingKey, CaseIterable { case match, display }
    enum MatchKeys: String, CodingKey, CaseIterable { case sender, kind, conversation, message, direction }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        display = try container.decode(DisplaySettings.self, forKey: .display)
        guard container.contains(.match) else { return }
        let match = try container.superDecoder(forKey: .match)
        try match.rejectUnknownKeys(MatchKeys.self)
        let conditions = try match.container(keyedBy: MatchKeys.self)
        func values(_ key: MatchKeys) throws -> Set<String>? {
            if let one = try? conditions.decodeIfPresent(String.self, forKey: key) { return [one] }
            return try conditions.decodeIfPresent([String].self, forKey: key).map(Set.init)
        }
        senders = try values(.sender)
        kinds = try values(.kind)
        if let kinds, let unknown = kinds.subtracting(MessageKind.typeNames).sorted().first {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: conditions,
                debugDescription: "\"\(unknown)\" is not a message kind (kinds: \(MessageKind.typeNames.joined(separator: ", ")))")
        }
        conversations = try values(.conversation)
        messages = try values(.message)
        direction = try conditions.decodeIfPresent(Direction.self, forKey: .direction)
    }
}
