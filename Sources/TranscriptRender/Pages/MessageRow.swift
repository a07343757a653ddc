import TranscriptDisplay

/// Everything the `message` template shows for one message: plain stored values, decided before rendering.
///
/// Template keys: `anchor`, `kind`, `direction` (`outgoing` or `incoming`), `isSystem`, `dateHeader`
/// (`text`, `iso`), `showsSenderName`, `senderName`, `senderColor` (0–7), `continues` (same sender as the
/// message before), `timeText`, `iso`, `dayAndTime`, `bodyHTML` (safe HTML from cmark), `details`
/// (`label`, `hasFields`, `fields` of `name`/`value`), `reply` (`url`, `senderName`, `snippet`, `isMissing`),
/// `reactions` (`emoji`, `count`, `names`), `hasReactions`, `edited` (`text`, `iso`), `forwardedFrom`,
/// `status`, `lookClass`, `styleName`, `hasOutline`, `tail` (`corner`, `shape`), `avatar` (`image`,
/// `initials`, `color`), `reservesAvatarSpace`, `nameInside`, `nameAbove`, `footer` (`time`, `status`,
/// `reactions`, `edited`), `footerTemplate`, `tailSide`, `kindTemplate`, `content` (see `KindContent`),
/// `senderIsBot`, `hasRoleColor`, `pinned`, `statusSymbol`, `statusLabel`, `deleted`, `threadReplies` and `threadParent` (`text`, `url`).
public final class MessageRow: Sendable, TemplateObject {
    public let anchor: String
    public let kind: String
    public let direction: String
    public let isSystem: Bool
    public let dateHeader: TimeLabel?
    public let showsSenderName: Bool
    public let senderName: String
    public let senderColor: Int
    public let continues: Bool
    public let timeText: String
    public let iso: String
    public let dayAndTime: String
    public let bodyHTML: String?
    public let details: Details?
    public let reply: ReplyQuote?
    public let reactions: [ReactionChip]
    public let edited: TimeLabel?
    public let forwardedFrom: String?
    public let status: String?
    /// The class of the message's look (colours and layout), defined in the page's `<style>`.
    public let lookClass: String
    /// `none`, `bubble`, `bubbleOutline`, `bubbleTail` or `bubbleTailOutline`.
    public let styleName: String
    public let hasOutline: Bool
    /// The tail's `corner` and `shape`, when this bubble has one.
    public let tail: TailView?
    public let avatar: AvatarView?
    /// Whether the row keeps room for an avatar (all messages of a group line up beside it).
    public let reservesAvatarSpace: Bool
    /// Whether the sender's name goes inside the bubble rather than above it.
    public let nameInside: Bool
    public let footer: FooterView?
    /// The side (`left` or `right`) that keeps room for tails in this message's style, even on bubbles of a
    /// group that have none, so a group's bubbles line up; nil for styles without a tail.
    public let tailSide: String?
    /// Whether the sender is a bot, and whether they have a colour of their own (shown as a dot).
    public let senderIsBot: Bool
    public let hasRoleColor: Bool
    /// Whether the message is pinned.
    public let pinned: Bool
    /// IMUI's status view: a symbol (✓, ✓✓, …) and its words, for messages with a delivery status.
    public let statusSymbol: String?
    public let statusLabel: String?
    /// Whether the message was deleted.
    public let deleted: Bool
    /// For the first message of a thread: how many replies it has, and a link to the first.
    public let threadReplies: ThreadLink?
    /// For a reply in a thread: a link to the thread's first message.
    public let threadParent: ThreadLink?
    /// The template that draws the message's content: `messages/KIND` (see `KindContent`).
    public let kindTemplate: String
    /// The values of the message's kind for its template.
    public let content: ValuesView?
    /// The template that draws the footer (`footer` unless the display settings name another).
    public let footerTemplate: String


    public init(anchor: String, kind: String, direction: String, isSystem: Bool, dateHeader: TimeLabel?, showsSenderName: Bool, senderName: String, senderColor: Int, continues: Bool, timeText: String, iso: String, dayAndTime: String, bodyHTML: String?, details: Details?, reply: ReplyQuote?, reactions: [ReactionChip], edited: TimeLabel?, forwardedFrom: String?, status: String?, lookClass: String, styleName: String, hasOutline: Bool, tail: TailView?, avatar: AvatarView?, reservesAvatarSpace: Bool, nameInside: Bool, footer: FooterView?, tailSide: String?, senderIsBot: Bool, hasRoleColor: Bool, pinned: Bool, statusSymbol: String?, statusLabel: String?, deleted: Bool, threadReplies: ThreadLink?, threadParent: ThreadLink?, kindTemplate: String, content: ValuesView?, footerTemplate: String) {
        self.anchor = anchor
        self.kind = kind
        self.direction = direction
        self.isSystem = isSystem
        self.dateHeader = dateHeader
        self.showsSenderName = showsSenderName
        self.senderName = senderName
        self.senderColor = senderColor
        self.continues = continues
        self.timeText = timeText
        self.iso = iso
        self.dayAndTime = dayAndTime
        self.bodyHTML = bodyHTML
        self.details = details
        self.reply = reply
        self.reactions = reactions
        self.edited = edited
        self.forwardedFrom = forwardedFrom
        self.status = status
        self.lookClass = lookClass
        self.styleName = styleName
        self.hasOutline = hasOutline
        self.tail = tail
        self.avatar = avatar
        self.reservesAvatarSpace = reservesAvatarSpace
        self.nameInside = nameInside
        self.footer = footer
        self.tailSide = tailSide
        self.senderIsBot = senderIsBot
        self.hasRoleColor = hasRoleColor
        self.pinned = pinned
        self.statusSymbol = statusSymbol
        self.statusLabel = statusLabel
        self.deleted = deleted
        self.threadReplies = threadReplies
        self.threadParent = threadParent
        self.kindTemplate = kindTemplate
        self.content = content
        self.footerTemplate = footerTemplate
    }

    public func templateValue(for name: String) -> TemplateValue? {
        // A message template asks for dozens of keys per message: the first letter narrows the string
        // comparisons down to a few.
        switch name.utf8.first {
        case UInt8(ascii: "a"):
            switch name {
            case "anchor": .text(anchor)
            case "avatar": avatar.templateValue
            default: nil
            }
        case UInt8(ascii: "b"):
            switch name {
            case "bodyHTML": bodyHTML.templateValue
            default: nil
            }
        case UInt8(ascii: "c"):
            switch name {
            case "continues": .flag(continues)
            case "content": content.templateValue
            default: nil
            }
        case UInt8(ascii: "d"):
            switch name {
            case "direction": .text(direction)
            case "dateHeader": dateHeader.templateValue
            case "deleted": .flag(deleted)
            case "dayAndTime": .text(dayAndTime)
            case "details": details.templateValue
            default: nil
            }
        case UInt8(ascii: "e"):
            switch name {
            case "edited": edited.templateValue
            default: nil
            }
        case UInt8(ascii: "f"):
            switch name {
            case "forwardedFrom": forwardedFrom.templateValue
            case "footer": footer.templateValue
            case "footerTemplate": .text(footerTemplate)
            default: nil
            }
        case UInt8(ascii: "h"):
            switch name {
            case "hasReactions": .flag(!reactions.isEmpty)
            case "hasRoleColor": .flag(hasRoleColor)
            case "hasOutline": .flag(hasOutline)
            default: nil
            }
        case UInt8(ascii: "i"):
            switch name {
            case "isSystem": .flag(isSystem)
            case "iso": .text(iso)
            default: nil
            }
        case UInt8(ascii: "k"):
            switch name {
            case "kind": .text(kind)
            case "kindTemplate": .text(kindTemplate)
            default: nil
            }
        case UInt8(ascii: "l"):
            switch name {
            case "lookClass": .text(lookClass)
            default: nil
            }
        case UInt8(ascii: "n"):
            switch name {
            case "nameInside": .flag(nameInside)
            case "nameAbove": .flag(showsSenderName && !nameInside)
            default: nil
            }
        case UInt8(ascii: "p"):
            switch name {
            case "pinned": .flag(pinned)
            default: nil
            }
        case UInt8(ascii: "r"):
            switch name {
            case "reply": reply.templateValue
            case "reactions": .list(reactions)
            case "reservesAvatarSpace": .flag(reservesAvatarSpace)
            default: nil
            }
        case UInt8(ascii: "s"):
            switch name {
            case "showsSenderName": .flag(showsSenderName)
            case "senderName": .text(senderName)
            case "senderIsBot": .flag(senderIsBot)
            case "senderColor": .number(senderColor)
            case "status": status.templateValue
            case "statusSymbol": statusSymbol.templateValue
            case "statusLabel": statusLabel.templateValue
            case "styleName": .text(styleName)
            default: nil
            }
        case UInt8(ascii: "t"):
            switch name {
            case "timeText": .text(timeText)
            case "tail": tail.templateValue
            case "threadReplies": threadReplies.templateValue
            case "threadParent": threadParent.templateValue
            case "tailSide": tailSide.templateValue
            default: nil
            }
        default: nil
        }
    }
}

/// A moment shown as text, with its ISO 8601 form for `<time datetime>`: a date header, an edit time.
public final class TimeLabel: Sendable, TemplateObject {
    public let text: String
    public let iso: String

    public init(text: String, iso: String) {
        self.text = text
        self.iso = iso
    }

    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "text": .text(text)
        case "iso": .text(iso)
        default: nil
        }
    }
}

/// A labelled block for a kind that has no richer rendering yet: its label and its fields as text.
public final class Details: Sendable, TemplateObject {
    public final class Field: Sendable, TemplateObject {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        public func templateValue(for key: String) -> TemplateValue? {
            switch key {
            case "name": .text(name)
            case "value": .text(value)
            default: nil
            }
        }
    }

    public let label: String
    public let fields: [Field]

    public init(label: String, fields: [Field]) {
        self.label = label
        self.fields = fields
    }

    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "label": .text(label)
        case "fields": .list(fields)
        case "hasFields": .flag(!fields.isEmpty)
        default: nil
        }
    }
}

/// The quoted original above a reply.
public final class ReplyQuote: Sendable, TemplateObject {
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

    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "url": url.templateValue
        case "senderName": senderName.templateValue
        case "snippet": .text(snippet)
        case "isMissing": .flag(isMissing)
        default: nil
        }
    }
}

/// One reaction under a message.
public final class ReactionChip: Sendable, TemplateObject {
    public let emoji: String
    public let count: Int
    /// Who reacted, as a readable list of names; nil when the export does not say.
    public let names: String?

    public init(emoji: String, count: Int, names: String?) {
        self.emoji = emoji
        self.count = count
        self.names = names
    }

    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "emoji": .text(emoji)
        case "count": .number(count)
        case "names": names.templateValue
        default: nil
        }
    }
}

/// A bubble's tail: its corner (`topLeft`, `topRight`, `bottomLeft`, `bottomRight`) and shape (`curved`,
/// `pointedEdge`).
public final class TailView: Sendable, TemplateObject {
    public let corner: String
    public let shape: String

    public init(corner: TailCorner, shape: TailStyle) {
        self.corner = corner.rawValue
        self.shape = shape.rawValue
    }

    public func templateValue(for key: String) -> TemplateValue? {
        switch key {
        case "corner": .text(corner)
        case "shape": .text(shape)
        case "isCurved": .flag(shape == TailStyle.curved.rawValue)
        default: nil
        }
    }
}

/// The lines below a message that the display settings switch on.
public final class FooterView: Sendable, TemplateObject {
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

    public func templateValue(for key: String) -> TemplateValue? {
        switch key {
        case "time": time.templateValue
        case "status": status.templateValue
        case "reactions": reactions.templateValue
        case "edited": edited.templateValue
        default: nil
        }
    }
}

/// A link within a thread: "3 replies" to the first reply, or "In a thread" to the thread's first message.
public final class ThreadLink: Sendable, TemplateObject {
    public let text: String
    public let url: String?

    public init(text: String, url: String?) {
        self.text = text
        self.url = url
    }

    public func templateValue(for key: String) -> TemplateValue? {
        switch key {
        case "text": .text(text)
        case "url": url.templateValue
        default: nil
        }
    }
}
