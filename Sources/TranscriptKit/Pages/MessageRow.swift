/// Everything the `message` template shows for one message: plain stored values, decided before rendering.
///
/// Template keys: `anchor`, `kind`, `direction` (`outgoing` or `incoming`), `isSystem`, `dateHeader`
/// (`text`, `iso`), `showsSenderName`, `senderName`, `senderColor` (0–7), `continues` (same sender as the
/// message before), `timeText`, `iso`, `dayAndTime`, `bodyHTML` (safe HTML from cmark), `details`
/// (`label`, `hasFields`, `fields` of `name`/`value`), `reply` (`url`, `senderName`, `snippet`, `isMissing`),
/// `reactions` (`emoji`, `count`, `names`), `hasReactions`, `edited` (`text`, `iso`), `forwardedFrom`,
/// `status`.
public struct MessageRow: Sendable, TemplateObject {
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

    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "anchor": .text(anchor)
        case "kind": .text(kind)
        case "direction": .text(direction)
        case "isSystem": .flag(isSystem)
        case "dateHeader": dateHeader.templateValue
        case "showsSenderName": .flag(showsSenderName)
        case "senderName": .text(senderName)
        case "senderColor": .number(senderColor)
        case "continues": .flag(continues)
        case "timeText": .text(timeText)
        case "iso": .text(iso)
        case "dayAndTime": .text(dayAndTime)
        case "bodyHTML": bodyHTML.templateValue
        case "details": details.templateValue
        case "reply": reply.templateValue
        case "reactions": .list(reactions)
        case "hasReactions": .flag(!reactions.isEmpty)
        case "edited": edited.templateValue
        case "forwardedFrom": forwardedFrom.templateValue
        case "status": status.templateValue
        default: nil
        }
    }
}

/// A date header above a message.
public struct DateHeader: Sendable, TemplateObject {
    public var text: String
    public var iso: String
    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "text": .text(text)
        case "iso": .text(iso)
        default: nil
        }
    }
}

/// A labelled block for a kind that has no richer rendering yet: its label and its fields as text.
public struct Details: Sendable, TemplateObject {
    public struct Field: Sendable, TemplateObject {
        public var name: String
        public var value: String
        public func templateValue(for key: String) -> TemplateValue? {
            switch key {
            case "name": .text(name)
            case "value": .text(value)
            default: nil
            }
        }
    }

    public var label: String
    public var fields: [Field]
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
public struct ReplyQuote: Sendable, TemplateObject {
    /// A link to the original (`#anchor`), or nil when it is not in the export.
    public var url: String?
    public var senderName: String?
    public var snippet: String
    public var isMissing: Bool
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
public struct ReactionChip: Sendable, TemplateObject {
    public var emoji: String
    public var count: Int
    /// Who reacted, as a readable list of names; nil when the export does not say.
    public var names: String?
    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "emoji": .text(emoji)
        case "count": .number(count)
        case "names": names.templateValue
        default: nil
        }
    }
}

/// The "edited" mark with the time of the edit.
public struct EditedNote: Sendable, TemplateObject {
    public var text: String
    public var iso: String
    public func templateValue(for name: String) -> TemplateValue? {
        switch name {
        case "text": .text(text)
        case "iso": .text(iso)
        default: nil
        }
    }
}
