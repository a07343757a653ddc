import TranscriptDisplay

/// Everything the `message` template shows for one message: plain values decided before rendering, grouped
/// by what they are about. Templates read it as a `MessageRowObject`, whose `templateKeys` list the keys, flat
/// (`senderName`, not `sender.name`).
public struct MessageRow: Sendable {
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
}

/// A row as templates read it: by reference (a look-up never copies the row), with its template keys.
public final class MessageRowObject: TemplateObject, TemplateModel {
    public let row: MessageRow

    init(_ row: MessageRow) { self.row = row }

    public static let templateKeys: TemplateKeys<MessageRowObject> = [
        "anchor": { .text($0.row.anchor) },
        "kind": { .text($0.row.kind) },
        "direction": { .text($0.row.direction) },
        "isSystem": { .flag($0.row.isSystem) },
        "senderName": { .text($0.row.sender.name) },
        "senderColor": { .number($0.row.sender.color) },
        "showsSenderName": { .flag($0.row.sender.showsName) },
        "nameInside": { .flag($0.row.sender.nameInside) },
        "nameAbove": { .flag($0.row.sender.showsName && !$0.row.sender.nameInside) },
        "senderIsBot": { .flag($0.row.sender.isBot) },
        "hasRoleColor": { .flag($0.row.sender.hasRoleColor) },
        "timeText": { .text($0.row.times.time) },
        "iso": { .text($0.row.times.iso) },
        "dayAndTime": { .text($0.row.times.dayAndTime) },
        "dateHeader": { $0.row.times.dateHeader.templateValue },
        "edited": { $0.row.times.edited.templateValue },
        "bodyHTML": { $0.row.body.html.templateValue },
        "details": { $0.row.body.details.templateValue },
        "kindTemplate": { .text($0.row.body.kindTemplate) },
        "content": { $0.row.body.kindValues.templateValue },
        "lookClass": { .text($0.row.bubble.appearanceClass) },
        "styleName": { .text($0.row.bubble.styleName) },
        "hasOutline": { .flag($0.row.bubble.hasOutline) },
        "tail": { $0.row.bubble.tail.templateValue },
        "tailSide": { $0.row.bubble.tailSide.templateValue },
        "continues": { .flag($0.row.bubble.continues) },
        "avatar": { $0.row.bubble.avatar.templateValue },
        "reservesAvatarSpace": { .flag($0.row.bubble.reservesAvatarSpace) },
        "reply": { $0.row.reply.templateValue },
        "reactions": { .list($0.row.reactions) },
        "hasReactions": { .flag(!$0.row.reactions.isEmpty) },
        "forwardedFrom": { $0.row.forwardedFrom.templateValue },
        "status": { $0.row.status.map { .text($0.name) } },
        "statusSymbol": { $0.row.status.map { .text($0.symbol) } },
        "statusLabel": { $0.row.status.map { .text($0.label) } },
        "pinned": { .flag($0.row.pinned) },
        "deleted": { .flag($0.row.deleted) },
        "threadReplies": { $0.row.threadReplies.templateValue },
        "threadParent": { $0.row.threadParent.templateValue },
        "footer": { $0.row.footer.templateValue },
        "footerTemplate": { .text($0.row.footerTemplate) },
    ]
}
