import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Telegram's message text: `text_entities` when present (always `{type, text, ...}` objects), else `text`,
/// a string or an array mixing strings and entity objects. Every entity type becomes CommonMark through
/// `MarkdownWriter`, so formatting is faithful and nothing in the text is markup.
enum TelegramText {
    /// One run of text: its entity type (`plain`, `bold`, `text_link`, ...), its text, and the entity's `href`
    /// (a `text_link`'s) or `language` (a `pre`'s).
    struct Entity {
        var type: String
        var text: String
        var href: String? = nil
        var language: String? = nil
    }

    /// The entities of a message. A number given for text is shown as written; anything else that is not text
    /// is noted in `problems` (and kept in the message's `fields` part), never dropped silently.
    static func entities<Fields: JSONView>(_ fields: Fields, problems: inout FieldProblems) -> [Entity] {
        let textEntities = fields[member: "text_entities"]
        let usesEntities = textEntities.map { !$0.isNull } ?? false
        // Beside text_entities, `text` is another form of the same text: one of the wrong type is said, not read.
        if usesEntities, let text = fields[member: "text"], text.isObject || text.numberValue != nil || text.boolValue != nil {
            problems.wrongType("text", expected: "a string or a list", found: text.json, did: "the text is read from \"text_entities\"; \(FieldProblems.keptNote)")
        }
        if usesEntities, let textEntities, let text = onlyPlainPart(of: textEntities) { return [Entity(type: "plain", text: text)] }
        let key = usesEntities ? "text_entities" : "text"
        guard let value = usesEntities ? textEntities : fields[member: "text"], !value.isNull else { return [] }
        if let text = value.stringValue { return [Entity(type: "plain", text: text)] }
        guard let items = value.elements else {
            let text = problems.text(value, at: key, what: "the text") ?? ""
            return [Entity(type: "plain", text: text)]
        }
        var entities: [Entity] = []
        entities.reserveCapacity(items.underestimatedCount)
        for (index, item) in items.enumerated() {
            if let text = item.stringValue {
                entities.append(Entity(type: "plain", text: text))
            } else if item.isObject {
                let text = problems.text(item[member: "text"], at: "\(key)[\(index)].text", what: "this part of the text") ?? ""
                let type = problems.text(item[member: "type"], at: "\(key)[\(index)].type", what: "its type") ?? "plain"
                var entity = Entity(type: type, text: text)
                switch type {
                case "text_link": entity.href = item[member: "href"]?.stringValue
                case "pre": entity.language = item[member: "language"]?.stringValue
                default: break
                }
                entities.append(entity)
            } else {
                let text = problems.text(item, at: "\(key)[\(index)]", what: "this part of the text") ?? ""
                entities.append(Entity(type: "plain", text: text))
            }
        }
        return entities
    }

    /// The text of `value` when it is a list of one part, of type `plain` with a string for its text: how Telegram
    /// writes the `text_entities` of text without formatting, most messages' (read without the general walk).
    private static func onlyPlainPart<Value: JSONView>(of value: Value) -> String? {
        guard let parts = value.elements else { return nil }
        var iterator = parts.makeIterator()
        guard let part = iterator.next(), iterator.next() == nil, part.isObject,
            part[member: "type"]?.stringValue == "plain"
        else { return nil }
        return part[member: "text"]?.stringValue
    }

    static func isPlain(_ entities: [Entity]) -> Bool {
        entities.allSatisfy { $0.type == "plain" }
    }

    package static func plain(_ entities: [Entity]) -> String {
        entities.count == 1 ? entities[0].text : entities.map(\.text).joined()
    }

    static func markdown(_ entities: [Entity]) -> String {
        var writer = MarkdownWriter()
        for entity in entities {
            let text = entity.text
            switch entity.type {
            case "plain": writer.append(text)  // the most common, compared first
            case "bold": writer.bold { $0.append(text) }
            case "italic": writer.italic { $0.append(text) }
            case "underline": writer.underline { $0.append(text) }
            case "strikethrough": writer.strike { $0.append(text) }
            case "spoiler": writer.spoiler { $0.append(text) }
            case "code": writer.code(text)
            case "pre":
                if let language = entity.language {
                    writer.codeBlock(text, language: language)
                } else {
                    writer.codeBlock(text)
                }
            case "text_link":
                if let href = entity.href {
                    writer.link(to: href) { $0.append(text) }
                } else {
                    writer.append(text)
                }
            case "link":
                // A bare URL: left as text, the renderer links it (and refuses unsafe ones).
                writer.append(text)
            case "mention", "mention_name", "bot_command": writer.mention { $0.append(text) }
            case "hashtag", "cashtag": writer.hashtag { $0.append(text) }
            case "email":
                if let mailto = SafeURL.mailto(text) { writer.link(to: mailto) { $0.append(text) } } else { writer.append(text) }
            case "phone":
                if let tel = SafeURL.tel(text) { writer.link(to: tel) { $0.append(text) } } else { writer.append(text) }
            case "blockquote", "expandable_blockquote": writer.quote { $0.append(text) }
            default: writer.append(text)  // custom_emoji (its fallback emoji), and types to come
            }
        }
        return writer.compactMarkdown
    }
}
