import TranscriptJSON
import TranscriptSupport

/// A media file attached to a message: photo, video, audio, voice note, file or sticker.
public struct MediaItem: Codable, Sendable, Equatable, JSONMappable {
    /// The file's path, relative to the export's folder; nil when the export left the file out.
    public var file: String?
    /// The file's original name, when it differs from the path.
    public var name: String?
    /// The MIME type, such as `image/jpeg`.
    public var mimeType: String?
    /// Size in bytes.
    public var size: Int?
    /// Width and height in pixels (photos, videos, stickers).
    public var width: Int?
    public var height: Int?
    /// Length in seconds (video, audio, voice).
    public var duration: Double?
    /// A still image for a video, relative to the export's folder.
    public var thumbnail: String?
    /// Plain text shown with the media.
    public var caption: String?
    /// The emoji a sticker stands for.
    public var emoji: String?

    public init(
        file: String? = nil, name: String? = nil, mimeType: String? = nil, size: Int? = nil, width: Int? = nil,
        height: Int? = nil, duration: Double? = nil, thumbnail: String? = nil, caption: String? = nil,
        emoji: String? = nil
    ) {
        self.file = file
        self.name = name
        self.mimeType = mimeType
        self.size = size
        self.width = width
        self.height = height
        self.duration = duration
        self.thumbnail = thumbnail
        self.caption = caption
        self.emoji = emoji
    }

    package static let keys: Set<String> = [
        "file", "name", "mimeType", "size", "width", "height", "duration", "thumbnail", "caption", "emoji",
    ]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        file = try object.optionalString("file")
        name = try object.optionalString("name")
        mimeType = try object.optionalString("mimeType")
        size = try object.optionalCount("size")
        width = try object.optionalCount("width")
        height = try object.optionalCount("height")
        duration = try object.optionalDouble("duration")
        thumbnail = try object.optionalString("thumbnail")
        caption = try object.optionalString("caption")
        emoji = try object.optionalString("emoji")
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// A place on Earth.
public struct Location: Codable, Sendable, Equatable, JSONMappable {
    public var latitude: Double
    public var longitude: Double
    /// A place name, such as "Café Central".
    public var name: String?
    public var address: String?

    public init(latitude: Double, longitude: Double, name: String? = nil, address: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.address = address
    }

    package static let keys: Set<String> = ["latitude", "longitude", "name", "address"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        guard let latitude = try object.optionalDouble("latitude") else { throw JSONMappingError.missing(path, "latitude") }
        guard let longitude = try object.optionalDouble("longitude") else { throw JSONMappingError.missing(path, "longitude") }
        guard (-90...90).contains(latitude) else {
            throw JSONMappingError.invalid(object.keyPath("latitude"), "a latitude must be between -90 and 90")
        }
        guard (-180...180).contains(longitude) else {
            throw JSONMappingError.invalid(object.keyPath("longitude"), "a longitude must be between -180 and 180")
        }
        self.latitude = latitude
        self.longitude = longitude
        name = try object.optionalString("name")
        address = try object.optionalString("address")
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// A shared contact card.
public struct Contact: Codable, Sendable, Equatable, JSONMappable {
    public var name: String
    public var phones: [String]
    public var emails: [String]

    public init(name: String, phones: [String] = [], emails: [String] = []) {
        self.name = name
        self.phones = phones
        self.emails = emails
    }

    package static let keys: Set<String> = ["name", "phones", "emails"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        name = try object.string("name")
        phones = try object.strings("phones") ?? []
        emails = try object.strings("emails") ?? []
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// A poll: a question, its options and the votes they got.
public struct Poll: Codable, Sendable, Equatable, JSONMappable {
    public struct Option: Codable, Sendable, Equatable, JSONMappable {
        public var text: String
        /// How many voted for this option.
        public var votes: Int
        /// The ids of those who voted for it, when the export names them.
        public var voters: [String]

        public init(text: String, votes: Int? = nil, voters: [String] = []) {
            self.text = text
            self.voters = voters
            self.votes = max(votes ?? voters.count, voters.count)
        }

        package static let keys: Set<String> = ["text", "votes", "voters"]

        package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
            let object = try JSONObject(json, path: path, context: context)
            try object.rejectUnknownKeys(Self.keys)
            self.init(
                text: try object.string("text"), votes: try object.optionalCount("votes"),
                voters: try object.identifiers("voters") ?? [])
        }

        public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
    }

    public var question: String
    public var options: [Option]
    /// Whether a voter could pick more than one option.
    public var multipleChoice: Bool
    /// Whether voting has ended.
    public var closed: Bool

    public init(question: String, options: [Option], multipleChoice: Bool = false, closed: Bool = false) {
        self.question = question
        self.options = options
        self.multipleChoice = multipleChoice
        self.closed = closed
    }

    package static let keys: Set<String> = ["question", "options", "multipleChoice", "closed"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        question = try object.string("question")
        guard let options = try object.list("options", of: Option.self) else { throw JSONMappingError.missing(path, "options") }
        self.options = options
        multipleChoice = try object.optionalBool("multipleChoice") ?? false
        closed = try object.optionalBool("closed") ?? false
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// A link with the preview card a chat app showed for it.
public struct LinkPreview: Codable, Sendable, Equatable, JSONMappable {
    public var url: String
    /// Plain text the sender wrote with the link.
    public var text: String?
    public var title: String?
    public var description: String?
    public var siteName: String?
    /// A preview image, relative to the export's folder.
    public var image: String?

    public init(
        url: String, text: String? = nil, title: String? = nil, description: String? = nil,
        siteName: String? = nil, image: String? = nil
    ) {
        self.url = url
        self.text = text
        self.title = title
        self.description = description
        self.siteName = siteName
        self.image = image
    }

    package static let keys: Set<String> = ["url", "text", "title", "description", "siteName", "image"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        url = try object.string("url")
        text = try object.optionalString("text")
        title = try object.optionalString("title")
        description = try object.optionalString("description")
        siteName = try object.optionalString("siteName")
        image = try object.optionalString("image")
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// Something that happened in a conversation rather than something someone said (IMUI's event message).
public struct SystemEvent: Codable, Sendable, Equatable, JSONMappable {
    /// What kind of event it was.
    public enum Event: String, Codable, Sendable, CaseIterable {
        case join, leave, rename, call, pin, create, other
        /// The conversation's topic was set (`title`) or removed (no `title`).
        case topic
        /// The conversation's purpose (its description) was set (`title`) or removed (no `title`).
        case purpose
        /// Someone (`actor`) invited others (`subjects`).
        case invite
        /// Someone (`actor`) banned others (`subjects`), for a reason (`title`) or none.
        case ban
        /// Someone (`actor`) lifted the ban of others (`subjects`).
        case unban
        /// Someone (`actor`) asked to join.
        case knock
        /// An invitation was declined by the one invited (`actor`, no `subjects`) or withdrawn by `actor` from
        /// others (`subjects`).
        case uninvite
        /// Someone (`actor`) changed their own profile: their display name to `title` (from `previous`, when
        /// known), removed it (`previous`, no `title`), or changed their picture (neither).
        case profile
        /// Someone (`actor`) changed the conversation's photo (or icon, or avatar).
        case photo
        /// Someone (`actor`) removed the conversation's photo.
        case photoRemoved
        /// Someone (`actor`) archived the conversation.
        case archive
        /// Someone (`actor`) brought the conversation back from the archive.
        case unarchive
        /// Someone's call (`actor`'s) that was not answered.
        case callMissed
        /// Someone (`actor`) declined a call.
        case callDeclined
        /// Someone (`actor`) answered a call.
        case callAnswered
        /// Someone (`actor`) ended a call.
        case callEnded
        /// Someone (`actor`) set the time after which messages delete themselves (`title`: the period in
        /// seconds, as digits) or turned that off (no `title`).
        case timer
        /// Someone (`actor`) upgraded the group (a Telegram group to a supergroup).
        case upgrade
        /// Someone (`actor`) made the conversation private.
        case madePrivate
        /// Someone (`actor`) made the conversation public.
        case madePublic
        /// Someone (`actor`) added an app or a bot to the conversation.
        case botAdded
        /// Someone (`actor`) removed an app or a bot from the conversation.
        case botRemoved
        /// Someone (`actor`) changed who may post.
        case permissions
        /// Someone (`actor`) boosted the server; `title` is the level it reached, when it reached one.
        case boost
        /// Someone (`actor`) added a followed channel (Discord's announcements from another server).
        case follow
        /// Someone (`actor`) unpinned a message.
        case unpin
        /// A thread started from a message of someone's (`actor`'s).
        case threadStarter
    }

    public var event: Event
    /// The label shown for it, such as "Alice joined": in English when an importer composed it (then search,
    /// feeds and sites without the structured fields below use it), or as the export wrote it.
    public var text: String
    /// Who did it, as a participant's id (or a name, when the export gives no id), for an event that an
    /// importer described itself; pages then compose the label in the site's language.
    public var actor: String?
    /// Whom it was done to (added, removed, invited, banned): participant ids (or names, as for `actor`).
    public var subjects: [String]?
    /// The new name of a rename, the new topic or purpose, someone's new display name, the name of what was
    /// created, a call's duration, the reason given for a leave, a removal or a ban, a timer's period, a
    /// boost's level, or (an `other` event) the export's own name for the event, as data (`migrate_to_supergroup`).
    public var title: String?
    /// What a change replaced, as the export wrote it: someone's former display name (a `profile` event).
    public var previous: String?

    public init(
        event: Event = .other, text: String, actor: String? = nil, subjects: [String]? = nil, title: String? = nil,
        previous: String? = nil
    ) {
        self.event = event
        self.text = text
        self.actor = actor
        self.subjects = subjects
        self.title = title
        self.previous = previous
    }

    /// Whether the event says who did what in fields of its own (not only in `text`).
    public var isStructured: Bool { actor != nil || subjects != nil || title != nil || previous != nil }

    package static let keys: Set<String> = ["event", "text", "actor", "subjects", "title", "previous"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        event = try object.optionalEnum("event", Event.self) ?? .other
        text = try object.string("text")
        actor = try object.optionalIdentifier("actor")
        subjects = try object.identifiers("subjects")
        title = try object.optionalString("title")
        previous = try object.optionalString("previous")
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// A message of a kind that a site or an importer defines itself (TUIKit's custom cell data).
public struct CustomContent: Codable, Sendable, Equatable, JSONMappable {
    /// The kind's name, such as `linkCard`; a site renders it with `Templates/messages/KIND.mustache`.
    public var kind: String
    /// The kind's data.
    public var payload: JSONValue

    public init(kind: String, payload: JSONValue = .object([:])) {
        self.kind = kind
        self.payload = payload
    }

    package static let keys: Set<String> = ["kind", "payload"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        kind = try object.string("kind")
        payload = object.value("payload") ?? .object([:])
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}

/// An item that no importer understood, kept with its raw content so that it is shown, never dropped.
public struct UnsupportedContent: Codable, Sendable, Equatable, JSONMappable {
    /// The item's own type name in its source, such as `hologram`.
    public var type: String
    /// The item as it was.
    public var raw: JSONValue

    public init(type: String, raw: JSONValue) {
        self.type = type
        self.raw = raw
    }

    package static let keys: Set<String> = ["type", "raw"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        type = try object.string("type")
        raw = object.value("raw") ?? .null
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
}
