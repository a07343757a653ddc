import TranscriptJSON
import TranscriptSupport

/// What kind of conversation a transcript is.
public enum ConversationKind: String, Codable, Sendable, CaseIterable {
    /// Two people.
    case direct
    /// A group of people who all write.
    case group
    /// A channel or broadcast: many readers, one or a few writers.
    case channel
}

/// One conversation: its participants and its messages in the order of the export.
public struct Conversation: Codable, Sendable, Equatable, JSONMappable {
    /// The conversation's id, unique within a site; it decides the page's address.
    public var id: String
    /// The title shown on the index and on the conversation's page.
    public var title: String
    /// Direct, group or channel.
    public var kind: ConversationKind
    /// Everyone who appears in the conversation.
    public var participants: [Participant]
    /// The messages, in the order of the export (which is kept even where timestamps go back).
    public var messages: [Message]

    public init(
        id: String, title: String, kind: ConversationKind = .group,
        participants: [Participant] = [], messages: [Message] = []
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.participants = participants
        self.messages = messages
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case format, id, title, kind, participants, messages
    }

    /// The value of the optional `format` key that marks a file as this canonical format.
    public static let formatIdentifier = "transcripts/1"
    package static let keys = Set(CodingKeys.allCases.map(\.rawValue))

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        if let format = try object.optionalString("format"), format != Self.formatIdentifier {
            throw JSONMappingError.invalid(
                object.keyPath("format"), "unsupported format \"\(format)\" (this version reads \"\(Self.formatIdentifier)\")")
        }
        id = try object.identifier("id")
        title = try object.optionalString("title") ?? id
        kind = try object.optionalEnum("kind", ConversationKind.self) ?? .group
        participants = try object.list("participants", of: Participant.self) ?? []
        messages = try object.list("messages", of: Message.self) ?? []
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatIdentifier, forKey: .format)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(kind, forKey: .kind)
        try container.encode(participants, forKey: .participants)
        try container.encode(messages, forKey: .messages)
    }

    /// The participant with the given id, if the conversation lists one.
    public func participant(withID id: String) -> Participant? {
        participants.first { $0.id == id }
    }
}
