import Foundation
import TranscriptModel
import TranscriptSupport

/// A few tags of Matrix's `formatted_body` (`org.matrix.custom.html`) as CommonMark, through `MarkdownWriter`
/// so that nothing else in the HTML becomes markup: `b`/`strong`, `i`/`em`, `del`/`s`/`strike`, `u`, `code`,
/// `pre`, `a href` (web links checked with `SafeURL.web`; `matrix.to` links to users and rooms become
/// mentions), `blockquote`, `span data-mx-spoiler`, `br`, `img` as its alt text (custom emoji), and paragraphs
/// and list items as lines. Any other tag
/// gives its text; `mx-reply` (a reply's quote of the message it answers) is left out.
enum MatrixHTML {
    indirect enum Node {
        case text(String)
        case element(name: String, attributes: [String: String], children: [Node])
    }

    /// The markdown of `html`, or nil when it has no formatting this reads (then the plain `body` is better).
    static func markdown(_ html: String) -> String? {
        var formatted = false
        var writer = MarkdownWriter()
        render(parse(html), into: &writer, inPre: false, formatted: &formatted)
        guard formatted else { return nil }
        var markdown = writer.markdown
        while markdown.hasSuffix("\n") { markdown.removeLast() }
        return markdown.isEmpty ? nil : markdown
    }

    // MARK: - Parsing

    static let voidElements: Set<String> = ["br", "img", "hr", "input", "meta", "link", "wbr", "source"]

    /// A tolerant parse: unknown or unclosed tags are kept, stray closing tags ignored, at most 64 levels deep.
    package static func parse(_ html: String) -> [Node] {
        var stack: [(name: String, attributes: [String: String], children: [Node])] = [("", [:], [])]
        var text = ""
        func flush() {
            if !text.isEmpty { stack[stack.count - 1].children.append(.text(decodeEntities(text))); text = "" }
        }
        func close(at level: Int) {
            while stack.count > level {
                let element = stack.removeLast()
                stack[stack.count - 1].children.append(.element(name: element.name, attributes: element.attributes, children: element.children))
            }
        }
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            guard character == "<", let end = html[index...].firstIndex(of: ">") else {
                text.append(character)
                index = html.index(after: index)
                continue
            }
            let inside = html[html.index(after: index)..<end]
            index = html.index(after: end)
            if inside.hasPrefix("!") || inside.hasPrefix("?") { continue }  // comments, doctypes
            if inside.hasPrefix("/") {
                let name = inside.dropFirst().prefix { !$0.isWhitespace }.lowercased()
                flush()
                if let level = stack.lastIndex(where: { $0.name == name }), level > 0 { close(at: level) }
                continue
            }
            let name = inside.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                text += "<" + inside + ">"
                continue
            }
            flush()
            let attributes = parseAttributes(inside.dropFirst(name.count))
            if voidElements.contains(name) || inside.hasSuffix("/") || stack.count > 64 {
                if voidElements.contains(name) || inside.hasSuffix("/") {
                    stack[stack.count - 1].children.append(.element(name: name, attributes: attributes, children: []))
                }
            } else {
                stack.append((name, attributes, []))
            }
        }
        flush()
        close(at: 1)
        return stack[0].children
    }

    static func parseAttributes(_ text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = text[...]
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
            guard !name.isEmpty else { break }
            rest = rest[name.endIndex...].drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    let close = body.firstIndex(of: quote) ?? body.endIndex
                    value = String(body[..<close])
                    rest = close == body.endIndex ? body[close...] : body[body.index(after: close)...]
                } else {
                    let raw = rest.prefix { !$0.isWhitespace }
                    value = String(raw)
                    rest = rest[raw.endIndex...]
                }
            }
            attributes[name.lowercased()] = decodeEntities(value)
        }
        return attributes
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let entity = text[text.index(after: index)..<semicolon]
                var replacement: String?
                switch entity {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos": replacement = "'"
                case "nbsp": replacement = "\u{A0}"
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                        replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                    } else if entity.hasPrefix("#") {
                        replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                    }
                }
                if let replacement {
                    output += replacement
                    index = text.index(after: semicolon)
                    continue
                }
            }
            output.append(character)
            index = text.index(after: index)
        }
        return output
    }

    // MARK: - Writing

    static let blocks: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "tr", "hr"]

    static func plainText(_ nodes: [Node]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): text
            case .element(let name, let attributes, let children):
                name == "br" ? "\n" : name == "img" ? attributes["alt"] ?? "" : plainText(children)
            }
        }.joined()
    }

    package static func render(_ nodes: [Node], into writer: inout MarkdownWriter, inPre: Bool, formatted: inout Bool) {
        for (position, node) in nodes.enumerated() {
            switch node {
            case .text(var text):
                if !inPre {
                    // HTML whitespace: runs become one space, none at the start of a line.
                    text = text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
                    if writer.markdown.isEmpty || writer.markdown.hasSuffix("\n") || writer.markdown.hasSuffix(" ") {
                        text = String(text.drop { $0 == " " })
                    }
                }
                if !text.isEmpty { writer.append(text) }
            case .element(let name, let attributes, let children):
                var childFormatted = false
                switch name {
                case "mx-reply", "script", "style", "head", "title":
                    continue
                case "br":
                    writer.append("\n")
                case "img":
                    // Custom emoji and inline images (`mxc://`, not loadable): their alt text.
                    if let alt = attributes["alt"] ?? attributes["title"], !alt.isEmpty { writer.append(alt) }
                case "b", "strong":
                    writer.bold { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                    formatted = true
                case "i", "em":
                    writer.italic { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                    formatted = true
                case "del", "s", "strike":
                    writer.strike { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                    formatted = true
                case "u":
                    writer.underline { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                    formatted = true
                case "span" where attributes["data-mx-spoiler"] != nil:
                    writer.spoiler { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                    formatted = true
                case "code" where !inPre:
                    writer.code(plainText(children))
                    formatted = true
                case "pre":
                    var language: String?
                    if case .element("code", let codeAttributes, _)? = children.first(where: {
                        if case .element = $0 { return true } else { return false }
                    }), let classes = codeAttributes["class"] {
                        language = classes.split(separator: " ").first { $0.hasPrefix("language-") }.map { String($0.dropFirst(9)) }
                    }
                    var code = plainText(children)
                    if code.hasSuffix("\n") { code.removeLast() }
                    writer.codeBlock(code, language: language)
                    formatted = true
                case "blockquote":
                    writer.quote { render(children, into: &$0, inPre: false, formatted: &childFormatted) }
                    formatted = true
                case "a":
                    let href = attributes["href"] ?? ""
                    if href.hasPrefix("https://matrix.to/#/@") || href.hasPrefix("https://matrix.to/#/#") {
                        writer.mention { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                        formatted = true
                    } else if let url = SafeURL.web(href) {
                        writer.link(to: url) { render(children, into: &$0, inPre: inPre, formatted: &childFormatted) }
                        formatted = true
                    } else {
                        render(children, into: &writer, inPre: inPre, formatted: &formatted)
                    }
                case _ where blocks.contains(name):
                    if !writer.markdown.isEmpty, !writer.markdown.hasSuffix("\n") { writer.append("\n") }
                    if name == "li" { writer.append("• ") }
                    if name == "hr" { writer.append("———") }
                    render(children, into: &writer, inPre: inPre, formatted: &formatted)
                    if !writer.markdown.isEmpty, !writer.markdown.hasSuffix("\n"), position < nodes.count - 1 { writer.append("\n") }
                default:
                    render(children, into: &writer, inPre: inPre, formatted: &formatted)
                }
                if childFormatted { formatted = true }
            }
        }
    }
}
