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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case text, iso, title
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .text: .text(text)
        case .iso: .text(iso)
        case .title: title.templateValue
        }
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

        public enum TemplateKey: String, CaseIterable, Sendable {
            case name, value
        }

        public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

        public func templateValue(_ key: TemplateKey) -> TemplateValue? {
            switch key {
            case .name: .text(name)
            case .value: .text(value)
            }
        }
    }

    public let label: String
    public let fields: [Field]

    public init(label: String, fields: [Field]) {
        self.label = label
        self.fields = fields
    }

    public enum TemplateKey: String, CaseIterable, Sendable {
        case label, fields, hasFields
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .label: .text(label)
        case .fields: .list(fields)
        case .hasFields: .flag(!fields.isEmpty)
        }
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case url, senderName, snippet, isMissing
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .url: url.templateValue
        case .senderName: senderName.templateValue
        case .snippet: .text(snippet)
        case .isMissing: .flag(isMissing)
        }
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case emoji, count, names, fromNames
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .emoji: .text(emoji)
        case .count: .number(count)
        case .names: names.templateValue
        case .fromNames: fromNames.templateValue
        }
    }
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case corner, shape, isCurved
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .corner: .text(corner)
        case .shape: .text(shape)
        case .isCurved: .flag(shape == TailStyle.curved.rawValue)
        }
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case time, status, reactions, edited
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .time: time.templateValue
        case .status: status.templateValue
        case .reactions: reactions.templateValue
        case .edited: edited.templateValue
        }
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case text, url
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .text: .text(text)
        case .url: url.templateValue
        }
    }
}
