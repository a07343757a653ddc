/// One message: the web counterpart of MessageKit's `MessageType` and IMUI's `IMUIMessageModelProtocol`.
public struct Message: Codable, Sendable, Equatable {
    /// The message's id, unique within its conversation; it is the message's anchor on the page.
    public var id: String
    /// The id of the participant who sent it; nil for system events without an actor.
    public var sender: String?
    /// When it was sent, with the offset of the clock that recorded it.
    public var date: Timestamp
    /// What the message holds.
    public var kind: MessageKind
    /// The id of the message this one replies to.
    public var replyTo: String?
    /// Emoji reactions, in the order of the export.
    public var reactions: [Reaction]
    /// When the message was last edited.
    public var edited: Timestamp?
    /// Delivery status, for messages the archive's owner sent.
    public var status: DeliveryStatus?
    /// The id of the thread's first message, for a reply inside a thread.
    public var thread: String?
    /// The name of the person or chat the message was forwarded from.
    public var forwardedFrom: String?

    public init(
        id: String, sender: String?, date: Timestamp, kind: MessageKind, replyTo: String? = nil,
        reactions: [Reaction] = [], edited: Timestamp? = nil, status: DeliveryStatus? = nil,
        thread: String? = nil, forwardedFrom: String? = nil
    ) {
        self.id = id
        self.sender = sender
        self.date = date
        self.kind = kind
        self.replyTo = replyTo
        self.reactions = reactions
        self.edited = edited
        self.status = status
        self.thread = thread
        self.forwardedFrom = forwardedFrom
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, sender, date, type, replyTo, reactions, edited, status, thread, forwardedFrom
        // One key per kind, holding the kind's value.
        case text, markdown, photo, video, audio, voice, file, sticker, location, contact, poll, linkPreview
        case system, custom, unsupported
    }

    private static let commonKeys: Set<String> = [
        "id", "sender", "date", "type", "replyTo", "reactions", "edited", "status", "thread", "forwardedFrom",
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decodeIfPresent(String.self, forKey: .type) ?? "text"
        guard let kindKey = CodingKeys(stringValue: type), !Self.commonKeys.contains(type) else {
            // A kind this version does not know: keep the whole item and show it as unsupported.
            id = try container.decodeIdentifier(forKey: .id)
            sender = try? container.decodeIfPresent(String.self, forKey: .sender)
            date = try container.decode(Timestamp.self, forKey: .date)
            kind = .unsupported(UnsupportedContent(type: type, raw: try JSONValue(from: decoder)))
            replyTo = nil
            reactions = []
            edited = nil
            status = nil
            thread = nil
            forwardedFrom = nil
            return
        }
        try decoder.rejectUnknownKeys(allowed: Self.commonKeys.union([type]))
        id = try container.decodeIdentifier(forKey: .id)
        sender = try container.decodeIfPresent(String.self, forKey: .sender)
        date = try container.decode(Timestamp.self, forKey: .date)
        replyTo = try container.decodeIdentifierIfPresent(forKey: .replyTo)
        reactions = try container.decodeIfPresent([Reaction].self, forKey: .reactions) ?? []
        edited = try container.decodeIfPresent(Timestamp.self, forKey: .edited)
        status = try container.decodeIfPresent(DeliveryStatus.self, forKey: .status)
        thread = try container.decodeIdentifierIfPresent(forKey: .thread)
        forwardedFrom = try container.decodeIfPresent(String.self, forKey: .forwardedFrom)
        switch kindKey {
        case .text: kind = .text(try container.decode(String.self, forKey: .text))
        case .markdown: kind = .markdown(try container.decode(String.self, forKey: .markdown))
        case .photo: kind = .photo(try container.decode(MediaItem.self, forKey: .photo))
        case .video: kind = .video(try container.decode(MediaItem.self, forKey: .video))
        case .audio: kind = .audio(try container.decode(MediaItem.self, forKey: .audio))
        case .voice: kind = .voice(try container.decode(MediaItem.self, forKey: .voice))
        case .file: kind = .file(try container.decode(MediaItem.self, forKey: .file))
        case .sticker: kind = .sticker(try container.decode(MediaItem.self, forKey: .sticker))
        case .location: kind = .location(try container.decode(Location.self, forKey: .location))
        case .contact: kind = .contact(try container.decode(Contact.self, forKey: .contact))
        case .poll: kind = .poll(try container.decode(Poll.self, forKey: .poll))
        case .linkPreview: kind = .linkPreview(try container.decode(LinkPreview.self, forKey: .linkPreview))
        case .system: kind = .system(try container.decode(SystemEvent.self, forKey: .system))
        case .custom: kind = .custom(try container.decode(CustomContent.self, forKey: .custom))
        case .unsupported: kind = .unsupported(try container.decode(UnsupportedContent.self, forKey: .unsupported))
        default: fatalError("unreachable: \(kindKey) is a common key")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(sender, forKey: .sender)
        try container.encode(date, forKey: .date)
        try container.encode(kind.typeName, forKey: .type)
        switch kind {
        case .text(let value): try container.encode(value, forKey: .text)
        case .markdown(let value): try container.encode(value, forKey: .markdown)
        case .photo(let value): try container.encode(value, forKey: .photo)
        case .video(let value): try container.encode(value, forKey: .video)
        case .audio(let value): try container.encode(value, forKey: .audio)
        case .voice(let value): try container.encode(value, forKey: .voice)
        case .file(let value): try container.encode(value, forKey: .file)
        case .sticker(let value): try container.encode(value, forKey: .sticker)
        case .location(let value): try container.encode(value, forKey: .location)
        case .contact(let value): try container.encode(value, forKey: .contact)
        case .poll(let value): try container.encode(value, forKey: .poll)
        case .linkPreview(let value): try container.encode(value, forKey: .linkPreview)
        case .system(let value): try container.encode(value, forKey: .system)
        case .custom(let value): try container.encode(value, forKey: .custom)
        case .unsupported(let value): try container.encode(value, forKey: .unsupported)
        }
        try container.encodeIfPresent(replyTo, forKey: .replyTo)
        if !reactions.isEmpty { try container.encode(reactions, forKey: .reactions) }
        try container.encodeIfPresent(edited, forKey: .edited)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(thread, forKey: .thread)
        try container.encodeIfPresent(forwardedFrom, forKey: .forwardedFrom)
    }
}
