import TranscriptJSON
import TranscriptModel

/// Slack's Block Kit `blocks`, read into the same tree as mrkdwn: `rich_text` (sections, lists, preformatted
/// text, quotes, with styled text, links, mentions and emoji), `section` (mrkdwn or plain text, and fields),
/// `header`, `context`, `image`, `video`, `table`, `markdown` (standard Markdown, written as the CommonMark it is);
/// `divider`, `actions`, `context_actions`, `input` and `file` hold nothing to show (buttons, form fields, a file
/// the message lists in `files`).
///
/// Nothing is left out silently: a block or element of a type this reader does not know, and a field of the wrong
/// type, is noted in `problems` (the importer warns of it with the file and JSON path), what it held kept in the
/// message's `fields` part, and a number given for text shown as that number. The message's `text` (which Slack
/// always writes as well) is used when the blocks give nothing or hold a block type this reader does not know.
struct SlackBlocks: Sendable {
    let mrkdwn: SlackMrkdwn
    /// What could not be read, with paths below the message (`blocks[2].elements[0].text`).
    var problems = FieldProblems()

    init(mrkdwn: SlackMrkdwn) {
        self.mrkdwn = mrkdwn
    }

    typealias Block = SlackMrkdwn.Block
    typealias Inline = SlackMrkdwn.Inline

    /// The block types `blocks(_:at:)` reads, and those that hold nothing to show (interactive elements, a remote
    /// file the message lists); a message with another type is read from its `text`.
    static let knownTypes: Set<String> = [
        "rich_text", "section", "header", "context", "image", "video", "table", "markdown",
        "divider", "actions", "context_actions", "input", "file",
    ]

    /// The rich text elements Slack documents that `inlines` does not read on their own: their `text` is shown.
    /// (`canvas` names a file the message lists in `files`.)
    static let documentedInlineTypes: Set<String> = [
        "attachment_mention", "canvas", "canvas_user_mention", "canvas_message_unfurl", "citation", "file", "list_record",
        "message_mention", "salesforce_data_field", "tag", "work_object_mention", "workflow_mention",
    ]

    /// Whether every block is of a known type.
    static func allKnown(_ blocks: [JSONValue]) -> Bool {
        blocks.allSatisfy { $0.slackMember("type")?.slackString.map(knownTypes.contains) ?? false }
    }

    /// The list at `key` (`blocks`, `blocks[0].elements`): nil or null is none; another value is noted and kept.
    mutating func list(_ value: JSONValue?, at key: @autoclosure () -> String) -> [JSONValue] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?: return items
        case let other?:
            problems.wrongType(key(), expected: "a list", found: other, did: "it is left out; \(FieldProblems.keptNote)")
            return []
        }
    }

    /// The text at `key`: a number or true/false is shown as written, anything else noted and kept (see
    /// `FieldProblems.text`).
    mutating func text(_ value: JSONValue?, at key: @autoclosure () -> String) -> String? {
        problems.text(value, at: key(), what: "the text")
    }

    /// Notes each block of `list` (at `key`) of a type this reader does not know, kept; `did` says what is shown
    /// instead.
    mutating func noteUnknown(_ list: [JSONValue], at key: String, did: String) {
        for (index, block) in list.enumerated() {
            guard case .object = block else {
                problems.wrongType("\(key)[\(index)]", expected: "a block (an object)", found: block, did: "\(did); \(FieldProblems.keptNote)")
                continue
            }
            let type = block.slackMember("type")
            if let name = type?.slackString, Self.knownTypes.contains(name) { continue }
            let what = type?.slackString.map { "a block of the type \"\($0)\", which this reader does not know" }
                ?? "a block without a type (a string)"
            problems.note("\(key)[\(index)]", "\(what); \(did); \(FieldProblems.keptNote)", keeping: block)
        }
    }

    /// The content of a `blocks` list at `key` (`blocks`, `attachments[0].blocks`).
    mutating func blocks(_ list: [JSONValue], at key: String) -> [Block] {
        noteUnknown(list, at: key, did: "it is left out")
        var result: [Block] = []
        for (index, block) in list.enumerated() {
            let content = self.block(block, at: "\(key)[\(index)]")
            if !content.isEmpty { result += content }
        }
        return result
    }

    private mutating func block(_ block: JSONValue, at key: String) -> [Block] {
        switch block.slackMember("type")?.slackString {
        case "rich_text":
            return richText(list(block.slackMember("elements"), at: key + ".elements"), at: key + ".elements")
        case "section":
            var result = textObject(block.slackMember("text"), at: key + ".text")
            for (index, field) in list(block.slackMember("fields"), at: key + ".fields").enumerated() {
                result += textObject(field, at: "\(key).fields[\(index)]")
            }
            return result
        case "header":
            let text = textObject(block.slackMember("text"), at: key + ".text")
            return text.isEmpty ? [] : [.paragraph([.bold(Self.inlines(of: text))])]
        case "markdown":
            // Standard Markdown, rendered as CommonMark.
            guard let text = text(block.slackMember("text"), at: key + ".text"), !text.isEmpty else { return [] }
            return [.markdown(text)]
        case "context":
            var inlines: [Inline] = []
            for (index, element) in list(block.slackMember("elements"), at: key + ".elements").enumerated() {
                let piece: [Inline]
                if element.slackMember("type")?.slackString == "image" {
                    guard let url = text(element.slackMember("image_url"), at: "\(key).elements[\(index)].image_url") else { continue }
                    piece = [.link(url: url, label: text(element.slackMember("alt_text"), at: "\(key).elements[\(index)].alt_text") ?? "image")]
                } else {
                    piece = Self.inlines(of: textObject(element, at: "\(key).elements[\(index)]"))
                }
                if piece.isEmpty { continue }
                if !inlines.isEmpty { inlines.append(.text(" ")) }
                inlines += piece
            }
            return inlines.isEmpty ? [] : [.paragraph(inlines)]
        case "image":
            guard let url = text(block.slackMember("image_url"), at: key + ".image_url") else { return [] }
            let title = text(block.slackMember("title")?.slackMember("text"), at: key + ".title.text")
            return [.paragraph([.link(url: url, label: title ?? text(block.slackMember("alt_text"), at: key + ".alt_text") ?? "image")])]
        case "video":
            let link = block.slackMember("title_url") == nil ? "video_url" : "title_url"
            guard let url = text(block.slackMember(link), at: key + "." + link) else { return [] }
            let title = text(block.slackMember("title")?.slackMember("text"), at: key + ".title.text")
            return [.paragraph([.link(url: url, label: title ?? text(block.slackMember("alt_text"), at: key + ".alt_text"))])]
        case "table":
            var lines: [Inline] = []
            for (rowIndex, row) in list(block.slackMember("rows"), at: key + ".rows").enumerated() {
                var cells: [[Inline]] = []
                for (index, cell) in list(row, at: "\(key).rows[\(rowIndex)]").enumerated() {
                    let cellKey = "\(key).rows[\(rowIndex)][\(index)]"
                    if cell.slackMember("type")?.slackString == "rich_text" {
                        cells.append(Self.inlines(of: richText(list(cell.slackMember("elements"), at: cellKey + ".elements"), at: cellKey + ".elements")))
                    } else if case .object = cell {
                        cells.append(text(cell.slackMember("text"), at: cellKey + ".text").map { [.text($0)] } ?? [])
                    } else {
                        problems.wrongType(cellKey, expected: "a cell (an object)", found: cell, did: "it is left out; \(FieldProblems.keptNote)")
                        cells.append([])
                    }
                }
                if !lines.isEmpty { lines.append(.text("\n")) }
                for (index, cell) in cells.enumerated() {
                    if index > 0 { lines.append(.text(" | ")) }
                    lines += cell
                }
            }
            return lines.isEmpty ? [] : [.paragraph(lines)]
        default:
            // Nothing to show (`divider`, `actions`, ...), or noted by `noteUnknown`.
            return []
        }
    }

    /// A text object: `{"type": "mrkdwn" | "plain_text", "text": ...}`.
    private mutating func textObject(_ object: JSONValue?, at key: String) -> [Block] {
        guard let object else { return [] }
        guard case .object = object else {
            if case .null = object { return [] }
            problems.wrongType(key, expected: "a text object", found: object, did: "it is left out; \(FieldProblems.keptNote)")
            return []
        }
        guard let text = text(object.slackMember("text"), at: key + ".text"), !text.isEmpty else { return [] }
        if object.slackMember("type")?.slackString == "mrkdwn" {
            return mrkdwn.parse(text, formatting: object.slackMember("verbatim")?.slackBool != true)
        }
        // Plain text is not escaped; only its emoji shortcodes are read.
        return [.paragraph(Self.emojiText(text))]
    }

    /// The inline content of blocks, for places that take one line (a header, a table cell).
    static func inlines(of blocks: [Block]) -> [Inline] {
        var result: [Inline] = []
        for block in blocks {
            if !result.isEmpty { result.append(.text("\n")) }
            switch block {
            case .paragraph(let inlines): result += inlines
            case .code(let text): result.append(.code(text))
            case .quote(let inner): result += inlines(of: inner)
            case .markdown(let source): result.append(.text(source))
            }
        }
        return result
    }

    /// Plain text with `:shortcodes:` turned into emoji (Block Kit's `plain_text` with `emoji: true`).
    static func emojiText(_ text: String) -> [Inline] {
        guard text.contains(":") else { return [.text(text)] }
        var result = ""
        var rest = Substring(text)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            if let end = after.firstIndex(of: ":"), end != after.startIndex,
               after[..<end].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_+-'".contains($0)) }),
               let emoji = SlackEmoji.emoji(named: String(after[..<end]))
            {
                result += emoji
                rest = after[after.index(after: end)...]
            } else {
                result += ":"
                rest = after
            }
        }
        result += rest
        return [.text(result)]
    }

    // MARK: rich_text

    /// The elements of a `rich_text` block, at `key` (`blocks[0].elements`).
    mutating func richText(_ elements: [JSONValue], at key: String) -> [Block] {
        var blocks: [Block] = []
        for (index, element) in elements.enumerated() {
            let elementKey = "\(key)[\(index)]"
            switch element.slackMember("type")?.slackString {
            case "rich_text_section":
                let inlines = self.inlines(list(element.slackMember("elements"), at: elementKey + ".elements"), at: elementKey + ".elements")
                if !inlines.isEmpty { blocks.append(.paragraph(inlines)) }
            case "rich_text_list":
                let ordered = listField(element, "style", at: elementKey, expected: "a string", \.slackString) == "ordered"
                let indent = max(0, min(listField(element, "indent", at: elementKey, expected: "a whole number", \.slackInt) ?? 0, 8))
                let offset = listField(element, "offset", at: elementKey, expected: "a whole number", \.slackInt) ?? 0
                let bullets = ["•", "◦", "▪"]
                var lines: [Inline] = []
                for (number, item) in list(element.slackMember("elements"), at: elementKey + ".elements").enumerated() {
                    if !lines.isEmpty { lines.append(.text("\n")) }
                    let marker = ordered ? "\(offset + number + 1). " : bullets[indent % bullets.count] + " "
                    lines.append(.text(String(repeating: "\u{00A0}", count: 4 * indent) + marker))
                    let itemKey = "\(elementKey).elements[\(number)]"
                    if case .object = item {
                        lines += inlines(list(item.slackMember("elements"), at: itemKey + ".elements"), at: itemKey + ".elements")
                    } else {
                        problems.wrongType(itemKey, expected: "a list item (an object)", found: item, did: "it is left out; \(FieldProblems.keptNote)")
                    }
                }
                if !lines.isEmpty { blocks.append(.paragraph(lines)) }
            case "rich_text_preformatted":
                let text = SlackMrkdwn.plainText(inlines(list(element.slackMember("elements"), at: elementKey + ".elements"), at: elementKey + ".elements"))
                if !text.isEmpty { blocks.append(.code(text)) }
            case "rich_text_quote":
                let inlines = self.inlines(list(element.slackMember("elements"), at: elementKey + ".elements"), at: elementKey + ".elements")
                if !inlines.isEmpty { blocks.append(.quote([.paragraph(inlines)])) }
            case let type:
                // Not one of the four rich text objects: noted and kept, its text (if any) shown.
                let what: String
                if let type {
                    what = "a rich text element of the type \"\(type)\", which this reader does not know"
                } else if case .object = element {
                    what = "a rich text element without a type (a string)"
                } else {
                    what = "expected a rich text element (an object), found \(element.kindDescription)"
                }
                let shown = element.slackMember("text")?.slackString
                problems.note(elementKey, "\(what); \(shown == nil ? "it is left out" : "its text is shown"); \(FieldProblems.keptNote)", keeping: element)
                if let shown, !shown.isEmpty { blocks.append(.paragraph([.text(shown)])) }
            }
        }
        return blocks
    }

    /// The inline elements of a rich text section, at `key`.
    mutating func inlines(_ elements: [JSONValue], at key: String) -> [Inline] {
        var result: [Inline] = []
        for (index, element) in elements.enumerated() {
            let elementKey = "\(key)[\(index)]"
            guard case .object = element else {
                problems.wrongType(elementKey, expected: "a rich text element (an object)", found: element, did: "it is left out; \(FieldProblems.keptNote)")
                continue
            }
            let style = self.style(element.slackMember("style"), at: elementKey + ".style")
            let node: Inline?
            switch element.slackMember("type")?.slackString {
            case "text":
                guard let text = text(element.slackMember("text"), at: elementKey + ".text"), !text.isEmpty else { continue }
                node = style.contains("code") ? .code(text) : .text(text)
            case "link":
                let label = text(element.slackMember("text"), at: elementKey + ".text")
                if let url = text(element.slackMember("url"), at: elementKey + ".url") {
                    node = .link(url: url, label: label?.isEmpty == false ? label : nil)
                } else {
                    if element.slackMember("url") == nil {
                        problems.note(elementKey, "\"url\" is missing; the link is shown as its text; \(FieldProblems.keptNote)", keeping: element)
                    }
                    node = label.map(Inline.text)
                }
            case "user":
                let names = mrkdwn.names
                node = mention(element, "user_id", at: elementKey) { "@" + (names.user($0) ?? $0) }
            case "usergroup":
                node = mention(element, "usergroup_id", at: elementKey) { "@" + $0 }
            case "channel":
                let names = mrkdwn.names
                node = mention(element, "channel_id", at: elementKey) { "#" + (names.channel($0) ?? $0) }
            case "broadcast":
                node = mention(element, "range", at: elementKey) { "@" + $0 }
            case "emoji":
                let name = text(element.slackMember("name"), at: elementKey + ".name") ?? ""
                var emoji = element.slackMember("unicode")?.slackString.flatMap(SlackEmoji.fromHex) ?? SlackEmoji.emoji(named: name)
                if let level = element.slackMember("skin_tone")?.slackInt, let base = emoji,
                   let tone = SlackEmoji.skinTone("skin-tone-\(level)"),
                   !base.unicodeScalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) })
                {
                    emoji = SlackEmoji.applying(tone, to: base)
                }
                node = .text(emoji ?? ":" + name + ":")
            case "date":
                node = text(element.slackMember("fallback"), at: elementKey + ".fallback").map(Inline.text)
                    ?? element.slackMember("timestamp").map { .text($0.displayText) }
            case "color":
                node = text(element.slackMember("value"), at: elementKey + ".value").map(Inline.text)
            case "team":
                node = text(element.slackMember("team_id"), at: elementKey + ".team_id").map(Inline.text)
            case let type?:
                let shown = text(element.slackMember("text"), at: elementKey + ".text")
                if !Self.documentedInlineTypes.contains(type) {
                    problems.note(
                        elementKey, "a rich text element of the type \"\(type)\", which this reader does not know; \(shown == nil ? "it is left out" : "its text is shown"); \(FieldProblems.keptNote)",
                        keeping: element)
                }
                node = shown.map(Inline.text)
            case nil:
                problems.note(elementKey, "a rich text element without a type (a string); it is left out; \(FieldProblems.keptNote)", keeping: element)
                continue
            }
            guard var styled = node else { continue }
            if style.contains("strike") { styled = .strike([styled]) }
            if style.contains("italic") { styled = .italic([styled]) }
            if style.contains("bold") { styled = .bold([styled]) }
            result.append(styled)
        }
        return result
    }

    /// The styles a rich text element's `style` sets, of `bold`, `italic`, `strike` and `code`. A style that is
    /// not an object, or one of those that is not true or false, is noted and kept; the element is shown without it.
    private mutating func style(_ value: JSONValue?, at key: @autoclosure () -> String) -> Set<String> {
        guard let value else { return [] }
        guard case .object(let flags) = value else {
            problems.wrongType(key(), expected: "a style (an object)", found: value, did: "the text is shown without it; \(FieldProblems.keptNote)")
            return []
        }
        var result: Set<String> = []
        for name in ["bold", "italic", "strike", "code"] {
            switch flags[name] {
            case nil, .null?: continue
            case .bool(let on)?: if on { result.insert(name) }
            case let other?:
                problems.wrongType(
                    key() + "." + name, expected: "true or false", found: other, did: "the text is shown without it; \(FieldProblems.keptNote)")
            }
        }
        return result
    }

    /// The field `name` of a `rich_text_list`, read with `read`; another value is noted and kept, and gives nil.
    private mutating func listField<Value>(
        _ element: JSONValue, _ name: String, at key: String, expected: String, _ read: (JSONValue) -> Value?
    ) -> Value? {
        guard let value = element.slackMember(name) else { return nil }
        if let result = read(value) { return result }
        problems.wrongType("\(key).\(name)", expected: expected, found: value, did: "it is left out; \(FieldProblems.keptNote)")
        return nil
    }

    /// A mention by the id at `field` of `element`; a missing id is noted (the element kept).
    private mutating func mention(_ element: JSONValue, _ field: String, at key: String, _ shown: (String) -> String) -> Inline? {
        guard let id = text(element.slackMember(field), at: key + "." + field) else {
            if element.slackMember(field) == nil {
                problems.note(key, "\"\(field)\" is missing; the mention is left out; \(FieldProblems.keptNote)", keeping: element)
            }
            return nil
        }
        return .mention(shown(id))
    }
}

/// Lenient access to parsed JSON, for the optional parts of a Slack message (blocks, attachments, files).
extension JSONValue {
    func slackMember(_ key: String) -> JSONValue? {
        guard case .object(let members) = self, let value = members[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    var slackString: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var slackArray: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var slackBool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var slackInt: Int? {
        if case .number(let number) = self, number == number.rounded(), abs(number) < 9e15 { return Int(number) }
        return nil
    }
}
