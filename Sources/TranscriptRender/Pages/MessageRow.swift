import TranscriptDisplay
import TranscriptTemplates

/// Everything the `message` template shows for one message: plain values decided before rendering, grouped
/// by what they are about. Templates read it as a `MessageRowObject`, whose `TemplateKey` lists the keys, flat
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
    /// The line about where a forwarded message came from ("Forwarded from Ana"; "Forwarded" when only its time
    /// is known), and the forwarded message's own time and edit time, in the site's time zone and locale.
    public var forwardedText: String?
    public var forwardedTime: TimeLabel?
    public var forwardedEdited: TimeLabel?
    public var status: Status?
    /// Whether the message is pinned, and whether it was deleted.
    public var pinned: Bool
    public var deleted: Bool
    /// For the first message of a thread: how many replies it has, and a link to the first.
    public var threadReplies: ThreadLink?
    /// For a reply in a thread: a link to the thread's first message.
    public var threadParent: ThreadLink?
    /// For a conversation merged from several exports: the message's earlier texts and the later export that
    /// no longer has it.
    public var history: MessageHistoryView?
    /// The app the message was written on ("WhatsApp"), in a conversation that gathers several apps; nil elsewhere.
    public var app: String?
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
        /// The sender's person page (`people/<person>/index.html`), relative to the page, when they are a person.
        public var url: String?
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
        /// An event's label composed in the site's language (see `EventLabel`), shown instead of `html`.
        public var eventText: String?
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case anchor, kind, direction, isSystem, senderName, senderURL, senderColor, showsSenderName, nameInside, nameAbove
        case senderIsBot, hasRoleColor, timeText, iso, dayAndTime, dateHeader, edited, bodyHTML, eventText, details
        case kindTemplate, content, lookClass, styleName, hasOutline, tail, tailSide, continues, avatar
        case reservesAvatarSpace, reply, reactions, hasReactions, forwardedFrom, forwardedText, forwardedTime, forwardedEdited
        case status, statusSymbol, statusSending
        case statusLabel, pinned, deleted, threadReplies, threadParent, history, app, footer, footerTemplate
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .anchor: .text(row.anchor)
        case .kind: .text(row.kind)
        case .direction: .text(row.direction)
        case .isSystem: .flag(row.isSystem)
        case .senderName: .text(row.sender.name)
        case .senderURL: row.sender.url.templateValue
        case .senderColor: .number(row.sender.color)
        case .showsSenderName: .flag(row.sender.showsName)
        case .nameInside: .flag(row.sender.nameInside)
        case .nameAbove: .flag(row.sender.showsName && !row.sender.nameInside)
        case .senderIsBot: .flag(row.sender.isBot)
        case .hasRoleColor: .flag(row.sender.hasRoleColor)
        case .timeText: .text(row.times.time)
        case .iso: .text(row.times.iso)
        case .dayAndTime: .text(row.times.dayAndTime)
        case .dateHeader: row.times.dateHeader.templateValue
        case .edited: row.times.edited.templateValue
        case .bodyHTML: row.body.html.templateValue
        case .eventText: row.body.eventText.templateValue
        case .details: row.body.details.templateValue
        case .kindTemplate: .text(row.body.kindTemplate)
        case .content: row.body.kindValues.templateValue
        case .lookClass: .text(row.bubble.appearanceClass)
        case .styleName: .text(row.bubble.styleName)
        case .hasOutline: .flag(row.bubble.hasOutline)
        case .tail: row.bubble.tail.templateValue
        case .tailSide: row.bubble.tailSide.templateValue
        case .continues: .flag(row.bubble.continues)
        case .avatar: row.bubble.avatar.templateValue
        case .reservesAvatarSpace: .flag(row.bubble.reservesAvatarSpace)
        case .reply: row.reply.templateValue
        case .reactions: .list(row.reactions)
        case .hasReactions: .flag(!row.reactions.isEmpty)
        case .forwardedFrom: row.forwardedFrom.templateValue
        case .forwardedText: row.forwardedText.templateValue
        case .forwardedTime: row.forwardedTime.templateValue
        case .forwardedEdited: row.forwardedEdited.templateValue
        case .status: row.status.map { .text($0.name) }
        case .statusSymbol: row.status.map { .text($0.symbol) }
        case .statusSending: .flag(row.status?.name == "sending")
        case .statusLabel: row.status.map { .text($0.label) }
        case .pinned: .flag(row.pinned)
        case .deleted: .flag(row.deleted)
        case .threadReplies: row.threadReplies.templateValue
        case .threadParent: row.threadParent.templateValue
        case .history: row.history.templateValue
        case .app: row.app.templateValue
        case .footer: row.footer.templateValue
        case .footerTemplate: .text(row.footerTemplate)
        }
    }
}
