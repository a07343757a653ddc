/// What a message holds: the web counterpart of MessageKit's `MessageKind`.
///
/// In the canonical JSON a message names its kind in `type` and carries the kind's value under the key
/// of the same name: `{"type": "photo", "photo": {"file": "media/cat.jpg"}}`.
///
/// Every kind but text keeps its value in a box of its own, so that a message is small (most are text):
/// each message takes about 140 bytes less.
public enum MessageKind: Sendable, Equatable {
    /// Plain text: no markup is interpreted, bare URLs become links and typed line breaks are kept.
    case text(String)
    /// Attributed text as CommonMark source.
    case markdown(String)
    indirect case photo(MediaItem)
    /// A video file with an optional thumbnail.
    indirect case video(MediaItem)
    /// A sound file, with its duration.
    indirect case audio(MediaItem)
    /// A recorded voice note, with its duration.
    indirect case voice(MediaItem)
    /// Any other file.
    indirect case file(MediaItem)
    indirect case sticker(MediaItem)
    indirect case location(Location)
    indirect case contact(Contact)
    indirect case poll(Poll)
    indirect case linkPreview(LinkPreview)
    /// An event such as a join, a rename or a call: shown as a centred label, never as a bubble.
    indirect case system(SystemEvent)
    /// A kind of the site's own, with a payload.
    indirect case custom(CustomContent)
    /// Something no importer understood, kept raw.
    indirect case unsupported(UnsupportedContent)

    /// The kind's name: the value of `type` in the canonical JSON.
    public var typeName: String {
        switch self {
        case .text: "text"
        case .markdown: "markdown"
        case .photo: "photo"
        case .video: "video"
        case .audio: "audio"
        case .voice: "voice"
        case .file: "file"
        case .sticker: "sticker"
        case .location: "location"
        case .contact: "contact"
        case .poll: "poll"
        case .linkPreview: "linkPreview"
        case .system: "system"
        case .custom: "custom"
        case .unsupported: "unsupported"
        }
    }

    /// Whether a message of this kind can name files of the export (a picture, a recording, a file, a link's
    /// image). Inlinable, so that asking a message read in place does not copy its kind.
    @inlinable
    package var mayNameFiles: Bool {
        switch self {
        case .photo, .video, .audio, .voice, .file, .sticker, .linkPreview: true
        case .text, .markdown, .location, .contact, .poll, .system, .custom, .unsupported: false
        }
    }

    /// The names of every kind, in declaration order.
    public static let typeNames = [
        "text", "markdown", "photo", "video", "audio", "voice", "file", "sticker", "location", "contact", "poll",
        "linkPreview", "system", "custom", "unsupported",
    ]
}
