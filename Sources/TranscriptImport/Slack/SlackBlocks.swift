import TranscriptModel

/// Slack's Block Kit `blocks`, read into the same tree as mrkdwn: `rich_text` (sections, lists, preformatted
/// text, quotes, with styled text, links, mentions and emoji), `section` (mrkdwn or plain text, and fields),
/// `header`, `context`, `image`, `video`, `table` and `divider`.
///
/// Blocks are read leniently: an element of a shape this reader does not know is left out, and the message's
/// `text` (which Slack always writes as well) is used when the blocks give nothing or hold a block type this
/// reader does not know.
struct SlackBlocks: Sendable {
    let mrkdwn: SlackMrkdwn

    typealias Block = SlackMrkdwn.Block
    typealias Inline = SlackMrkdwn.Inline

    /// The block types `blocks(_:)` reads; a message with another type is read from its `text`.
    static let knownTypes: Set<String> = ["rich_text", "section", "header", "context", "image", "video", "table", "divider"]

    /// Whether every block is of a known type.
    static func allKnown(_ blocks: [JSONValue]) -> Bool {
        blocks.allSatisfy { $0.slackMember("type")?.slackString.map(knownTypes.contains) ?? false }
    }

    /// The content of a `blocks` list.
    func blocks(_ list: [JSONValue]) -> [Block] {
        var result: [Block] = []
        for block in list {
            let content = self.block(block)
            if !content.isEmpty { result += content }
        }
        return result
    }

    private func block(_ block: JSONValue) -> [Block] {
        switch block.slackMember("type")?.slackString {
        case "rich_text":
            return richText(block.slackMember("elements")?.slackArray ?? [])
        case "section":
            var result = textObject(block.slackMember("text"))
            for field in block.slackMember("fields")?.slackArray ?? [] { result += textObject(field) }
            return result
        case "header":
            let text = textObject(block.slackMember("text"))
            return text.isEmpty ? [] : [.paragraph([.bold(Self.inlines(of: text))])]
        case "context":
            var inlines: [Inline] = []
            for element in block.slackMember("elements")?.slackArray ?? [] {
                let piece: [Inline]
                if element.slackMember("type")?.slackString == "image" {
                    guard let url = element.slackMember("image_url")?.slackString else { continue }
                    piece = [.link(url: url, label: element.slackMember("alt_text")?.slackString ?? "image")]
                } else {
                    piece = Self.inlines(of: textObject(element))
                }
                if piece.isEmpty { continue }
                if !inlines.isEmpty { inlines.append(.text(" ")) }
                inlines += piece
            }
            return inlines.isEmpty ? [] : [.paragraph(inlines)]
        case "image":
            guard let url = block.slackMember("image_url")?.slackString else { return [] }
            let title = block.slackMember("title")?.slackMember("text")?.slackString
            return [.paragraph([.link(url: url, label: title ?? block.slackMember("alt_text")?.slackString ?? "image")])]
        case "video":
            guard let url = (block.slackMember("title_url") ?? block.slackMember("video_url"))?.slackString else { return [] }
            let title = block.slackMember("title")?.slackMember("text")?.slackString
            return [.paragraph([.link(url: url, label: title ?? block.slackMember("alt_text")?.slackString)])]
        case "table":
            var lines: [Inline] = []
            for row in block.slackMember("rows")?.slackArray ?? [] {
                var cells: [[Inline]] = []
                for cell in row.slackArray ?? [] {
                    if cell.slackMember("type")?.slackString == "rich_text" {
                        cells.append(Self.inlines(of: richText(cell.slackMember("elements")?.slackArray ?? [])))
                    } else if let text = cell.slackMember("text")?.slackString {
                        cells.append([.text(text)])
                    } else {
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
            return []
        }
    }

    /// A text object: `{"type": "mrkdwn" | "plain_text", "text": ...}`.
    private func textObject(_ object: JSONValue?) -> [Block] {
        guard let object, let text = object.slackMember("text")?.slackString, !text.isEmpty else { return [] }
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

    /// The elements of a `rich_text` block.
    func richText(_ elements: [JSONValue]) -> [Block] {
        var blocks: [Block] = []
        for element in elements {
            switch element.slackMember("type")?.slackString {
            case "rich_text_section":
                let inlines = self.inlines(element.slackMember("elements")?.slackArray ?? [])
                if !inlines.isEmpty { blocks.append(.paragraph(inlines)) }
            case "rich_text_list":
                let ordered = element.slackMember("style")?.slackString == "ordered"
                let indent = max(0, min(element.slackMember("indent")?.slackInt ?? 0, 8))
                let offset = element.slackMember("offset")?.slackInt ?? 0
                let bullets = ["•", "◦", "▪"]
                var lines: [Inline] = []
                for (index, item) in (element.slackMember("elements")?.slackArray ?? []).enumerated() {
                    if !lines.isEmpty { lines.append(.text("\n")) }
                    let marker = ordered ? "\(offset + index + 1). " : bullets[indent % bullets.count] + " "
                    lines.append(.text(String(repeating: "\u{00A0}", count: 4 * indent) + marker))
                    lines += inlines(item.slackMember("elements")?.slackArray ?? [])
                }
                if !lines.isEmpty { blocks.append(.paragraph(lines)) }
            case "rich_text_preformatted":
                let text = SlackMrkdwn.plainText(inlines(element.slackMember("elements")?.slackArray ?? []))
                if !text.isEmpty { blocks.append(.code(text)) }
            case "rich_text_quote":
                let inlines = self.inlines(element.slackMember("elements")?.slackArray ?? [])
                if !inlines.isEmpty { blocks.append(.quote([.paragraph(inlines)])) }
            default:
                continue
            }
        }
        return blocks
    }

    /// The inline elements of a rich text section.
    func inlines(_ elements: [JSONValue]) -> [Inline] {
        var result: [Inline] = []
        for element in elements {
            let style = element.slackMember("style")
            let node: Inline?
            switch element.slackMember("type")?.slackString {
            case "text":
                guard let text = element.slackMember("text")?.slackString, !text.isEmpty else { continue }
                node = style?.slackMember("code")?.slackBool == true ? .code(text) : .text(text)
            case "link":
                guard let url = element.slackMember("url")?.slackString else { continue }
                let text = element.slackMember("text")?.slackString
                node = .link(url: url, label: text?.isEmpty == false ? text : nil)
            case "user":
                guard let id = element.slackMember("user_id")?.slackString else { continue }
                node = .mention("@" + (mrkdwn.names.user(id) ?? id))
            case "usergroup":
                guard let id = element.slackMember("usergroup_id")?.slackString else { continue }
                node = .mention("@" + id)
            case "channel":
                guard let id = element.slackMember("channel_id")?.slackString else { continue }
                node = .mention("#" + (mrkdwn.names.channel(id) ?? id))
            case "broadcast":
                guard let range = element.slackMember("range")?.slackString else { continue }
                node = .mention("@" + range)
            case "emoji":
                let name = element.slackMember("name")?.slackString ?? ""
                var emoji = element.slackMember("unicode")?.slackString.flatMap(SlackEmoji.fromHex) ?? SlackEmoji.emoji(named: name)
                if let level = element.slackMember("skin_tone")?.slackInt, let base = emoji,
                   let tone = SlackEmoji.skinTone("skin-tone-\(level)"),
                   !base.unicodeScalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) })
                {
                    emoji = SlackEmoji.applying(tone, to: base)
                }
                node = .text(emoji ?? ":" + name + ":")
            case "date":
                node = (element.slackMember("fallback")?.slackString).map(Inline.text)
                    ?? element.slackMember("timestamp").map { .text($0.displayText) }
            case "color":
                node = element.slackMember("value")?.slackString.map(Inline.text)
            case "team":
                node = element.slackMember("team_id")?.slackString.map(Inline.text)
            default:
                // `canvas` and the like name a file the message lists in `files`; other unknown elements keep their text.
                node = element.slackMember("text")?.slackString.map(Inline.text)
            }
            guard var styled = node else { continue }
            if style?.slackMember("strike")?.slackBool == true { styled = .strike([styled]) }
            if style?.slackMember("italic")?.slackBool == true { styled = .italic([styled]) }
            if style?.slackMember("bold")?.slackBool == true { styled = .bold([styled]) }
            result.append(styled)
        }
        return result
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
