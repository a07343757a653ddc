import TranscriptModel

/// Telegram's message text: `text_entities` when present (always `{type, text, ...}` objects), else `text`,
/// a string or an array mixing strings and entity objects. Every entity type becomes CommonMark through
/// `MarkdownWriter`, so formatting is faithful and nothing in the text is markup.
enum TelegramText {
    /// The entities of a message: (type, text, extra fields).
    static func entities(_ fields: [String: JSONValue]) -> [(type: String, text: String, fields: [String: JSONValue])] {
        let source = fields["text_entities"] ?? fields["text"]
        switch source {
        case .string(let text)?:
            return [("plain", text, [:])]
        case .array(let items)?:
            return items.compactMap { item in
                switch item {
                case .string(let text): return ("plain", text, [:])
                case .object(let entity):
                    let text: String
                    if case .string(let value)? = entity["text"] { text = value } else { text = "" }
                    if case .string(let type)? = entity["type"] { return (type, text, entity) }
                    return ("plain", text, entity)
                default: return nil
                }
            }
        default:
            return []
        }
    }

    static func isPlain(_ fields: [String: JSONValue]) -> Bool {
        entities(fields).allSatisfy { $0.type == "plain" }
    }

    package static func plain(_ fields: [String: JSONValue]) -> String {
        entities(fields).map(\.text).joined()
    }

    static func markdown(_ fields: [String: JSONValue]) -> String {
        var writer = MarkdownWriter()
        for entity in entities(fields) {
            let text = entity.text
            switch entity.type {
            case "bold": writer.bold { $0.append(text) }
            case "italic": writer.italic { $0.append(text) }
            case "underline": writer.underline { $0.append(text) }
            case "strikethrough": writer.strike { $0.append(text) }
            case "spoiler": writer.spoiler { $0.append(text) }
            case "code": writer.code(text)
            case "pre":
                if case .string(let language)? = entity.fields["language"] {
                    writer.codeBlock(text, language: language)
                } else {
                    writer.codeBlock(text)
                }
            case "text_link":
                if case .string(let href)? = entity.fields["href"] {
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
            default: writer.append(text)  // plain, custom_emoji (its fallback emoji), and types to come
            }
        }
        return writer.markdown
    }
}
