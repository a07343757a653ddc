/// A media file attached to a message: photo, video, audio, voice note, file or sticker.
public struct MediaItem: Codable, Sendable, Equatable {
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

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case file, name, mimeType, size, width, height, duration, thumbnail, caption, emoji
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType)
        size = try container.decodeIfPresent(Int.self, forKey: .size)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        emoji = try container.decodeIfPresent(String.self, forKey: .emoji)
    }
}

/// A place on Earth.
public struct Location: Codable, Sendable, Equatable {
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

    private enum CodingKeys: String, CodingKey, CaseIterable { case latitude, longitude, name, address }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        guard (-90...90).contains(latitude) else {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: "latitude must be between -90 and 90")
        }
        guard (-180...180).contains(longitude) else {
            throw DecodingError.dataCorruptedError(forKey: .longitude, in: container, debugDescription: "longitude must be between -180 and 180")
        }
        name = try container.decodeIfPresent(String.self, forKey: .name)
        address = try container.decodeIfPresent(String.self, forKey: .address)
    }
}

/// A shared contact card.
public struct Contact: Codable, Sendable, Equatable {
    public var name: String
    public var phones: [String]
    public var emails: [String]

    public init(name: String, phones: [String] = [], emails: [String] = []) {
        self.name = name
        self.phones = phones
        self.emails = emails
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case name, phones, emails }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        phones = try container.decodeIfPresent([String].self, forKey: .phones) ?? []
        emails = try container.decodeIfPresent([String].self, forKey: .emails) ?? []
    }
}

/// A poll: a question, its options and the votes they got.
public struct Poll: Codable, Sendable, Equatable {
    public struct Option: Codable, Sendable, Equatable {
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

        private enum CodingKeys: String, CodingKey, CaseIterable { case text, votes, voters }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                text: try container.decode(String.self, forKey: .text),
                votes: try container.decodeIfPresent(Int.self, forKey: .votes),
                voters: try container.decodeIfPresent([String].self, forKey: .voters) ?? [])
        }
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

    private enum CodingKeys: String, CodingKey, CaseIterable { case question, options, multipleChoice, closed }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        question = try container.decode(String.self, forKey: .question)
        options = try container.decode([Option].self, forKey: .options)
        multipleChoice = try container.decodeIfPresent(Bool.self, forKey: .multipleChoice) ?? false
        closed = try container.decodeIfPresent(Bool.self, forKey: .closed) ?? false
    }
}

/// A link with the preview card a chat app showed for it.
public struct LinkPreview: Codable, Sendable, Equatable {
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

    private enum CodingKeys: String, CodingKey, CaseIterable { case url, text, title, description, siteName, image }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        siteName = try container.decodeIfPresent(String.self, forKey: .siteName)
        image = try container.decodeIfPresent(String.self, forKey: .image)
    }
}

/// Something that happened in a conversation rather than something someone said (IMUI's event message).
public struct SystemEvent: Codable, Sendable, Equatable {
    /// What kind of event it was.
    public enum Event: String, Codable, Sendable, CaseIterable {
        case join, leave, rename, call, pin, create, other
    }

    public var event: Event
    /// The label shown for it, such as "Alice joined".
    public var text: String

    public init(event: Event = .other, text: String) {
        self.event = event
        self.text = text
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case event, text }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        event = try container.decodeIfPresent(Event.self, forKey: .event) ?? .other
        text = try container.decode(String.self, forKey: .text)
    }
}

/// A message of a kind that a site or an importer defines itself (TUIKit's custom cell data).
public struct CustomContent: Codable, Sendable, Equatable {
    /// The kind's name, such as `linkCard`; a site renders it with `Templates/messages/KIND.mustache`.
    public var kind: String
    /// The kind's data.
    public var payload: JSONValue

    public init(kind: String, payload: JSONValue = .object([:])) {
        self.kind = kind
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case kind, payload }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        payload = try container.decodeIfPresent(JSONValue.self, forKey: .payload) ?? .object([:])
    }
}

/// An item that no importer understood, kept with its raw content so that it is shown, never dropped.
public struct UnsupportedContent: Codable, Sendable, Equatable {
    /// The item's own type name in its source, such as `hologram`.
    public var type: String
    /// The item as it was.
    public var raw: JSONValue

    public init(type: String, raw: JSONValue) {
        self.type = type
        self.raw = raw
    }
}
