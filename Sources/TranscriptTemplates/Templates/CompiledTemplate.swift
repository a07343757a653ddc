/// A Mustache template compiled for speed, used for the templates rendered once per message (rendered as laid
/// out by `TemplateProgram`).
///
/// swift-mustache looks every name up through dynamic casts and `Mirror`, which costs about a microsecond
/// a tag; a message template has dozens of tags and an archive millions of messages. This renderer reads
/// `TemplateObject` values directly. It covers the Mustache spec's variables (`{{x}}`, `{{{x}}}`, `{{&x}}`,
/// dotted names, `{{.}}`), sections, inverted sections, comments, partials, and inheritance (`{{<parent}}`
/// with `{{$block}}`s, as swift-mustache renders it: the outermost template's blocks win, and partials see
/// them too), with the spec's standalone line rules. A template that uses anything else (lambdas, transforms,
/// set delimiters, an indented standalone parent or block tag, tags across lines) does not compile, and
/// swift-mustache renders it instead. Tests check that both renderers
/// give the same bytes.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(path: [String], escaped: Bool)
        case section(path: [String], inverted: Bool, body: [Node])
        case partial(name: String, indentation: String)
        /// `{{>*key}}`: the partial whose name is the value of `key`.
        case dynamicPartial(path: [String], indentation: String)
        /// `{{<name}}…{{/name}}`: the template `name` with the blocks given inside in place of its own.
        case parent(name: String, overrides: [String: [Node]])
        /// `{{$name}}…{{/name}}`: a block, shown as given unless the template that inherits this one gives
        /// its own.
        case block(name: String, body: [Node])
    }

    /// Blocks given by the templates that inherit the one being rendered, by name.
    typealias Overrides = [String: [Node]]

    let nodes: [Node]
    /// The template's name, when it was compiled from a named template.
    let sourceName: String?

    /// Compiles `source`; nil when it uses something this renderer does not cover.
    init?(source: String, name: String? = nil) {
        guard let nodes = try? Self.tree(Self.tokenize(source)) else { return nil }
        self.nodes = nodes
        self.sourceName = name
    }

    /// Why `source` does not compile (then swift-mustache renders it, several times more slowly); nil when it does.
    static func notCompiled(_ source: String) -> NotCompiled? {
        do {
            _ = try tree(tokenize(source))
            return nil
        } catch {
            return error
        }
    }

    /// What keeps a template from compiling: the first thing in it this renderer does not cover, and its line.
    package struct NotCompiled: Error, Sendable, Equatable {
        /// The line (from 1), when one line is to blame.
        package var line: Int?
        /// What the line uses, as a clause: "changes its delimiters".
        package var reason: String
    }

    /// How deep partials, parents and blocks may nest: a partial that leads back to its own template inside a section
    /// keeps going while the section finds a value (names are looked up in every value around), and would
    /// recurse until the stack ran out.
    static let maximumDepth = 32

    /// Thrown when partials, parents and blocks nest deeper than `maximumDepth`.
    struct TooDeep: Error {
        /// The partial or parent that went one level too deep.
        var name: String
    }

    /// How many times one value's rendering (a row, a page, a gallery entry) may enter a template that it is
    /// already inside (through a partial or parent that leads back to it). The nesting limit bounds how deep such
    /// a recursion goes, not how wide: a template that names its own template twice in a section over a chain of
    /// 30 nested values doubles its work at each level, 2³⁰ times, and would render for hours. A recursion over
    /// nested values (replies in a thread) enters a template once per value; the built-in templates do not recurse.
    static let maximumReentries = 100_000

    /// Thrown when one value's rendering enters templates it is already inside more than `maximumReentries` times.
    struct TooManyReentries: Error {
        /// The template entered again one time too many.
        var name: String
    }

    // MARK: - Compiling

    private enum Token {
        case text(String)
        case variable(String, escaped: Bool)
        case open(String, inverted: Bool)
        case close(String)
        case partial(String, indentation: String)
        case dynamicPartial(String, indentation: String)
        case openParent(String)
        case openBlock(String)
    }

    /// Splits the source into tokens line by line, applying the spec's standalone-line rule: a line holding
    /// only whitespace and one section, closing, comment or partial tag is removed from the output.
    private static func tokenize(_ source: String) throws(NotCompiled) -> [Token] {
        var tokens: [Token] = []
        // Lines end after each line feed (a line feed is always a character of its own, or the end of CR LF).
        var lines: [Substring] = []
        var lineStart = source.startIndex
        while let lineFeed = source.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let next = source.utf8.index(after: lineFeed)
            lines.append(source[lineStart..<next])
            lineStart = next
        }
        if lineStart < source.endIndex { lines.append(source[lineStart...]) }

        for (number, line) in lines.enumerated() {
            let pieces: [Piece]
            do {
                pieces = try split(line)
            } catch {
                throw NotCompiled(line: number + 1, reason: error.reason)
            }
            let tags = pieces.filter { if case .tag = $0 { return true } else { return false } }
            let textIsBlank = pieces.allSatisfy {
                if case .text(let text) = $0 { return text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" } }
                return true
            }
            if tags.count == 1, textIsBlank, case .tag(let sigil, let name) = tags[0], "#^/!><$".contains(sigil) {
                // Standalone: keep only the tag; a partial gets the line's leading whitespace as indentation.
                var indentation = ""
                if case .text(let leading) = pieces[0] { indentation = leading }
                // An indented parent or block re-indents what it shows: left to swift-mustache.
                if "<$".contains(sigil), !indentation.isEmpty {
                    throw NotCompiled(line: number + 1, reason: "indents a standalone parent or block tag")
                }
                if let token = makeToken(sigil: sigil, name: name, indentation: indentation) { tokens.append(token) }
                continue
            }
            for piece in pieces {
                switch piece {
                case .text(let text): tokens.append(.text(text))
                case .tag(let sigil, let name):
                    guard let token = makeToken(sigil: sigil, name: name, indentation: "") else { continue }
                    tokens.append(token)
                }
            }
        }
        return tokens
    }

    private enum Piece {
        case text(String)
        case tag(sigil: Character, name: String)
    }

    /// The text and tags of one line; an error when a tag is unfinished or of a kind this renderer skips.
    private static func split(_ line: Substring) throws(NotCompiled) -> [Piece] {
        var pieces: [Piece] = []
        var rest = line
        while let open = TemplateDelimiter.range(of: "{{", in: rest) {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            var after = rest[open.upperBound...]
            var sigil: Character = " "
            var closing: StaticString = "}}"
            if let first = after.first, "{&#^/!><$".contains(first) {
                sigil = first
                after = after.dropFirst()
                if first == "{" { closing = "}}}" }
            } else if after.first == "=" {
                throw NotCompiled(reason: "changes its delimiters")
            }
            guard let close = TemplateDelimiter.range(of: closing, in: after) else {
                throw NotCompiled(reason: "has a tag that goes on past the end of its line")
            }
            let name = TemplateDelimiter.trimmed(after[..<close.lowerBound])
            if sigil != "!" {
                guard !name.isEmpty else { throw NotCompiled(reason: "has an empty tag") }
                guard !name.contains(Character("(")), !name.contains(Character(" ")) else {
                    throw NotCompiled(reason: "uses a transform or a name with a space (\"\(name)\")")
                }
                guard !name.hasPrefix("*") || sigil == ">" else {
                    throw NotCompiled(reason: "uses a dynamic name outside a partial tag (\"\(name)\")")
                }
            }
            pieces.append(.tag(sigil: sigil, name: name))
            rest = after[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    private static func makeToken(sigil: Character, name: String, indentation: String) -> Token? {
        switch sigil {
        case "!": nil
        case "<": .openParent(name)
        case "$": .openBlock(name)
        case "#": .open(name, inverted: false)
        case "^": .open(name, inverted: true)
        case "/": .close(name)
        case ">":
            name.hasPrefix("*")
                ? .dynamicPartial(String(name.dropFirst()).trimmingCharacters(in: .whitespaces), indentation: indentation)
                : .partial(name, indentation: indentation)
        case "{", "&": .variable(name, escaped: false)
        default: .variable(name, escaped: true)
        }
    }

    /// `.` is the current value (an empty path); `.name` looks only in the current value (a path that starts
    /// with an empty key); `a.b` looks `a` up the stack, then `b` inside it.
    private static func path(_ name: String) -> [String] {
        if name == "." { return [] }
        let keys = name.split(separator: ".").map(String.init)
        return name.hasPrefix(".") ? [""] + keys : keys
    }

    /// Nests the tokens into sections; an error when sections do not match.
    private static func tree(_ tokens: [Token]) throws(NotCompiled) -> [Node] {
        enum Opened { case section(inverted: Bool), parent, block }
        var stack: [(name: String, opened: Opened, nodes: [Node])] = [("", .section(inverted: false), [])]
        for token in tokens {
            switch token {
            case .text(let text):
                if case .text(let previous)? = stack[stack.count - 1].nodes.last {
                    stack[stack.count - 1].nodes[stack[stack.count - 1].nodes.count - 1] = .text(previous + text)
                } else {
                    stack[stack.count - 1].nodes.append(.text(text))
                }
            case .variable(let name, let escaped):
                stack[stack.count - 1].nodes.append(.variable(path: path(name), escaped: escaped))
            case .partial(let name, let indentation):
                stack[stack.count - 1].nodes.append(.partial(name: name, indentation: indentation))
            case .dynamicPartial(let name, let indentation):
                stack[stack.count - 1].nodes.append(.dynamicPartial(path: path(name), indentation: indentation))
            case .open(let name, let inverted):
                stack.append((name, .section(inverted: inverted), []))
            case .openParent(let name):
                stack.append((name, .parent, []))
            case .openBlock(let name):
                stack.append((name, .block, []))
            case .close(let name):
                guard stack.count > 1, stack[stack.count - 1].name == name else {
                    throw NotCompiled(reason: "closes \"\(name)\" where another section is open")
                }
                let closed = stack.removeLast()
                let node: Node
                switch closed.opened {
                case .section(let inverted):
                    node = .section(path: path(name), inverted: inverted, body: closed.nodes)
                case .parent:
                    // Only the blocks inside a parent tag count: they replace the parent's own.
                    var overrides: Overrides = [:]
                    for case .block(let block, let body) in closed.nodes { overrides[block] = body }
                    node = .parent(name: name, overrides: overrides)
                case .block:
                    node = .block(name: name, body: closed.nodes)
                }
                stack[stack.count - 1].nodes.append(node)
            }
        }
        guard stack.count == 1 else { throw NotCompiled(reason: "leaves the section \"\(stack[stack.count - 1].name)\" open") }
        return stack[0].nodes
    }
}
