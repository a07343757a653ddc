import TranscriptJSON

/// One message: the web counterpart of MessageKit's `MessageType` and IMUI's `IMUIMessageModelProtocol`.
public struct Message: Codable, Sendable, Equatable, JSONMappable {
    // A conversation's messages are held whole while it is rendered, so a message is kept small: the fields few
    // messages have are out of line (`MessageRareFields`: one nil reference, not 96 bytes of nils), and the
    // stored properties are in the order that packs them closest (152 bytes, where 240 were).

    /// The message's id, unique within its conversation; it is the message's anchor on the page.
    public var id: String
    /// The id of the participant who sent it; nil for system events without an actor.
    public var sender: String?
    /// What the message holds.
    public var kind: MessageKind
    /// The id of the message this one replies to.
    public var replyTo: String?
    /// Emoji reactions, in the order of the export.
    public var reactions: [Reaction]
    /// The app the message was written on, by the name pages show ("WhatsApp", "Telegram"), in a conversation
    /// that gathers several apps (a person's one-to-one chats shown `together`); nil elsewhere.
    public var app: String?
    /// `thread`, `forwardedFrom`, `forwardedDate`, `forwardedEdited` and `history`, when one of them is set.
    @usableFromInline var rare: MessageRareFields?
    /// When it was sent, with the offset of the clock that recorded it.
    public var date: Timestamp
    /// When the message was last edited.
    public var edited: Timestamp?
    /// Delivery status, for messages the archive's owner sent.
    public var status: DeliveryStatus?
    /// Whether the message was deleted (or unsent); what the export kept of it is still shown.
    public var deleted: Bool
    /// Whether the message is pinned in its conversation.
    public var pinned: Bool

    /// The id of the thread's first message, for a reply inside a thread.
    public var thread: String? {
        get { rare?.fields.thread }
        set { MessageRareFields.change(&rare) { $0.thread = newValue } }
    }
    /// The name of the person or chat the message was forwarded from.
    public var forwardedFrom: String? {
        get { rare?.fields.forwardedFrom }
        set { MessageRareFields.change(&rare) { $0.forwardedFrom = newValue } }
    }
    /// For a forwarded message, when the original was sent, and when it was last edited (as far as the export
    /// says).
    public var forwardedDate: Timestamp? {
        get { rare?.fields.forwardedDate }
        set { MessageRareFields.change(&rare) { $0.forwardedDate = newValue } }
    }
    public var forwardedEdited: Timestamp? {
        get { rare?.fields.forwardedEdited }
        set { MessageRareFields.change(&rare) { $0.forwardedEdited = newValue } }
    }
    /// Earlier texts and later exports without it, when the conversation was merged from several exports.
    public var history: MessageHistory? {
        get { rare?.fields.history }
        set { MessageRareFields.change(&rare) { $0.history = newValue } }
    }

    @inlinable  // Made in place where it is called: out of line, the new message was copied once more.
    public init(
        id: String, sender: String?, date: Timestamp, kind: MessageKind, replyTo: String? = nil,
        reactions: [Reaction] = [], edited: Timestamp? = nil, status: DeliveryStatus? = nil,
        thread: String? = nil, forwardedFrom: String? = nil, forwardedDate: Timestamp? = nil,
        forwardedEdited: Timestamp? = nil, deleted: Bool = false, pinned: Bool = false, history: MessageHistory? = nil,
        app: String? = nil
    ) {
        self.pinned = pinned
        self.app = app
        self.id = id
        self.sender = sender
        self.date = date
        self.kind = kind
        self.replyTo = replyTo
        self.reactions = reactions
        self.edited = edited
        self.status = status
        self.deleted = deleted
        self.rare = MessageRareFields.make(
            thread: thread, forwardedFrom: forwardedFrom, forwardedDate: forwardedDate, forwardedEdited: forwardedEdited,
            history: history)
    }

    /// Every time the message holds: when it was sent and edited, and the forwarded message's times.
    package var times: [Timestamp] { [date] + [edited, forwardedDate, forwardedEdited].compactMap { $0 } }

    /// The position of the first of `messages` with one of its `times` that no calendar holds. (Each message's
    /// times are read in place: neither a copy of the message nor a list of its times is made.)
    package static func firstWithTimeNoCalendarHolds(in messages: [Message]) -> Int? {
        messages.indices.first { index in
            !messages[index].date.isRepresentable || messages[index].edited?.isRepresentable == false
                || messages[index].forwardedDate?.isRepresentable == false
                || messages[index].forwardedEdited?.isRepresentable == false
        }
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, sender, date, type, replyTo, reactions, edited, status, thread, forwardedFrom, forwardedDate, forwardedEdited
        case deleted, pinned, history, app
        // One key per kind, holding the kind's value.
        case text, markdown, photo, video, audio, voice, file, sticker, location, contact, poll, linkPreview
        case system, custom, unsupported
    }

    static let commonKeys: Set<String> = [
        "id", "sender", "date", "type", "replyTo", "reactions", "edited", "status", "thread", "forwardedFrom",
        "forwardedDate", "forwardedEdited", "deleted", "pinned", "history", "app",
    ]
    static let kindKeys = Set(MessageKind.typeNames)

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        let type = try object.optionalString("type") ?? "text"
        id = try object.identifier("id")
        date = try object.mapped("date", as: Timestamp.self)
        guard Self.kindKeys.contains(type) else {
            // A kind this version does not know: keep the whole item and show it as unsupported.
            sender = (try? object.optionalString("sender")) ?? nil
            kind = .unsupported(UnsupportedContent(type: type, raw: json))
            reactions = []
            deleted = false
            pinned = false
            return
        }
        for key in object.members.keys where key != type && !Self.commonKeys.contains(key) {
            throw JSONMappingError.invalid(
                object.keyPath(key),
                "unknown key \"\(key)\" (a message has \(Self.commonKeys.sorted().joined(separator: ", ")) and the key named by its type, here \"\(type)\")")
        }
        sender = try object.optionalIdentifier("sender")
        replyTo = try object.optionalIdentifier("replyTo")
        reactions = try object.list("reactions", of: Reaction.self) ?? []
        edited = try object.optionalMapped("edited", as: Timestamp.self)
        status = try object.optionalEnum("status", DeliveryStatus.self)
        let thread = try object.optionalIdentifier("thread")
        let forwardedFrom = try object.optionalString("forwardedFrom")
        let forwardedDate = try object.optionalMapped("forwardedDate", as: Timestamp.self)
        let forwardedEdited = try object.optionalMapped("forwardedEdited", as: Timestamp.self)
        deleted = try object.optionalBool("deleted") ?? false
        pinned = try object.optionalBool("pinned") ?? false
        let history = try object.optionalMapped("history", as: MessageHistory.self).flatMap { $0.isEmpty ? nil : $0 }
        rare = MessageRareFields.make(
            thread: thread, forwardedFrom: forwardedFrom, forwardedDate: forwardedDate, forwardedEdited: forwardedEdited,
            history: history)
        app = try object.optionalString("app")
        switch type {
        case "text": kind = .text(try object.string("text"))
        case "markdown": kind = .markdown(try object.string("markdown"))
        case "photo": kind = .photo(try object.mapped("photo"))
        case "video": kind = .video(try object.mapped("video"))
        case "audio": kind = .audio(try object.mapped("audio"))
        case "voice": kind = .voice(try object.mapped("voice"))
        case "file": kind = .file(try object.mapped("file"))
        case "sticker": kind = .sticker(try object.mapped("sticker"))
        case "location": kind = .location(try object.mapped("location"))
        case "contact": kind = .contact(try object.mapped("contact"))
        case "poll": kind = .poll(try object.mapped("poll"))
        case "linkPreview": kind = .linkPreview(try object.mapped("linkPreview"))
        case "system": kind = .system(try object.mapped("system"))
        case "custom": kind = .custom(try object.mapped("custom"))
        default: kind = .unsupported(try object.mapped("unsupported"))
        }
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

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
        try container.encodeIfPresent(forwardedDate, forKey: .forwardedDate)
        try container.encodeIfPresent(forwardedEdited, forKey: .forwardedEdited)
        if deleted { try container.encode(true, forKey: .deleted) }
        if pinned { try container.encode(true, forKey: .pinned) }
        if let history, !history.isEmpty { try container.encode(history, forKey: .history) }
        try container.encodeIfPresent(app, forKey: .app)
    }
}
