import Foundation
import TranscriptModel
import TranscriptSupport

/// Discord's message markdown as CommonMark, through `MarkdownWriter` so that nothing in a message becomes
/// markup by accident: `**bold**`, `*italic*` / `_italic_`, `__underline__`, `~~strike~~`, `||spoiler||`,
/// `` `code` ``, code blocks with a language, `> ` and `>>> ` quotes, `#`/`##`/`###` headings, `-`/`*`/`1.`
/// lists, masked links `[label](https://…)`; mentions `<@id>`, `<@!id>`, `<#id>`, `<@&id>` (named from the
/// message's `mentions`, roles and the export's channels); custom emoji `<:name:id>` as `:name:`; timestamps
/// `<t:1700000000:f>` as UTC dates. DiscordChatExporter writes mentions already resolved (`@Ann`, `#general`)
/// unless exported with `--markdown false`: those known names are shown as mentions too.
struct DiscordMarkdown: Sendable {
    /// What mentions name: ids to display names.
    package struct Names: Sendable {
        var users: [String: String] = [:]
        var channels: [String: String] = [:]
        var roles: [String: String] = [:]
    }

    indirect enum Inline: Equatable, Sendable {
        case text(String)
        case bold([Inline]), italic([Inline]), underline([Inline]), strike([Inline]), spoiler([Inline])
        case code(String)
        case mention(String)
        case link(url: String, label: [Inline])
    }

    enum Block: Equatable, Sendable {
        case paragraph([Inline])
        case heading(Int, [Inline])
        case bullet([Inline])
        case ordered(Int, [Inline])
        case quote([Block])
        case code(String, language: String?)
    }

    package let names: Names
    /// Names that resolved mentions can have in the text (`@Ann`), longest first.
    private let userNames: [[Character]]
    private let channelNames: [[Character]]

    init(names: Names) {
        self.names = names
        var people: Set<String> = ["everyone", "here"]
        people.formUnion(names.users.values)
        people.formUnion(names.roles.values)
        userNames = Self.longestFirst(people)
        channelNames = Self.longestFirst(Set(names.channels.values))
    }

    private static func longestFirst(_ names: Set<String>) -> [[Character]] {
        let sorted: [String] = names.filter { !$0.isEmpty }.sorted { a, b in
            a.count != b.count ? a.count > b.count : a < b
        }
        return sorted.map { Array($0) }
    }

    /// The message text as a model kind: plain text when there is no formatting, else CommonMark.
    package func kind(_ text: String) -> MessageKind {
        let blocks = self.blocks(text)
        if blocks.isEmpty { return .text(text) }
        // Only text (custom emoji and timestamps are text too): plain text, whose URLs the renderer links.
        if blocks.count == 1, case .paragraph(let inlines) = blocks[0], inlines.count == 1, case .text(let plain) = inlines[0] {
            return .text(plain)
        }
        return .markdown(Self.write(blocks))
    }

    /// Whether the text has any Discord formatting (mentions count; emoji and timestamps are text).
    func hasFormatting(_ text: String) -> Bool {
        if case .text = kind(text) { return false }
        return true
    }

    // MARK: - Blocks

    func blocks(_ text: String) -> [Block] {
        var result: [Block] = []
        var rest = Substring(text.replacingOccurrences(of: "\r\n", with: "\n"))
        while let open = rest.range(of: "```"), let close = rest[open.upperBound...].range(of: "```") {
            result += textBlocks(rest[..<open.lowerBound])
            var body = rest[open.upperBound..<close.lowerBound]
            var language: String?
            if let newline = body.firstIndex(of: "\n") {
                let first = body[..<newline]
                if !first.isEmpty, first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-#._".contains($0)) }) {
                    language = String(first)
                    body = body[body.index(after: newline)...]
                } else if first.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    body = body[body.index(after: newline)...]
                }
            }
            if body.hasSuffix("\n") { body = body.dropLast() }
            result.append(.code(String(body), language: language))
            rest = rest[close.upperBound...]
            if rest.hasPrefix("\n") { rest = rest.dropFirst() }
        }
        result += textBlocks(rest)
        return result
    }

    /// The blocks of text without code blocks; inside a quote, `>` is text (Discord does not nest quotes).
    private func textBlocks(_ text: Substring, inQuote: Bool = false) -> [Block] {
        guard text.contains(where: { !$0.isWhitespace }) else { return [] }
        var blocks: [Block] = []
        var paragraph: [Substring] = []
        var quoted: [Substring] = []
        func flushParagraph() {
            // Blank lines at the ends belong to no paragraph.
            while let first = paragraph.first, first.allSatisfy(\.isWhitespace) { paragraph.removeFirst() }
            while let last = paragraph.last, last.allSatisfy(\.isWhitespace) { paragraph.removeLast() }
            if !paragraph.isEmpty { blocks.append(.paragraph(inlines(paragraph.joined(separator: "\n")))) }
            paragraph = []
        }
        func flushQuote() {
            if !quoted.isEmpty { blocks.append(.quote(textBlocks(Substring(quoted.joined(separator: "\n")), inQuote: true))) }
            quoted = []
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if !inQuote, line == ">>>" || line.hasPrefix(">>> ") {
                flushParagraph()
                flushQuote()
                let rest = [line.dropFirst(line == ">>>" ? 3 : 4)] + lines[index...]
                blocks.append(.quote(textBlocks(Substring(rest.joined(separator: "\n")), inQuote: true)))
                break
            }
            if !inQuote, line == ">" || line.hasPrefix("> ") {
                flushParagraph()
                quoted.append(line.dropFirst(min(2, line.count)))
                continue
            }
            flushQuote()
            let trimmed = line.drop { $0 == " " }
            if let level = [3, 2, 1].first(where: { line.hasPrefix(String(repeating: "#", count: $0) + " ") }) {
                flushParagraph()
                blocks.append(.heading(level, inlines(String(line.dropFirst(level + 1)))))
            } else if line.hasPrefix("-# ") {
                // Subtext: shown as an ordinary line.
                flushParagraph()
                blocks.append(.paragraph(inlines(String(line.dropFirst(3)))))
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* "), trimmed.dropFirst(2).contains(where: { !$0.isWhitespace }) {
                flushParagraph()
                blocks.append(.bullet(inlines(String(trimmed.dropFirst(2)))))
            } else if let dot = trimmed.firstIndex(of: "."), trimmed[..<dot].count <= 9, !trimmed[..<dot].isEmpty,
                      trimmed[..<dot].allSatisfy({ $0.isASCII && $0.isNumber }), trimmed[dot...].hasPrefix(". "),
                      let number = Int(trimmed[..<dot])
            {
                flushParagraph()
                blocks.append(.ordered(number, inlines(String(trimmed[dot...].dropFirst(2)))))
            } else {
                paragraph.append(line)
            }
        }
        flushParagraph()
        flushQuote()
        return blocks
    }

    // MARK: - Inlines

    func inlines(_ text: String) -> [Inline] {
        let characters = Array(text)
        return Self.normalized(parse(characters[...]))
    }

    private func parse(_ s: ArraySlice<Character>) -> [Inline] {
        var result: [Inline] = []
        var buffer = ""
        func flush() {
            if !buffer.isEmpty { result.append(.text(buffer)) }
            buffer = ""
        }
        func add(_ inline: Inline) {
            flush()
            result.append(inline)
        }
        var i = s.startIndex
        let end = s.endIndex
        func starts(_ at: Int, _ delimiter: String) -> Bool {
            var index = at
            for character in delimiter {
                guard index < end, s[index] == character else { return false }
                index += 1
            }
            return true
        }
        /// The first unescaped occurrence of `delimiter` at or after `from` that leaves content before it.
        func find(_ delimiter: String, from: Int) -> Int? {
            var index = from + 1  // at least one character of content
            while index < end {
                if s[index] == "\\" { index += 2; continue }
                if starts(index, delimiter) { return index }
                index += 1
            }
            return nil
        }
        while i < end {
            let c = s[i]
            switch c {
            case "\\":
                if i + 1 < end, s[i + 1].isASCII, s[i + 1].isPunctuation || s[i + 1].isSymbol {
                    buffer.append(s[i + 1])
                    i += 2
                    continue
                }
            case "`":
                var fence = 0
                while i + fence < end, s[i + fence] == "`" { fence += 1 }
                let delimiter = String(repeating: "`", count: fence)
                var index = i + fence
                var found: Int?
                while index < end {
                    if s[index] == "`" {
                        var run = 0
                        while index + run < end, s[index + run] == "`" { run += 1 }
                        if run == fence { found = index; break }
                        index += run
                    } else {
                        index += 1
                    }
                }
                if let found, found > i + fence {
                    var code = String(s[(i + fence)..<found])
                    if fence > 1, code.hasPrefix(" "), code.hasSuffix(" "), code.count > 2 { code = String(code.dropFirst().dropLast()) }
                    add(.code(code))
                    i = found + fence
                    continue
                }
                buffer += delimiter
                i += fence
                continue
            case "<":
                if let close = s[(i + 1)..<min(end, i + 200)].firstIndex(of: ">"), let inline = angle(String(s[(i + 1)..<close])) {
                    add(inline)
                    i = close + 1
                    continue
                }
            case "|":
                if starts(i, "||"), let close = find("||", from: i + 1), close > i + 2 {
                    add(.spoiler(parse(s[(i + 2)..<close])))
                    i = close + 2
                    continue
                }
            case "*":
                if starts(i, "***"), let close = find("***", from: i + 2), close > i + 3 {
                    add(.bold([.italic(parse(s[(i + 3)..<close]))]))
                    i = close + 3
                    continue
                }
                if starts(i, "**"), let close = find("**", from: i + 1), close > i + 2 {
                    add(.bold(parse(s[(i + 2)..<close])))
                    i = close + 2
                    continue
                }
                if i + 1 < end, !s[i + 1].isWhitespace, s[i + 1] != "*", let close = closingStar(s, from: i + 1) {
                    add(.italic(parse(s[(i + 1)..<close])))
                    i = close + 1
                    continue
                }
            case "_":
                if starts(i, "__"), let close = find("__", from: i + 1), close > i + 2 {
                    add(.underline(parse(s[(i + 2)..<close])))
                    i = close + 2
                    continue
                }
                let previous = i > s.startIndex ? s[i - 1] : " "
                if !(previous.isLetter || previous.isNumber), i + 1 < end, !s[i + 1].isWhitespace, s[i + 1] != "_",
                   let close = closingUnderscore(s, from: i + 1)
                {
                    add(.italic(parse(s[(i + 1)..<close])))
                    i = close + 1
                    continue
                }
            case "~":
                if starts(i, "~~"), let close = find("~~", from: i + 1), close > i + 2 {
                    add(.strike(parse(s[(i + 2)..<close])))
                    i = close + 2
                    continue
                }
            case "[":
                if let link = maskedLink(s, at: i) {
                    add(.link(url: link.url, label: parse(s[(i + 1)..<link.labelEnd])))
                    i = link.end
                    continue
                }
            case "@":
                if let name = match(userNames, in: s, at: i + 1) {
                    add(.mention("@" + String(name)))
                    i += 1 + name.count
                    continue
                }
            case "#":
                let previous = i > s.startIndex ? s[i - 1] : " "
                if previous.isWhitespace || previous.isPunctuation, let name = match(channelNames, in: s, at: i + 1) {
                    add(.mention("#" + String(name)))
                    i += 1 + name.count
                    continue
                }
            default:
                break
            }
            buffer.append(c)
            i += 1
        }
        flush()
        return result
    }

    /// The closing `*` of an italic span: not part of `**`, not after a space.
    private func closingStar(_ s: ArraySlice<Character>, from start: Int) -> Int? {
        var index = start + 1
        while index < s.endIndex {
            if s[index] == "\\" { index += 2; continue }
            if s[index] == "*" {
                if index + 1 < s.endIndex, s[index + 1] == "*" {
                    index += 2
                    continue
                }
                if !s[index - 1].isWhitespace { return index }
            }
            index += 1
        }
        return nil
    }

    /// The closing `_` of an italic span: not inside a word, not after a space.
    private func closingUnderscore(_ s: ArraySlice<Character>, from start: Int) -> Int? {
        var index = start + 1
        while index < s.endIndex {
            if s[index] == "\\" { index += 2; continue }
            if s[index] == "_" {
                if index + 1 < s.endIndex, s[index + 1] == "_" {
                    index += 2
                    continue
                }
                let next = index + 1 < s.endIndex ? s[index + 1] : " "
                if !s[index - 1].isWhitespace, !(next.isLetter || next.isNumber) { return index }
            }
            index += 1
        }
        return nil
    }

    /// `[label](https://…)`: the label's end, the address and the index after `)`.
    private func maskedLink(_ s: ArraySlice<Character>, at start: Int) -> (labelEnd: Int, url: String, end: Int)? {
        guard let labelEnd = s[(start + 1)...].firstIndex(of: "]"), labelEnd > start + 1, labelEnd + 1 < s.endIndex,
              s[labelEnd + 1] == "(", let close = s[(labelEnd + 2)...].firstIndex(of: ")")
        else { return nil }
        let target = String(s[(labelEnd + 2)..<close]).trimmingCharacters(in: .whitespaces)
        let unwrapped = target.hasPrefix("<") && target.hasSuffix(">") ? String(target.dropFirst().dropLast()) : target
        guard let url = SafeURL.web(unwrapped) else { return nil }
        return (labelEnd, url, close + 1)
    }

    /// The longest of `names` at `index`, ending at a word boundary.
    private func match(_ names: [[Character]], in s: ArraySlice<Character>, at index: Int) -> [Character]? {
        guard index < s.endIndex else { return nil }
        let first = s[index]
        for name in names where name.first == first && index + name.count <= s.endIndex {
            guard s[index..<(index + name.count)].elementsEqual(name) else { continue }
            let after = index + name.count
            if after < s.endIndex, let last = name.last, last.isLetter || last.isNumber, s[after].isLetter || s[after].isNumber || s[after] == "_" {
                continue
            }
            return name
        }
        return nil
    }

    /// What Discord writes between `<` and `>`: mentions, custom emoji, timestamps, slash commands, links.
    private func angle(_ inner: String) -> Inline? {
        func digits(_ text: Substring) -> String? {
            !text.isEmpty && text.allSatisfy({ $0.isASCII && $0.isNumber }) ? String(text) : nil
        }
        if inner.hasPrefix("@&"), let id = digits(inner.dropFirst(2)) {
            return .mention("@" + (names.roles[id] ?? "unknown-role"))
        }
        if inner.hasPrefix("@!"), let id = digits(inner.dropFirst(2)) {
            return .mention("@" + (names.users[id] ?? "unknown-user"))
        }
        if inner.hasPrefix("@"), let id = digits(inner.dropFirst(1)) {
            return .mention("@" + (names.users[id] ?? "unknown-user"))
        }
        if inner.hasPrefix("#"), let id = digits(inner.dropFirst(1)) {
            return .mention("#" + (names.channels[id] ?? "unknown-channel"))
        }
        let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].isEmpty || parts[0] == "a", !parts[1].isEmpty, digits(parts[2]) != nil,
           parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "~" })
        {
            return .text(":" + parts[1] + ":")
        }
        if parts[0] == "t", parts.count == 2 || parts.count == 3, let seconds = digits(parts[1]).flatMap(Double.init),
           seconds < 1e13, parts.count == 2 || parts[2].count == 1
        {
            return .text(Self.timestamp(seconds, style: parts.count == 3 ? parts[2].first : nil))
        }
        if inner.hasPrefix("/"), parts.count == 2, digits(parts[1]) != nil, parts[0].count > 1 {
            return .mention(String(parts[0]))
        }
        if let url = SafeURL.web(inner), !inner.contains(" ") {
            return .text(url)
        }
        return nil
    }

    // MARK: - Timestamps

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// A `<t:…>` timestamp as readable UTC text, by Discord's style letter (`t`, `T`, `d`, `D`, `f`, `F`, `R`).
    static func timestamp(_ seconds: Double, style: Character?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday], from: Date(timeIntervalSince1970: seconds))
        let year = parts.year ?? 1970
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        let day = parts.day ?? 1
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        let time = two(parts.hour) + ":" + two(parts.minute)
        switch style {
        case "t": return time + " UTC"
        case "T": return time + ":" + two(parts.second) + " UTC"
        case "d": return "\(year)-\(two(parts.month))-\(two(parts.day))"
        case "D": return "\(day) \(month) \(year)"
        case "F": return weekdays[((parts.weekday ?? 1) - 1) % 7] + ", \(day) \(month) \(year) " + time + " UTC"
        default: return "\(day) \(month) \(year) " + time + " UTC"
        }
    }

    // MARK: - Writing

    /// Adjacent texts joined.
    package static func normalized(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            if case .text(let b) = inline, case .text(let a)? = result.last {
                result[result.count - 1] = .text(a + b)
            } else {
                result.append(inline)
            }
        }
        return result
    }

    package static func write(_ blocks: [Block]) -> String {
        var output = ""
        var previous: Block?
        for block in blocks {
            let text: String
            switch block {
            case .paragraph(let inlines): text = inlineMarkdown(inlines)
            case .heading(let level, let inlines): text = String(repeating: "#", count: level) + " " + inlineMarkdown(inlines)
            case .bullet(let inlines): text = "- " + inlineMarkdown(inlines)
            case .ordered(let number, let inlines): text = "\(number). " + inlineMarkdown(inlines)
            case .quote(let inner):
                text = write(inner).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
            case .code(let body, let language):
                var writer = MarkdownWriter()
                writer.codeBlock(body, language: language)
                text = String(writer.markdown.dropLast())
            }
            if let previous {
                switch (previous, block) {
                case (.bullet, .bullet), (.ordered, .ordered): output += "\n"
                default: output += "\n\n"
                }
            }
            output += text
            previous = block
        }
        return output
    }

    static func inlineMarkdown(_ inlines: [Inline]) -> String {
        var writer = MarkdownWriter()
        write(inlines, into: &writer)
        return writer.compactMarkdown
    }

    package static func write(_ inlines: [Inline], into writer: inout MarkdownWriter) {
        for inline in inlines {
            switch inline {
            case .text(let text): writer.append(text)
            case .bold(let inner): writer.bold { write(inner, into: &$0) }
            case .italic(let inner): writer.italic { write(inner, into: &$0) }
            case .underline(let inner): writer.underline { write(inner, into: &$0) }
            case .strike(let inner): writer.strike { write(inner, into: &$0) }
            case .spoiler(let inner): writer.spoiler { write(inner, into: &$0) }
            case .code(let text): writer.code(text)
            case .mention(let name): writer.mention { $0.append(name) }
            case .link(let url, let label): writer.link(to: url) { write(label, into: &$0) }
            }
        }
    }

    /// The text without formatting, for labels.
    package static func plain(_ inlines: [Inline]) -> String {
        inlines.map { inline -> String in
            switch inline {
            case .text(let text), .code(let text), .mention(let text): text
            case .bold(let inner), .italic(let inner), .underline(let inner), .strike(let inner), .spoiler(let inner): plain(inner)
            case .link(_, let label): plain(label)
            }
        }.joined()
    }
}
