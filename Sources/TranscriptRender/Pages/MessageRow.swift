import TranscriptDisplay

/// Everything the `message` template shows for one message: plain values decided before rendering, grouped
/// by what they are about. The template keys are flat (`senderName`, not `sender.name`) and listed once, in
/// `templateKeys`.
public struct MessageRow: TemplateModel {
    /// The message's permalink anchor (`m-…`).
    public var anchor: String
    /// The kind's name (`text`, `photo`, ...).
    public var kind: String
    /// `outgoing` (the archive's owner) or `incoming`.
    public var direction: String
    /// Whether the message is an event (joined, renamed, ...) drawn as a line rather than a bubble.
    public var isSystem: Bool
    public var sender: Sender
    public var times: Times
    public var body: Body
    public var bubble: Bubble
    /// The quoted original above a reply.
    public var reply: ReplyQuote?
    public var reactions: [ReactionChip]
    public var forwardedFrom: String?
    public var status: Status?
    /// Whether the message is pinned, and whether it was deleted.
    public var pinned: Bool
    public var deleted: Bool
    /// For the first message of a thread: how many replies it has, and a link to the first.
    public var threadReplies: ThreadLink?
    /// For a reply in a thread: a link to the thread's first message.
    public var threadParent: ThreadLink?
    /// The lines below the message that the display settings switch on, and the template that draws them
    /// (`footer` unless the display settings name another).
    public var footer: FooterView?
    public var footerTemplate: String

    /// Who sent the message and how their name shows.
    public struct Sender: Sendable {
        public var name: String
        /// One of eight colours (0–7), the same for the same sender in every build.
        public var color: Int
        public var showsName: Bool
        /// Whether the name goes inside the bubble rather than above it.
        public var nameInside: Bool
        public var isBot: Bool
        /// Whether the sender has a colour of their own (shown as a dot).
        public var hasRoleColor: Bool
    }

    /// When the message was sent, as the page shows it.
    public struct Times: Sendable {
        /// The time of day, its ISO 8601 form, and the day with the time (the time's tooltip).
        public var time: String
        public var iso: String
        public var dayAndTime: String
        /// The date header above the message, when a new day (or interval) starts with it.
        public var dateHeader: TimeLabel?
        public var edited: TimeLabel?
    }

    /// What the message says or holds.
    public struct Body: Sendable {
        /// The text, as safe HTML from cmark.
        public var html: String?
        /// The label and fields of a kind without a richer rendering.
        public var details: Details?
        /// The template that draws the message's kind: `messages/KIND` (see `KindTemplate`), and its values.
        public var kindTemplate: String
        public var kindValues: TemplateDictionary?
    }

    /// The bubble's look and the row's layout.
    public struct Bubble: Sendable {
        /// The class of the message's appearance (colours and layout), defined in the page's `<style>`.
        public var appearanceClass: String
        /// `none`, `bubble`, `bubbleOutline`, `bubbleTail` or `bubbleTailOutline`.
        public var styleName: String
        public var hasOutline: Bool
        /// The tail's `corner` and `shape`, when this bubble has one.
        public var tail: TailView?
        /// The side (`left` or `right`) that keeps room for tails in this message's style, even on bubbles of
        /// a group that have none, so a group's bubbles line up; nil for styles without a tail.
        public var tailSide: String?
        /// Whether the message continues a group (same sender as the message before).
        public var continues: Bool
        public var avatar: AvatarView?
        /// Whether the row keeps room for an avatar (all messages of a group line up beside it).
        public var reservesAvatarSpace: Bool
    }

    /// A delivery status: its name, IMUI's symbol (✓, ✓✓, …) and its words.
    public struct Status: Sendable {
        public var name: String
        public var symbol: String
        public var label: String
    }

    public static let templateKeys: TemplateKeys<MessageRow> = [
        "anchor": { .text($0.anchor) },
        "kind": { .text($0.kind) },
        "direction": { .text($0.direction) },
        "isSystem": { .flag($0.isSystem) },
        "senderName": { .text($0.sender.name) },
        "senderColor": { .number($0.sender.color) },
        "showsSenderName": { .flag($0.sender.showsName) },
        "nameInside": { .flag($0.sender.nameInside) },
        "nameAbove": { .flag($0.sender.showsName && !$0.sender.nameInside) },
        "senderIsBot": { .flag($0.sender.isBot) },
        "hasRoleColor": { .flag($0.sender.hasRoleColor) },
        "timeText": { .text($0.times.time) },
        "iso": { .text($0.times.iso) },
        "dayAndTime": { .text($0.times.dayAndTime) },
        "dateHeader": { $0.times.dateHeader.templateValue },
        "edited": { $0.times.edited.templateValue },
        "bodyHTML": { $0.body.html.templateValue },
        "details": { $0.body.details.templateValue },
        "kindTemplate": { .text($0.body.kindTemplate) },
        "content": { $0.body.kindValues.templateValue },
        "lookClass": { .text($0.bubble.appearanceClass) },
        "styleName": { .text($0.bubble.styleName) },
        "hasOutline": { .flag($0.bubble.hasOutline) },
        "tail": { $0.bubble.tail.templateValue },
        "tailSide": { $0.bubble.tailSide.templateValue },
        "continues": { .flag($0.bubble.continues) },
        "avatar": { $0.bubble.avatar.templateValue },
        "reservesAvatarSpace": { .flag($0.bubble.reservesAvatarSpace) },
        "reply": { $0.reply.templateValue },
        "reactions": { .list($0.reactions) },
        "hasReactions": { .flag(!$0.reactions.isEmpty) },
        "forwardedFrom": { $0.forwardedFrom.templateValue },
        "status": { $0.status.map { .text($0.name) } },
        "statusSymbol": { $0.status.map { .text($0.symbol) } },
        "statusLabel": { $0.status.map { .text($0.label) } },
        "pinned": { .flag($0.pinned) },
        "deleted": { .flag($0.deleted) },
        "threadReplies": { $0.threadReplies.templateValue },
        "threadParent": { $0.threadParent.templateValue },
        "footer": { $0.footer.templateValue },
        "footerTemplate": { .text($0.footerTemplate) },
    ]
}

/// A moment shown as text, with its ISO 8601 form for `<time datetime>`: a date header, an edit time.
public final class TimeLabel: TemplateModel {
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
public final class Details: TemplateModel {
    public final class Field: TemplateModel {
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
public final class ReplyQuote: TemplateModel {
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
public final class ReactionChip: TemplateModel {
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
public final class TailView: TemplateModel {
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
public final class FooterView: TemplateModel {
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
public final class ThreadLink: TemplateModel {
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
