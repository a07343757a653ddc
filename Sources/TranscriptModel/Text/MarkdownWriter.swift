/// Writes CommonMark for importers: text escaped so that nothing in it is markup, and every span (bold,
/// italic, strikethrough, underline, spoiler, mention, hashtag) written as an image of a `transcripts:`
/// address, which `CommonMarkRenderer` turns into fixed HTML of ours (`<strong>`, `<del>`, `<u>`,
/// `<span class="spoiler">`, ...). Images, unlike emphasis, have no flanking rules (`**Link:**https://…` is not
/// bold in CommonMark) and, unlike links, nest in links and in each other. So a platform's formatting is shown
/// faithfully and nothing from an export becomes markup.
///
/// ```swift
/// var text = MarkdownWriter()
/// text.append("Hi ")
/// text.bold { $0.append("there") }
/// text.strike { $0.append("old") }
/// message.kind = .markdown(text.markdown)   // "Hi ![there](transcripts:bold)![old](transcripts:strike)"
/// ```
public struct MarkdownWriter: Sendable {
    /// The CommonMark written so far.
    public private(set) var markdown = ""
    /// Whether this writer writes the inside of a span (never at the start of a line).
    private var isInline = false

    public init() {}

    private init(inline: Bool) { isInline = inline }

    /// The CommonMark written, in a string of just its size: what an importer keeps in a message. (`markdown` grew
    /// piece by piece and holds room to grow, up to its size again, for as long as the message is held.)
    public var compactMarkdown: String {
        var text = markdown
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(fromContentsOf: bytes)
                return bytes.count
            }
        }
    }

    /// Plain text, every character that could be markup escaped; line breaks kept.
    public mutating func append(_ text: String) {
        markdown += Self.escape(text, atLineStart: !isInline && (markdown.isEmpty || endsLine))
    }

    public mutating func bold(_ content: (inout MarkdownWriter) -> Void) { span("bold", content) }
    public mutating func italic(_ content: (inout MarkdownWriter) -> Void) { span("italic", content) }
    public mutating func strike(_ content: (inout MarkdownWriter) -> Void) { span("strike", content) }
    public mutating func underline(_ content: (inout MarkdownWriter) -> Void) { span("underline", content) }
    public mutating func spoiler(_ content: (inout MarkdownWriter) -> Void) { span("spoiler", content) }
    /// A mention of a person, channel or role (`@name`, `#channel`).
    public mutating func mention(_ content: (inout MarkdownWriter) -> Void) { span("mention", content) }
    public mutating func hashtag(_ content: (inout MarkdownWriter) -> Void) { span("hashtag", content) }

    /// A link; a target cmark's safe mode refuses (javascript: and the like) becomes an empty link.
    public mutating func link(to url: String, _ content: (inout MarkdownWriter) -> Void) {
        var inner = MarkdownWriter(inline: true)
        content(&inner)
        // Appended piece by piece: joined first, each `+` made a string of its own.
        markdown += "["
        markdown += inner.markdown
        markdown += "](<"
        markdown += Self.escapeDestination(url)
        markdown += ">)"
    }

    /// Inline code, shown exactly.
    public mutating func code(_ text: String) {
        let fence = String(repeating: "`", count: Self.longestBacktickRun(in: text) + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") || text.hasPrefix(" ") ? " " + text + " " : text
        // Line breaks become spaces (a CR LF's CR stays), byte by byte.
        markdown += fence + String(decoding: padded.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) + fence
    }

    /// A code block, shown exactly, with an optional language.
    public mutating func codeBlock(_ text: String, language: String? = nil) {
        let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: text) + 1))
        if !markdown.isEmpty, !endsLine { markdown += "\n" }
        let info = (language ?? "").filter { $0.isLetter || $0.isNumber || "+-#._".contains($0) }
        markdown += fence + info + "\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }

    /// A block quote of the content.
    public mutating func quote(_ content: (inout MarkdownWriter) -> Void) {
        var inner = MarkdownWriter()
        content(&inner)
        if !markdown.isEmpty, !endsLine { markdown += "\n" }
        markdown += inner.markdown.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") + "\n\n"
    }

    /// CommonMark that an export writes itself (Slack's `markdown` block), as blocks of their own: after a blank
    /// line, followed by one, and with a fenced code block it leaves open closed, so that what comes after it is
    /// not read into it. Nothing in it is escaped: the renderer's safe mode and its link rules make it safe, as
    /// for any Markdown an export holds.
    package mutating func commonMark(_ source: String) {
        var source = source
        while source.last?.isNewline == true { source.removeLast() }
        guard source.contains(where: { !$0.isWhitespace }) else { return }
        if !markdown.isEmpty { markdown += markdown.hasSuffix("\n\n") ? "" : markdown.hasSuffix("\n") ? "\n" : "\n\n" }
        markdown += source + "\n"
        if let fence = Self.openFence(in: source) { markdown += fence + "\n" }
        markdown += "\n"
    }

    /// The fence of a fenced code block that `source` opens at its top level and does not close (CommonMark:
    /// three or more backticks or tildes after at most three spaces, closed by a line of at least as many of the
    /// same character), or nil.
    package static func openFence(in source: String) -> String? {
        var open: (character: Character, length: Int)?
        for line in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var rest = line
            var indent = 0
            while indent < 4, rest.first == " " {
                rest = rest.dropFirst()
                indent += 1
            }
            guard indent < 4, let first = rest.first, first == "`" || first == "~" else { continue }
            let run = rest.prefix { $0 == first }.count
            guard run >= 3 else { continue }
            let after = rest.dropFirst(run)
            if let fence = open {
                if first == fence.character, run >= fence.length, after.allSatisfy({ $0 == " " || $0 == "\t" }) { open = nil }
            } else if first == "~" || !after.contains("`") {
                open = (first, run)
            }
        }
        return open.map { String(repeating: $0.character, count: $0.length) }
    }

    /// The length of the longest run of backticks in `text` (a code span's or block's fence is one longer).
    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// Whether the CommonMark written so far ends with a line feed (the last byte: what is written never ends
    /// with a CR LF, whose last character would not be a line feed).
    private var endsLine: Bool { markdown.utf8.last == 0x0A }

    private mutating func span(_ name: String, _ content: (inout MarkdownWriter) -> Void) {
        var inner = MarkdownWriter(inline: true)
        content(&inner)
        guard !inner.markdown.isEmpty else { return }
        markdown += "!["
        markdown += inner.markdown
        markdown += "](transcripts:"
        markdown += name
        markdown += ")"
    }

    /// The names of the `transcripts:` spans and the HTML they become.
    package static let spans: [String: (open: String, close: String)] = [
        "bold": ("<strong>", "</strong>"),
        "italic": ("<em>", "</em>"),
        "strike": ("<del>", "</del>"),
        "underline": ("<u>", "</u>"),
        "spoiler": ("<span class=\"spoiler\">", "</span>"),
        "mention": ("<span class=\"mention\">", "</span>"),
        "hashtag": ("<span class=\"hashtag\">", "</span>"),
    ]

    /// Escapes ASCII punctuation that CommonMark could read as markup, and keeps line breaks as such. The bytes
    /// between those that change are copied a run at a time.
    package static func escape(_ text: String, atLineStart startsLine: Bool = true) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            guard let source = bytes.baseAddress else { return "" }
            // Written into temporary memory, with room for the longest result (a space at a line's start becomes
            // five bytes), and made a string at once; each byte's class is looked up in a table (`byteClasses`).
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 5) { room in
                guard let output = room.baseAddress else { return "" }
                var count = 0
                @inline(__always) func write(_ byte: UInt8) {
                    output[count] = byte
                    count += 1
                }
                Self.byteClasses.withUnsafeBufferPointer { classes in
                    var atLineStart = startsLine
                    var index = 0
                    var runStart = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        let kind = classes[Int(byte)]
                        guard kind != Self.plain, kind != Self.space || atLineStart else {
                            atLineStart = false
                            index += 1
                            continue
                        }
                        (output + count).update(from: source + runStart, count: index - runStart)
                        count += index - runStart
                        index += 1
                        switch kind {
                        case Self.lineBreak:
                            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                            write(0x0A)
                            atLineStart = true
                        case Self.space:
                            // Leading spaces would make an indented code block: written as character references.
                            for reference in "&#32;".utf8 { write(reference) }
                        default:
                            write(0x5C)
                            write(byte)
                            atLineStart = false
                        }
                        runStart = index
                    }
                    (output + count).update(from: source + runStart, count: index - runStart)
                    count += index - runStart
                }
                return String(decoding: UnsafeBufferPointer(start: output, count: count), as: UTF8.self)
            }
        }
    }

    /// What `escape` does with each byte: keeps it (`plain`), escapes it (`punctuation`), writes a line feed for it
    /// (`lineBreak`: CR, LF) or, at a line's start, a character reference (`space`).
    private static let byteClasses: [UInt8] = (0...255).map { (value: Int) -> UInt8 in
        let byte = UInt8(value)
        if byte == 0x0D || byte == 0x0A { return lineBreak }
        if byte == 0x20 { return space }
        return isPunctuation(byte) ? punctuation : plain
    }
    private static var plain: UInt8 { 0 }
    private static var punctuation: UInt8 { 1 }
    private static var lineBreak: UInt8 { 2 }
    private static var space: UInt8 { 3 }

    /// Whether `byte` is ASCII punctuation, ``!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~``: every printable ASCII byte
    /// that is neither a letter, a digit nor a space.
    static func isPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    /// A link target for `<…>`: the characters that would end it written as percent escapes, in one pass. They are
    /// ASCII, and no byte of a longer UTF-8 sequence is: the bytes between them are copied a run at a time.
    private static func escapeDestination(_ url: String) -> String {
        var bytesOf = url
        return bytesOf.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            var runStart = 0
            for index in bytes.indices {
                let escaped: StaticString
                switch bytes[index] {
                case 0x5C: escaped = "%5C"
                case 0x3C: escaped = "%3C"
                case 0x3E: escaped = "%3E"
                case 0x0A: escaped = "%0A"
                case 0x0D: escaped = "%0D"
                default: continue
                }
                if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escaped.withUTF8Buffer { output.append(contentsOf: $0) }
                runStart = index + 1
            }
            // Most addresses have none of them.
            guard runStart > 0 else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return String(decoding: output, as: UTF8.self)
        } ?? url
    }
}
