import TranscriptDisplay
import TranscriptTemplates

/// Everything the `message` template shows for one message: plain values decided before rendering, grouped
/// by what they are about. Templates read it as a `MessageRowObject`, whose computed properties are its keys,
/// flat (`senderName`, not `sender.name`).
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
        /// Whether the page's list of messages has that class already (the built-in template leaves it out).
        public var appearanceOnList: Bool = false
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
        /// Whether the page's list keeps that room for incoming rows (`ListDefaults`); nil for an outgoing row, or
        /// without a list.
        public var listReservesAvatarSpace: Bool? = nil
    }

    /// A delivery status: its name, IMUI's symbol (✓, ✓✓, …) and its words.
    public struct Status: Sendable {
        public var name: String
        public var symbol: String
        public var label: String
    }
}

/// A row as templates read it: by reference (a look-up never copies the row), with its template keys, flat
/// (`senderName`, not `sender.name`). Each key is a computed property below, marked `// template: key`.
public final class MessageRowObject: TemplateObject, TemplateModel {
    // template: skip
    public let row: MessageRow

    init(_ row: consuming MessageRow) {
        // Found once (the built-in template asks twice), and before the row is stored, so that the row is moved
        // in rather than copied.
        paragraphHTML = row.body.html.flatMap(SingleParagraph.inside)
        self.row = row
    }

    // The message.
    // template: key
    var anchor: String { row.anchor }
    // template: key
    var kind: String { row.kind }
    // template: key
    var direction: String { row.direction }
    /// Whether the archive's owner sent it (the built-in template marks only these rows; others are incoming).
    // template: key
    var isOutgoing: Bool { row.direction == "outgoing" }
    /// Whether it is a plain text message: the kind the built-in template leaves without a class.
    // template: key
    var isText: Bool { row.kind == "text" }
    // template: key
    var isSystem: Bool { row.isSystem }

    // Its sender.
    // template: key
    var senderName: String { row.sender.name }
    // template: key
    var senderURL: String? { row.sender.url }
    // template: key
    var senderColor: Int { row.sender.color }
    /// `c0`…`c7`, the sender's colour, when the row shows the sender's name or initials: the built-in template puts
    /// it on the row, whose name and initials the stylesheet colours by it (not a class on each).
    // template: key
    var colorClass: String? {
        row.sender.showsName || (row.bubble.reservesAvatarSpace && row.bubble.avatar != nil) ? "c\(row.sender.color)" : nil
    }
    // template: key
    var showsSenderName: Bool { row.sender.showsName }
    // template: key
    var nameInside: Bool { row.sender.nameInside }
    /// Whether the name shows above the bubble.
    // template: key
    var nameAbove: Bool { row.sender.showsName && !row.sender.nameInside }
    // template: key
    var senderIsBot: Bool { row.sender.isBot }
    // template: key
    var hasRoleColor: Bool { row.sender.hasRoleColor }

    // Its times.
    // template: key
    var timeText: String { row.times.time }
    // template: key
    var iso: String { row.times.iso }
    // template: key
    var dayAndTime: String { row.times.dayAndTime }
    // template: key
    var dateHeader: TimeLabel? { row.times.dateHeader }
    // template: key
    var edited: TimeLabel? { row.times.edited }

    // Its body.
    // template: key
    var bodyHTML: String? { row.body.html }
    // template: key
    var eventText: String? { row.body.eventText }
    // template: key
    var details: Details? { row.body.details }
    /// The inside of the text's one paragraph, when the text is a single paragraph (most messages): the
    /// built-in template writes it as one `<p class="text">` rather than a paragraph inside a `<div>`.
    let paragraphHTML: String?
    // template: key
    var kindTemplate: String { row.body.kindTemplate }
    // template: key
    var content: TemplateDictionary? { row.body.kindValues }

    // Its bubble.
    // template: key
    var lookClass: String { row.bubble.appearanceClass }
    /// The look class when the page's list of messages (`listLookClass`) has another: the built-in template names
    /// only these.
    // template: key
    var ownLookClass: String? { row.bubble.appearanceOnList ? nil : row.bubble.appearanceClass }
    // template: key
    var styleName: String { row.bubble.styleName }
    /// The bubble's style class (`style-bubbleOutline`); none for the usual style, `bubble`, which the
    /// stylesheet draws without one.
    // template: key
    var styleClass: String? { row.bubble.styleName == "bubble" ? nil : "style-" + row.bubble.styleName }
    // template: key
    var hasOutline: Bool { row.bubble.hasOutline }
    // template: key
    var tail: TailView? { row.bubble.tail }
    // template: key
    var tailSide: String? { row.bubble.tailSide }
    // template: key
    var continues: Bool { row.bubble.continues }
    // template: key
    var avatar: AvatarView? { row.bubble.avatar }
    // template: key
    var reservesAvatarSpace: Bool { row.bubble.reservesAvatarSpace }
    /// `with-avatar` or `without-avatar` when the row's avatar room is not what its list gives incoming rows
    /// (`listReservesAvatarSpace`), or the row is outgoing and keeps it; nil otherwise.
    // template: key
    var avatarSpaceClass: String? {
        let own = row.bubble.reservesAvatarSpace
        guard let list = row.bubble.listReservesAvatarSpace else { return own ? "with-avatar" : nil }
        return own == list ? nil : own ? "with-avatar" : "without-avatar"
    }

    // What hangs on it: the reply's quote, reactions, where it was forwarded from, its status.
    // template: key
    var reply: ReplyQuote? { row.reply }
    // template: key
    var reactions: [ReactionChip] { row.reactions }
    // template: key
    var hasReactions: Bool { !row.reactions.isEmpty }
    // template: key
    var forwardedFrom: String? { row.forwardedFrom }
    // template: key
    var forwardedText: String? { row.forwardedText }
    // template: key
    var forwardedTime: TimeLabel? { row.forwardedTime }
    // template: key
    var forwardedEdited: TimeLabel? { row.forwardedEdited }
    /// The status's name, symbol and words, and whether it is still being sent.
    // template: key
    var status: String? { row.status?.name }
    // template: key
    var statusSymbol: String? { row.status?.symbol }
    // template: key
    var statusSending: Bool { row.status?.name == "sending" }
    // template: key
    var statusLabel: String? { row.status?.label }
    /// Whether the line under the text holds more than the time (a pin, an edit, the app or a status): only
    /// then does the built-in template wrap it in a paragraph.
    // template: key
    var hasMeta: Bool { row.pinned || row.times.edited != nil || row.app != nil || row.status != nil }

    // Pins, deletions, threads, history, app and footer.
    // template: key
    var pinned: Bool { row.pinned }
    // template: key
    var deleted: Bool { row.deleted }
    // template: key
    var threadReplies: ThreadLink? { row.threadReplies }
    // template: key
    var threadParent: ThreadLink? { row.threadParent }
    // template: key
    var history: MessageHistoryView? { row.history }
    // template: key
    var app: String? { row.app }
    // template: key
    var footer: FooterView? { row.footer }
    // template: key
    var footerTemplate: String { row.footerTemplate }
}
