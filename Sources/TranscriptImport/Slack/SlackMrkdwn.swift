import TranscriptModel

/// How a Slack export names people and channels, for mentions: `<@U123>` → `@Ann`, `<#C123>` → `#general`.
struct SlackNames: Sendable {
    /// User (and bot) id → the name shown.
    var users: [String: String] = [:]
    /// Names learnt from the messages themselves (`user_profile`, bot `username`), used when `users` lacks one.
    var seen: [String: String] = [:]
    /// Channel id → channel name (without `#`).
    var channels: [String: String] = [:]
    /// While a batch of day files is read (`SlackDayBatches`): the position in the batch of the message each name
    /// of `seen` was learnt from, for the names learnt in the batch (the others were known before it).
    var learnedAt: [String: Int] = [:]
    /// The position in the batch of the message being read: `user` knows only the names learnt up to it, as when
    /// the messages are read one after another. `Int.max` outside batches.
    var asOf = Int.max

    func user(_ id: String) -> String? {
        if let name = users[id] { return name }
        guard let name = seen[id] else { return nil }
        if !learnedAt.isEmpty, let position = learnedAt[id], position > asOf { return nil }
        return name
    }

    /// Records a name learnt from the message at `asOf` (the first one known wins: callers check `user` first).
    mutating func learn(_ id: String, _ name: String) {
        seen[id] = name
        if asOf != Int.max { learnedAt[id] = asOf }
    }
    package func channel(_ id: String) -> String? { channels[id] }
}

/// Slack's `mrkdwn`, the markup of a message's `text`: read into a small tree, then written as safe CommonMark
/// with `MarkdownWriter` (every character of the text escaped, only the structure Slack meant becomes markup), or
/// as plain text.
///
/// The text is HTML-escaped (`&amp;`, `&lt;`, `&gt;`), so a `<` in it always starts one of Slack's tokens:
/// `<@U123>` and `<@U123|name>` (a person), `<#C123|general>` (a channel), `<!here>`, `<!channel>`,
/// `<!everyone>`, `<!subteam^S123|@team>`, `<!date^…|fallback>`, `<https://…>` and `<https://…|label>`.
/// Markup: `*bold*`, `_italic_`, `~strike~`, `` `code` ``, ```` ```code block``` ````, `&gt;` quotes (a line,
/// or `&gt;&gt;&gt;` for the rest of the text), and `:emoji:` shortcodes.
struct SlackMrkdwn: Sendable {
    indirect enum Inline: Equatable, Sendable {
        case text(String)
        case bold([Inline])
        case italic([Inline])
        case strike([Inline])
        case code(String)
        case link(url: String, label: String?)
        case mention(String)
    }

    indirect enum Block: Equatable, Sendable {
        case paragraph([Inline])
        case code(String)
        case quote([Block])
        /// Standard Markdown as Slack's `markdown` block holds it: written as the CommonMark it is.
        case markdown(String)
    }

    package let names: SlackNames

    // MARK: Reading

    /// The blocks of a mrkdwn text. Without `formatting` (attachment fields outside `mrkdwn_in`), only the
    /// `<…>` tokens, entities and emoji are read; `*`, `_`, `~`, backticks and quotes are text.
    package func parse(_ text: String, formatting: Bool = true) -> [Block] {
        guard formatting else { return paragraph(text, formatting: false).map { [$0] } ?? [] }
        var blocks: [Block] = []
        var rest = Substring(text)
        var afterCode = false
        while let open = Self.find("```", in: rest, from: rest.startIndex),
              let close = Self.find("```", in: rest, from: open.upperBound)
        {
            blocks += textBlocks(rest[..<open.lowerBound], afterCode: afterCode, beforeCode: true)
            var code = rest[open.upperBound..<close.lowerBound]
            if code.hasPrefix("\n") { code = code.dropFirst() }
            if code.hasSuffix("\n") { code = code.dropLast() }
            if !code.isEmpty { blocks.append(.code(plain(raw: String(code)))) }
            rest = rest[close.upperBound...]
            afterCode = true
        }
        blocks += textBlocks(rest, afterCode: afterCode, beforeCode: false)
        return blocks
    }

    /// The inline content of a short mrkdwn text, such as an attachment's title: one paragraph, no blocks.
    func inlines(_ text: String, formatting: Bool = true) -> [Inline] {
        // Most messages hold none of the marks mrkdwn reads: their text is one run, as it is (read a token per
        // scalar, it would be made again scalar by scalar).
        if !text.utf8.contains(where: { Self.isMark($0, formatting: formatting) }) { return text.isEmpty ? [] : [.text(text)] }
        let tokens = Self.tokens(text, formatting: formatting)
        return inlines(tokens, 0..<tokens.count, formatting: formatting)
    }

    /// Whether a byte starts something `tokens` or `inlines(_:_:formatting:)` reads: an entity (`&`), a `<…>`
    /// token, an emoji code (`:`), and with formatting a code span and the marks of bold, italic and strike.
    private static func isMark(_ byte: UInt8, formatting: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ":"): true
        case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"): formatting
        default: false
        }
    }

    /// Text with only the `<…>` tokens and entities read (the content of code spans and blocks).
    package func plain(raw text: String) -> String {
        var result = ""
        for token in Self.tokens(text, formatting: false) {
            switch token {
            case .char(let scalar): result.unicodeScalars.append(scalar)
            case .angle(let content): result += Self.plainText([angle(content)])
            case .code(let content): result += content
            }
        }
        return result
    }

    /// Lines of text between code blocks: quotes (`&gt;` lines, `&gt;&gt;&gt;` to the end) and paragraphs.
    private func textBlocks(_ segment: Substring, afterCode: Bool, beforeCode: Bool) -> [Block] {
        var segment = segment
        if afterCode { segment = segment.drop { $0 == "\n" || $0 == "\r\n" } }
        if beforeCode { while let last = segment.last, last.isWhitespace { segment = segment.dropLast() } }
        guard !segment.isEmpty else { return [] }
        guard Self.find("&gt;", in: segment, from: segment.startIndex) != nil else {
            return paragraph(String(segment), formatting: true).map { [$0] } ?? []
        }
        var blocks: [Block] = []
        var lines: [Substring] = []
        var quoted: [Substring] = []
        func flushLines() {
            if let block = paragraph(lines.joined(separator: "\n"), formatting: true) { blocks.append(block) }
            lines = []
        }
        func flushQuote() {
            let inner = parse(quoted.joined(separator: "\n"))
            if !inner.isEmpty { blocks.append(.quote(inner)) }
            quoted = []
        }
        let all = segment.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in all.enumerated() {
            if line.hasPrefix("&gt;&gt;&gt;") {
                flushLines()
                flushQuote()
                var rest = [Self.droppingSpace(line.dropFirst(12))]
                rest += all[(index + 1)...]
                let inner = parse(rest.joined(separator: "\n"))
                if !inner.isEmpty { blocks.append(.quote(inner)) }
                return blocks
            }
            if line.hasPrefix("&gt;") {
                flushLines()
                quoted.append(Self.droppingSpace(line.dropFirst(4)))
            } else {
                flushQuote()
                lines.append(line)
            }
        }
        flushLines()
        flushQuote()
        return blocks
    }

    private static func droppingSpace(_ line: Substring) -> Substring { line.hasPrefix(" ") ? line.dropFirst() : line }

    private func paragraph(_ text: String, formatting: Bool) -> Block? {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        return .paragraph(inlines(text, formatting: formatting))
    }

    /// A piece of text: a code point (entities decoded), a `<…>` token, or a code span. The text is read as
    /// Unicode scalars, not characters: only ASCII marks matter, and grapheme breaking is slow.
    private enum Token {
        case char(Unicode.Scalar)
        case angle(String)
        case code(String)
    }

    private static let entities: [(name: [Unicode.Scalar], value: Unicode.Scalar)] = [
        (Array("amp;".unicodeScalars), "&"), (Array("lt;".unicodeScalars), "<"), (Array("gt;".unicodeScalars), ">"),
    ]

    private static func tokens(_ text: String, formatting: Bool) -> [Token] {
        let characters = Array(text.unicodeScalars)
        var tokens: [Token] = []
        tokens.reserveCapacity(characters.count)
        var index = 0
        scan: while index < characters.count {
            let character = characters[index]
            switch character {
            case "&":
                for entity in entities where characters[(index + 1)...].starts(with: entity.name) {
                    tokens.append(.char(entity.value))
                    index += 1 + entity.name.count
                    continue scan
                }
            case "<":
                var end = index + 1
                while end < characters.count, characters[end] != ">", characters[end] != "<", characters[end] != "\n" { end += 1 }
                if end < characters.count, characters[end] == ">", end > index + 1 {
                    tokens.append(.angle(Self.string(characters[(index + 1)..<end])))
                    index = end + 1
                    continue scan
                }
            case "`" where formatting:
                var end = index + 1
                while end < characters.count, characters[end] != "`", characters[end] != "\n" { end += 1 }
                if end < characters.count, characters[end] == "`", end > index + 1 {
                    tokens.append(.code(Self.string(characters[(index + 1)..<end])))
                    index = end + 1
                    continue scan
                }
            default:
                break
            }
            tokens.append(.char(character))
            index += 1
        }
        return tokens
    }

    private func inlines(_ tokens: [Token], _ range: Range<Int>, formatting: Bool) -> [Inline] {
        var result: [Inline] = []
        // The run of text being read, as UTF-8 (a string grown a scalar at a time is slow to grow).
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { result.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll(keepingCapacity: true)
        }
        var index = range.lowerBound
        while index < range.upperBound {
            switch tokens[index] {
            case .angle(let content):
                flush()
                result.append(angle(content))
                index += 1
            case .code(let content):
                flush()
                result.append(.code(plain(raw: content)))
                index += 1
            case .char(let character):
                if formatting, character == "*" || character == "_" || character == "~",
                   Self.canOpen(tokens, at: index, in: range),
                   let close = Self.closing(character, tokens, after: index, in: range)
                {
                    flush()
                    let inner = inlines(tokens, (index + 1)..<close, formatting: true)
                    result.append(character == "*" ? .bold(inner) : character == "_" ? .italic(inner) : .strike(inner))
                    index = close + 1
                } else if character == ":", let (emoji, next) = Self.emoji(tokens, at: index, in: range) {
                    text += emoji.utf8
                    index = next
                } else {
                    UTF8.encode(character) { text.append($0) }
                    index += 1
                }
            }
        }
        flush()
        return result
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func character(_ tokens: [Token], _ index: Int, in range: Range<Int>) -> Unicode.Scalar? {
        guard range.contains(index), case .char(let character) = tokens[index] else { return nil }
        return character
    }

    /// A marker opens at the start or after a space or punctuation, and is followed by something other than a space.
    private static func canOpen(_ tokens: [Token], at index: Int, in range: Range<Int>) -> Bool {
        if let previous = character(tokens, index - 1, in: range), isWordScalar(previous) { return false }
        guard index + 1 < range.upperBound else { return false }
        if let next = character(tokens, index + 1, in: range), next.properties.isWhitespace { return false }
        return true
    }

    /// The matching marker on the same line: after something other than a space, before no letter or digit.
    private static func closing(_ marker: Unicode.Scalar, _ tokens: [Token], after open: Int, in range: Range<Int>) -> Int? {
        var index = open + 2
        while index < range.upperBound {
            if let character = character(tokens, index, in: range) {
                if character == "\n" { return nil }
                if character == marker {
                    let before = Self.character(tokens, index - 1, in: range)
                    let after = Self.character(tokens, index + 1, in: range)
                    if !(before?.properties.isWhitespace ?? false), !(after.map(isWordScalar) ?? false) { return index }
                }
            }
            index += 1
        }
        return nil
    }

    /// A known `:shortcode:` (with an optional `:skin-tone-N:` after it) starting at `index`: the emoji and
    /// the index after it.
    private static func emoji(_ tokens: [Token], at index: Int, in range: Range<Int>) -> (String, Int)? {
        func name(from start: Int) -> (String, Int)? {
            var name = ""
            var position = start
            while let character = character(tokens, position, in: range), character != ":" {
                guard character.isASCII, isWordScalar(character) || "_+-'".unicodeScalars.contains(character) else { return nil }
                name.unicodeScalars.append(character)
                position += 1
                if name.count > 60 { return nil }
            }
            guard !name.isEmpty, character(tokens, position, in: range) == ":" else { return nil }
            return (name, position + 1)
        }
        guard let (found, next) = name(from: index + 1), var emoji = SlackEmoji.emoji(named: found.lowercased()) else {
            return nil
        }
        var end = next
        if character(tokens, next, in: range) == ":", let (toneName, afterTone) = name(from: next + 1),
           let tone = SlackEmoji.skinTone(toneName)
        {
            emoji = SlackEmoji.applying(tone, to: emoji)
            end = afterTone
        }
        return (emoji, end)
    }

    /// One of Slack's `<…>` tokens.
    func angle(_ content: String) -> Inline {
        let target: String
        var label: String?
        if let bar = content.firstIndex(of: "|") {
            target = String(content[..<bar])
            let text = Self.decodeEntities(String(content[content.index(after: bar)...]))
            label = text.isEmpty ? nil : text
        } else {
            target = content
        }
        switch target.first {
        case "@":
            let id = String(target.dropFirst())
            return .mention("@" + (names.user(id) ?? label.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 } ?? id))
        case "#":
            let id = String(target.dropFirst())
            return .mention("#" + (label ?? names.channel(id) ?? id))
        case "!":
            let command = String(target.dropFirst())
            if ["here", "channel", "everyone", "group"].contains(command) { return .mention("@" + command) }
            if command.hasPrefix("subteam^") {
                return .mention(label ?? "@" + command.dropFirst("subteam^".count))
            }
            return .text(label ?? Self.decodeEntities(command))
        default:
            let url = Self.decodeEntities(target)
            guard Self.hasScheme(url) else { return .text("<" + Self.decodeEntities(content) + ">") }
            return .link(url: url, label: label)
        }
    }

    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `&amp;`, `&lt;` and `&gt;`: the only entities Slack writes.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[ampersand...]
            if after.hasPrefix("&amp;") {
                result += "&"
                rest = after.dropFirst(5)
            } else if after.hasPrefix("&lt;") || after.hasPrefix("&gt;") {
                result += after.hasPrefix("&lt;") ? "<" : ">"
                rest = after.dropFirst(4)
            } else {
                result += "&"
                rest = after.dropFirst()
            }
        }
        result += rest
        return result
    }

    /// Where an ASCII `pattern` first occurs in `text` at or after `start` (a byte search: no Foundation).
    package static func find(_ pattern: StaticString, in text: Substring, from start: Substring.Index) -> Range<Substring.Index>? {
        let bytes = text.utf8
        let count = pattern.utf8CodeUnitCount
        return pattern.withUTF8Buffer { pattern -> Range<Substring.Index>? in
            var position = start
            while let found = bytes[position...].firstIndex(of: pattern[0]) {
                var end = found
                var matched = 0
                while matched < count, end < bytes.endIndex, bytes[end] == pattern[matched] {
                    end = bytes.index(after: end)
                    matched += 1
                }
                if matched == count { return found..<end }
                position = bytes.index(after: found)
            }
            return nil
        }
    }

    /// The text without white space (and line breaks) at its ends.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    // MARK: Writing

    /// Writes blocks as CommonMark; a paragraph after other content starts on a new line.
    package static func write(_ blocks: [Block], into writer: inout MarkdownWriter) {
        for block in blocks {
            switch block {
            case .paragraph(let inlines):
                if !writer.markdown.isEmpty, !writer.markdown.hasSuffix("\n") { writer.append("\n") }
                write(inlines, into: &writer)
            case .code(let text):
                writer.codeBlock(text)
            case .quote(let inner):
                writer.quote { write(inner, into: &$0) }
            case .markdown(let source):
                writer.commonMark(source)
            }
        }
    }

    package static func write(_ inlines: [Inline], into writer: inout MarkdownWriter) {
        for inline in normalized(inlines) {
            switch inline {
            case .text(let text): writer.append(text)
            case .bold(let inner): emphasis(inner, into: &writer) { $0.bold($1) }
            case .italic(let inner): emphasis(inner, into: &writer) { $0.italic($1) }
            case .strike(let inner): emphasis(inner, into: &writer) { $0.strike($1) }
            case .code(let text): writer.code(text)
            case .link(let url, let label): writer.link(to: url) { $0.append(label ?? displayURL(url)) }
            case .mention(let name): writer.mention { $0.append(name) }
            }
        }
    }

    /// Bold, italic or strike around `inner`, with the spaces at its ends written outside (CommonMark's
    /// emphasis cannot start or end with a space) and nothing but the spaces when there is nothing else.
    private static func emphasis(
        _ inner: [Inline], into writer: inout MarkdownWriter,
        _ wrap: (inout MarkdownWriter, (inout MarkdownWriter) -> Void) -> Void
    ) {
        var core = inner
        var leading = ""
        var trailing = ""
        if case .text(let text)? = core.first {
            leading = String(text.prefix { $0.isWhitespace })
            let rest = String(text.dropFirst(leading.count))
            if rest.isEmpty { core.removeFirst() } else { core[0] = .text(rest) }
        }
        if case .text(let text)? = core.last {
            trailing = String(text.reversed().prefix { $0.isWhitespace }.reversed())
            let rest = String(text.dropLast(trailing.count))
            if rest.isEmpty { core.removeLast() } else { core[core.count - 1] = .text(rest) }
        }
        if !leading.isEmpty { writer.append(leading) }
        if !core.isEmpty { wrap(&writer) { write(core, into: &$0) } }
        if !trailing.isEmpty { writer.append(trailing) }
    }

    /// Adjacent texts joined, and adjacent spans of one style made one (`**a****b**` is no CommonMark bold).
    package static func normalized(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines {
            switch (result.last, inline) {
            case (.text(let a)?, .text(let b)): result[result.count - 1] = .text(a + b)
            case (.bold(let a)?, .bold(let b)): result[result.count - 1] = .bold(a + b)
            case (.italic(let a)?, .italic(let b)): result[result.count - 1] = .italic(a + b)
            case (.strike(let a)?, .strike(let b)): result[result.count - 1] = .strike(a + b)
            default: result.append(inline)
            }
        }
        return result.map {
            switch $0 {
            case .bold(let inner): .bold(normalized(inner))
            case .italic(let inner): .italic(normalized(inner))
            case .strike(let inner): .strike(normalized(inner))
            default: $0
            }
        }
    }

    /// A link's address as its text: without `mailto:` and `tel:`.
    static func displayURL(_ url: String) -> String {
        for scheme in ["mailto:", "tel:"] where url.lowercased().hasPrefix(scheme) { return String(url.dropFirst(scheme.count)) }
        return url
    }

    static func markdown(_ blocks: [Block]) -> String {
        var writer = MarkdownWriter()
        write(blocks, into: &writer)
        return writer.compactMarkdown
    }

    static func plainText(_ blocks: [Block]) -> String {
        blocks.map { block -> String in
            switch block {
            case .paragraph(let inlines): plainText(inlines)
            case .code(let text), .markdown(let text): text
            case .quote(let inner): plainText(inner)
            }
        }.joined(separator: "\n")
    }

    static func plainText(_ inlines: [Inline]) -> String {
        var result = ""
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text), .mention(let text): result += text
            case .bold(let inner), .italic(let inner), .strike(let inner): result += plainText(inner)
            case .link(let url, let label): result += label ?? displayURL(url)
            }
        }
        return result
    }

    /// Whether the blocks hold markup beyond text, links, mentions and emoji (which plain text would lose).
    static func hasFormatting(_ blocks: [Block]) -> Bool {
        func inlineFormatting(_ inlines: [Inline]) -> Bool {
            inlines.contains {
                switch $0 {
                case .text, .mention: false
                case .link(let url, let label): label != nil && label != url && label != displayURL(url)
                default: true
                }
            }
        }
        return blocks.contains {
            switch $0 {
            case .paragraph(let inlines): inlineFormatting(inlines)
            default: true
            }
        }
    }
}
