import Mustache

/// Everything the `message` template shows for one message: plain stored values, decided before rendering.
///
/// Template keys: `anchor`, `kind`, `direction` (`outgoing` or `incoming`), `isSystem`, `dateHeader`
/// (`text`, `iso`), `showsSenderName`, `senderName`, `senderColor` (0–7), `continues` (same sender as the
/// message before), `timeText`, `iso`, `dayAndTime`, `bodyHTML` (safe HTML from cmark), `details`
/// (`label`, `hasFields`, `fields` of `name`/`value`), `reply` (`url`, `senderName`, `snippet`, `isMissing`),
/// `reactions` (`emoji`, `count`, `names`), `hasReactions`, `edited` (`text`, `iso`), `forwardedFrom`,
/// `status`.
public struct MessageRow: Sendable, MustacheParent {
    public var anchor: String
    public var kind: String
    public var direction: String
    public var isSystem: Bool
    public var dateHeader: DateHeader?
    public var showsSenderName: Bool
    public var senderName: String
    public var senderColor: Int
    public var continues: Bool
    public var timeText: String
    public var iso: String
    public var dayAndTime: String
    public var bodyHTML: String?
    public var details: Details?
    public var reply: ReplyQuote?
    public var reactions: [ReactionChip]
    public var edited: EditedNote?
    public var forwardedFrom: String?
    public var status: String?

    public func child(named name: String) -> Any? {
        switch name {
        case "anchor": anchor
        case "kind": kind
        case "direction": direction
        case "isSystem": isSystem
        case "dateHeader": dateHeader
        case "showsSenderName": showsSenderName
        case "senderName": senderName
        case "senderColor": senderColor
        case "continues": continues
        case "timeText": timeText
        case "iso": iso
        case "dayAndTime": dayAndTime
        case "bodyHTML": bodyHTML
        case "details": details
        case "reply": reply
        case "reactions": reactions
        case "hasReactions": !reactions.isEmpty
        case "edited": edited
        case "forwardedFrom": forwardedFrom
        case "status": status
        default: nil
        }
    }
}

/// A date header above a message.
public struct DateHeader: Sendable, MustacheParent {
    public var text: String
    public var iso: String
    public func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "iso": iso
        default: nil
        }
    }
}

/// A labelled block for a kind that has no richer rendering yet: its label and its fields as text.
public struct Details: Sendable, MustacheParent {
    public struct Field: Sendable, MustacheParent {
        public var name: String
        public var value: String
        public func child(named key: String) -> Any? {
            switch key {
            case "name": name
            case "value": value
            default: nil
            }
        }
    }

    public var label: String
    public var fields: [Field]
    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "fields": fields
        case "hasFields": !fields.isEmpty
        default: nil
        }
    }
}

/// The quoted original above a reply.
public struct ReplyQuote: Sendable, MustacheParent {
    /// A link to the original (`#anchor`), or nil when it is not in the export.
    public var url: String?
    public var senderName: String?
    public var snippet: String
    public var isMissing: Bool
    public func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "senderName": senderName
        case "snippet": snippet
        case "isMissing": isMissing
        default: nil
        }
    }
}

/// One reaction under a message.
public struct ReactionChip: Sendable, MustacheParent {
    public var emoji: String
    public var count: Int
    /// Who reacted, as a readable list of names; nil when the export does not say.
    public var names: String?
    public func child(named name: String) -> Any? {
        switch name {
        case "emoji": emoji
        case "count": count
        case "names": names
        default: nil
        }
    }
}

/// The "edited" mark with the time of the edit.
public struct EditedNote: Sendable, MustacheParent {
    public var text: String
    public var iso: String
    public func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "iso": iso
        default: nil
        }
    }
}
