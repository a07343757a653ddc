import Foundation
import TranscriptModel

/// The text of a Telegram HTML message (`div.text`) as the page shows it: white space as a browser collapses
/// it, `<br>` as a line break, and Telegram's formatting (`strong`, `em`, `u`, `s`, `code`, `pre`,
/// `blockquote`, spoilers, links, mentions, hashtags, bot commands) written as markdown through
/// `MarkdownWriter`, like `TelegramText` does for the JSON export's entities. Elements it does not know keep
/// their text.
struct TelegramHTMLText {
    enum Style: Equatable {
        case bold, italic, underline, strike, spoiler, code, mention, hashtag, quote
        case link(String)
    }

    /// A run of text with the styles around it, or a code block.
    struct Run: Equatable {
        var text: String
        var styles: [Style]
        /// A code block (`pre`), with its language when the page names one.
        var isBlock = false
        var language: String? = nil
    }

    private(set) var runs: [Run] = []

    init(_ element: HTMLElement) {
        collect(element.children, styles: [])
        normalizeSpaces()
    }

    /// The text without formatting.
    var plain: String { runs.map(\.text).joined() }

    /// Whether no run has formatting (the message is then plain text).
    var isPlain: Bool { runs.allSatisfy { $0.styles.isEmpty && !$0.isBlock } }

    var markdown: String {
        var writer = MarkdownWriter()
        var index = 0
        while index < runs.count {
            let run = runs[index]
            if run.isBlock {
                writer.codeBlock(run.text, language: run.language)
                index += 1
                continue
            }
            // Quotes hold several runs: a run of quoted runs is written as one block quote.
            if run.styles.first == .quote {
                var quoted: [Run] = []
                while index < runs.count, !runs[index].isBlock, runs[index].styles.first == .quote {
                    quoted.append(Run(text: runs[index].text, styles: Array(runs[index].styles.dropFirst())))
                    index += 1
                }
                writer.quote { inner in for run in quoted { Self.write(run.text, run.styles[...], into: &inner) } }
                continue
            }
            Self.write(run.text, run.styles[...], into: &writer)
            index += 1
        }
        return writer.compactMarkdown
    }

    private static func write(_ text: String, _ styles: ArraySlice<Style>, into writer: inout MarkdownWriter) {
        guard let style = styles.first else {
            writer.append(text)
            return
        }
        let rest = styles.dropFirst()
        switch style {
        case .bold: writer.bold { write(text, rest, into: &$0) }
        case .italic: writer.italic { write(text, rest, into: &$0) }
        case .underline: writer.underline { write(text, rest, into: &$0) }
        case .strike: writer.strike { write(text, rest, into: &$0) }
        case .spoiler: writer.spoiler { write(text, rest, into: &$0) }
        case .mention: writer.mention { write(text, rest, into: &$0) }
        case .hashtag: writer.hashtag { write(text, rest, into: &$0) }
        case .code: writer.code(text)
        case .quote: writer.quote { write(text, rest, into: &$0) }
        case .link(let url): writer.link(to: url) { write(text, rest, into: &$0) }
        }
    }

    // MARK: - Reading the elements

    private mutating func collect(_ nodes: [HTMLNode], styles: [Style]) {
        for node in nodes {
            switch node {
            case .text(let text):
                runs.append(Run(text: text, styles: styles))
            case .element(let element):
                collect(element, styles: styles)
            }
        }
    }

    private mutating func collect(_ element: HTMLElement, styles: [Style]) {
        switch element.name {
        case "br":
            runs.append(Run(text: "\n", styles: []))
        case "strong", "b": collect(element.children, styles: styles + [.bold])
        case "em", "i": collect(element.children, styles: styles + [.italic])
        case "u", "ins": collect(element.children, styles: styles + [.underline])
        case "s", "strike", "del": collect(element.children, styles: styles + [.strike])
        case "code": runs.append(Run(text: element.textContent, styles: styles + [.code]))
        case "pre":
            let language = element.attributes["class"].flatMap { value in
                value.split(separator: " ").first { $0.hasPrefix("language-") }.map { String($0.dropFirst("language-".count)) }
            }
            runs.append(Run(text: element.textContent, styles: [], isBlock: true, language: language))
        case "blockquote":
            runs.append(Run(text: "\n", styles: []))
            collect(element.children, styles: [.quote] + styles)
            runs.append(Run(text: "\n", styles: []))
        case "span" where element.hasClass("spoiler"):
            collect(element.children, styles: styles + [.spoiler])
        case "a":
            collect(element.children, styles: styles + linkStyle(element))
        case "img":
            // Custom emoji: their fallback (alt) text.
            if let alt = element.attributes["alt"], !alt.isEmpty { runs.append(Run(text: alt, styles: styles)) }
        default:
            collect(element.children, styles: styles)
        }
    }

    /// What a link of the page is: a web, mail or phone link, or one of the page's scripts (hashtags, bot
    /// commands, mentions of people without a user name).
    private func linkStyle(_ element: HTMLElement) -> [Style] {
        let onclick = element.attributes["onclick"] ?? ""
        if onclick.contains("ShowHashtag") || onclick.contains("ShowCashtag") { return [.hashtag] }
        if onclick.contains("ShowBotCommand") || onclick.contains("ShowMentionName") { return [.mention] }
        let href = (element.attributes["href"] ?? "").trimmingCharacters(in: .whitespaces)
        let lower = href.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") || lower.hasPrefix("tel:")
        else { return [] }
        let text = element.collapsedText
        if text.hasPrefix("@"), lower.hasPrefix("https://t.me/") { return [.mention] }
        // A bare URL: left as text, the renderer links it (and refuses unsafe ones).
        if text == href { return [] }
        return [.link(href)]
    }

    /// White space as a browser shows it (`white-space: normal`): runs of spaces, tabs and newlines in the
    /// page's text as one space, none at the start or end of a line; `<br>` and code blocks kept as they are.
    private mutating func normalizeSpaces() {
        var result: [Run] = []
        var lastWasSpace = true  // at the start of a line
        for var run in runs {
            if run.isBlock || run.styles.contains(.code) {
                result.append(run)
                lastWasSpace = run.isBlock
                continue
            }
            if run.text == "\n", run.styles.isEmpty {
                Self.trimTrailingSpace(&result)
                result.append(run)
                lastWasSpace = true
                continue
            }
            var text = ""
            for character in run.text {
                if character.isWhitespace {
                    if !lastWasSpace { text.append(" ") }
                    lastWasSpace = true
                } else {
                    text.append(character)
                    lastWasSpace = false
                }
            }
            run.text = text
            if !text.isEmpty { result.append(run) }
        }
        Self.trimTrailingSpace(&result)
        // Line breaks at the start and end are the page's layout, not the message's.
        while let first = result.first, first.text == "\n", !first.isBlock { result.removeFirst() }
        while let last = result.last, last.text == "\n", !last.isBlock { result.removeLast() }
        runs = result
    }

    private static func trimTrailingSpace(_ runs: inout [Run]) {
        while let last = runs.last, !last.isBlock, !last.styles.contains(.code), last.text.hasSuffix(" ") {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
    }
}
