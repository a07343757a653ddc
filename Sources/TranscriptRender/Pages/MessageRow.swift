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

/// A row as templates read it: by reference, and through code made for `MessageRow` (a `TemplateBox` would
/// look each key up through generic code, which costs a good part of rendering a message).
final class MessageRowObject: TemplateObject {
    let row: MessageRow

    init(_ row: MessageRow) { self.row = row }

    func templateValue(for key: String) -> TemplateValue? {
        MessageRow.templateKeys.value(for: key, of: row)
    }
}
