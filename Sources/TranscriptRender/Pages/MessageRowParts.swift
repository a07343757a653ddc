import TranscriptDisplay
import TranscriptTemplates

// The nested values of a `MessageRow` that templates open as sections: `{{#reply}}…{{/reply}}`. They are
// classes so that a section's look-up shares the value instead of copying it into a box.

/// A moment shown as text, with its ISO 8601 form for `<time datetime>`: a date header, an edit time.
public final class TimeLabel: TemplateObject, TemplateModel {
    public let text: String
    public let iso: String
    /// A sentence about the moment, for a tooltip ("Edited 3 May 2024, 09:30"); nil when it has none.
    public let title: String?

    public init(text: String, iso: String, title: String? = nil) {
        self.text = text
        self.iso = iso
        self.title = title
    }
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
    }

    public let label: String
    public let fields: [Field]
    /// Whether there are any fields.
    // template: key
    var hasFields: Bool { !fields.isEmpty }

    public init(label: String, fields: [Field]) {
        self.label = label
        self.fields = fields
    }
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
}

/// One reaction under a message.
public final class ReactionChip: TemplateObject, TemplateModel {
    public let emoji: String
    public let count: Int
    /// Who reacted, as a readable list of names; nil when the export does not say.
    public let names: String?
    /// The names as the words after a reaction read aloud ("from Ana and Ben"); nil when the export does not say.
    public let fromNames: String?

    public init(emoji: String, count: Int, names: String?, fromNames: String? = nil) {
        self.emoji = emoji
        self.count = count
        self.names = names
        self.fromNames = fromNames ?? names.map { "from " + $0 }
    }
}

/// A bubble's tail: its corner (`topLeft`, `topRight`, `bottomLeft`, `bottomRight`) and shape (`curved`,
/// `pointedEdge`).
public final class TailView: TemplateObject, TemplateModel {
    public let corner: String
    public let shape: String
    /// Whether the tail is curved.
    // template: key
    var isCurved: Bool { shape == TailStyle.curved.rawValue }

    public init(corner: TailCorner, shape: TailStyle) {
        self.corner = corner.rawValue
        self.shape = shape.rawValue
    }
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
}

/// A link within a thread: "3 replies" to the first reply, or "In a thread" to the thread's first message.
public final class ThreadLink: TemplateObject, TemplateModel {
    public let text: String
    public let url: String?

    public init(text: String, url: String?) {
        self.text = text
        self.url = url
    }
}
