import TranscriptDisplay

// The nested values of a `MessageRow` that templates open as sections: `{{#reply}}…{{/reply}}`. They are
// classes so that a section's look-up shares the value instead of copying it into a box.

/// A moment shown as text, with its ISO 8601 form for `<time datetime>`: a date header, an edit time.
public final class TimeLabel: TemplateObject, TemplateModel {
    public let text: String
    public let iso: String

    public init(text: String, iso: String) {
        self.text = text
        self.iso = iso
    }

    public static let templateKeys: TemplateKeys<TimeLabel> = [
        "text": { .text($0.text) },
        "iso": { .text($0.iso) },
    ]
}

/// A labelled block for a kind that has no richer rendering yet: its label and its fields as text.
public final class Details: TemplateObject, TemplateModel {
    public final class Field: TemplateObject, TemplateModel {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        public static let templateKeys: TemplateKeys<Field> = [
            "name": { .text($0.name) },
            "value": { .text($0.value) },
        ]
    }

    public let label: String
    public let fields: [Field]

    public init(label: String, fields: [Field]) {
        self.label = label
        self.fields = fields
    }

    public static let templateKeys: TemplateKeys<Details> = [
        "label": { .text($0.label) },
        "fields": { .list($0.fields) },
        "hasFields": { .flag(!$0.fields.isEmpty) },
    ]
}

/// The quoted original above a reply.
public final class ReplyQuote: TemplateObject, TemplateModel {
    /// A link to the original (`#anchor`), or nil when it is not in the export.
    public let url: String?
    public let senderName: String?
    public let snippet: String
    public let isMissing: Bool

    public init(url: String?, senderName: String?, snippet: String, isMissing: Bool) {
        self.url = url
        self.senderName = senderName
        self.snippet = snippet
        self.isMissing = isMissing
    }

    public static let templateKeys: TemplateKeys<ReplyQuote> = [
        "url": { $0.url.templateValue },
        "senderName": { $0.senderName.templateValue },
        "snippet": { .text($0.snippet) },
        "isMissing": { .flag($0.isMissing) },
    ]
}

/// One reaction under a message.
public final class ReactionChip: TemplateObject, TemplateModel {
    public let emoji: String
    public let count: Int
    /// Who reacted, as a readable list of names; nil when the export does not say.
    public let names: String?

    public init(emoji: String, count: Int, names: String?) {
        self.emoji = emoji
        self.count = count
        self.names = names
    }

    public static let templateKeys: TemplateKeys<ReactionChip> = [
        "emoji": { .text($0.emoji) },
        "count": { .number($0.count) },
        "names": { $0.names.templateValue },
    ]
}

/// A bubble's tail: its corner (`topLeft`, `topRight`, `bottomLeft`, `bottomRight`) and shape (`curved`,
/// `pointedEdge`).
public final class TailView: TemplateObject, TemplateModel {
    public let corner: String
    public let shape: String

    public init(corner: TailCorner, shape: TailStyle) {
        self.corner = corner.rawValue
        self.shape = shape.rawValue
    }

    public static let templateKeys: TemplateKeys<TailView> = [
        "corner": { .text($0.corner) },
        "shape": { .text($0.shape) },
        "isCurved": { .flag($0.shape == TailStyle.curved.rawValue) },
    ]
}

/// The lines below a message that the display settings switch on.
public final class FooterView: TemplateObject, TemplateModel {
    public let time: String?
    public let status: String?
    public let reactions: String?
    public let edited: String?

    public init(time: String?, status: String?, reactions: String?, edited: String?) {
        self.time = time
        self.status = status
        self.reactions = reactions
        self.edited = edited
    }

    public static let templateKeys: TemplateKeys<FooterView> = [
        "time": { $0.time.templateValue },
        "status": { $0.status.templateValue },
        "reactions": { $0.reactions.templateValue },
        "edited": { $0.edited.templateValue },
    ]
}

/// A link within a thread: "3 replies" to the first reply, or "In a thread" to the thread's first message.
public final class ThreadLink: TemplateObject, TemplateModel {
    public let text: String
    public let url: String?

    public init(text: String, url: String?) {
        self.text = text
        self.url = url
    }

    public static let templateKeys: TemplateKeys<ThreadLink> = [
        "text": { .text($0.text) },
        "url": { $0.url.templateValue },
    ]
}
