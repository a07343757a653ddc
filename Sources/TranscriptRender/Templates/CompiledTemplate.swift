/// A Mustache template compiled for speed, used for the templates rendered once per message.
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
        guard let tokens = Self.tokenize(source), let nodes = Self.tree(tokens) else { return nil }
        self.nodes = nodes
        self.sourceName = name
    }

    // MARK: - Rendering

    /// How deep partials, parents and blocks may nest: a partial that leads back to its own template inside a section
    /// keeps going while the section finds a value (names are looked up in every value around), and would
    /// recurse until the stack ran out.
    static let maximumDepth = 32

    /// Thrown when partials, parents and blocks nest deeper than `maximumDepth`.
    struct TooDeep: Error {
        /// The partial or parent that went one level too deep.
        var name: String
    }

    /// Renders the template with `value` in scope, looking partials up in `partials`.
    package func render(_ value: TemplateValue, partials: CompiledPartials) throws -> String {
        var output = ""
        output.reserveCapacity(2048)
        var stack = [value]
        try Self.render(nodes, stack: &stack, overrides: [:], depth: 0, partials: partials, into: &output)
        return output
    }

    /// Renders the template once per value, appending to `output`; `base`, when given, is in scope under each
    /// value (the strings table, `t`).
    package func render(
        each values: [TemplateValue], base: TemplateValue? = nil, partials: CompiledPartials, into output: inout String
    ) throws {
        var stack: [TemplateValue] = []
        stack.reserveCapacity(8)
        let scope = base.map { TemplateValue.object(TemplateDictionary(["t": $0])) }
        for value in values {
            stack.removeAll(keepingCapacity: true)
            if let scope { stack.append(scope) }
            stack.append(value)
            try Self.render(nodes, stack: &stack, overrides: [:], depth: 0, partials: partials, into: &output)
        }
    }

    private static func render(
        _ nodes: [Node], stack: inout [TemplateValue], overrides: Overrides, depth: Int, partials: CompiledPartials,
        into output: inout String
    ) throws {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let path, let escaped):
                guard let value = lookup(path, in: stack) else { continue }
                switch value {
                case .text(let text): escaped ? HTMLEscaping.append(text, to: &output) : output.append(text)
                case .number(let number): output += String(number)
                case .flag(let flag): output += flag ? "true" : "false"
                case .object, .list, .texts: break
                }
            case .section(let path, let inverted, let body):
                let value = lookup(path, in: stack)
                if inverted {
                    let isEmpty: Bool
                    switch value {
                    case nil: isEmpty = true
                    case .flag(let flag): isEmpty = !flag
                    case .list(let items): isEmpty = items.isEmpty
                    case .texts(let texts): isEmpty = texts.isEmpty
                    default: isEmpty = false
                    }
                    if isEmpty { try render(body, stack: &stack, overrides: overrides, depth: depth, partials: partials, into: &output) }
                    continue
                }
                switch value {
                case nil: break
                case .flag(let flag):
                    if flag { try render(body, stack: &stack, overrides: overrides, depth: depth, partials: partials, into: &output) }
                case .list(let items):
                    for item in items {
                        stack.append(.object(item))
                        try render(body, stack: &stack, overrides: overrides, depth: depth, partials: partials, into: &output)
                        stack.removeLast()
                    }
                case .texts(let texts):
                    for text in texts {
                        stack.append(.text(text))
                        try render(body, stack: &stack, overrides: overrides, depth: depth, partials: partials, into: &output)
                        stack.removeLast()
                    }
                case .some(let value):
                    stack.append(value)
                    try render(body, stack: &stack, overrides: overrides, depth: depth, partials: partials, into: &output)
                    stack.removeLast()
                }
            case .partial(let name, let indentation):
                if let template = partials.template(named: name, indentation: indentation) {
                    guard depth < maximumDepth else { throw TooDeep(name: name) }
                    try render(template.nodes, stack: &stack, overrides: overrides, depth: depth + 1, partials: partials, into: &output)
                }
            case .dynamicPartial(let path, let indentation):
                if case .text(let name)? = lookup(path, in: stack),
                    let template = partials.template(named: name, indentation: indentation)
                {
                    guard depth < maximumDepth else { throw TooDeep(name: name) }
                    try render(template.nodes, stack: &stack, overrides: overrides, depth: depth + 1, partials: partials, into: &output)
                }
            case .parent(let name, let own):
                if let template = partials.template(named: name) {
                    // The blocks of the templates further out win over this one's.
                    let merged = overrides.isEmpty ? own : overrides.merging(own) { outer, _ in outer }
                    guard depth < maximumDepth else { throw TooDeep(name: name) }
                    try render(template.nodes, stack: &stack, overrides: merged, depth: depth + 1, partials: partials, into: &output)
                }
            case .block(let name, let body):
                // A block given by an inheriting template can name itself again: it counts as a level too.
                guard depth < maximumDepth else { throw TooDeep(name: name) }
                try render(overrides[name] ?? body, stack: &stack, overrides: overrides, depth: depth + 1, partials: partials, into: &output)
            }
        }
    }

    private static func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        if first.isEmpty {
            // Anchored: only the current value.
            found = stack.last
        } else {
            var position = stack.count - 1
            while position >= 0 {
                if case .object(let object) = stack[position], let child = object.templateValue(for: first) {
                    found = child
                    break
                }
                position -= 1
            }
        }
        // The rest of a dotted name, inside what was found (by index: a slice of the path would be retained).
        var index = 1
        while index < path.count {
            guard case .object(let object) = found else { return nil }
            found = object.templateValue(for: path[index])
            index += 1
        }
        return found
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
    private static func tokenize(_ source: String) -> [Token]? {
        var tokens: [Token] = []
        var lines: [Substring] = []
        var lineStart = source.startIndex
        var index = source.startIndex
        while index < source.endIndex {
            if source[index] == "\n" || source[index] == "\r\n" {
                let next = source.index(after: index)
                lines.append(source[lineStart..<next])
                lineStart = next
            }
            index = source.index(after: index)
        }
        if lineStart < source.endIndex { lines.append(source[lineStart...]) }

        for line in lines {
            guard let pieces = split(line) else { return nil }
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
                if "<$".contains(sigil), !indentation.isEmpty { return nil }
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

    /// The text and tags of one line; nil when a tag is unfinished or of a kind this renderer skips.
    private static func split(_ line: Substring) -> [Piece]? {
        var pieces: [Piece] = []
        var rest = line
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            var after = rest[open.upperBound...]
            var sigil: Character = " "
            var closing = "}}"
            if let first = after.first, "{&#^/!><$".contains(first) {
                sigil = first
                after = after.dropFirst()
                if first == "{" { closing = "}}}" }
            } else if after.first == "=" {
                return nil  // set delimiters: left to swift-mustache
            }
            guard let close = after.range(of: closing) else { return nil }
            let name = after[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if sigil != "!" {
                guard !name.isEmpty, !name.contains("("), !name.contains(" ") else { return nil }
                guard !name.hasPrefix("*") || sigil == ">" else { return nil }
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

    /// Nests the tokens into sections; nil when sections do not match.
    private static func tree(_ tokens: [Token]) -> [Node]? {
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
                guard stack.count > 1, stack[stack.count - 1].name == name else { return nil }
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
        return stack.count == 1 ? stack[0].nodes : nil
    }
}

/// The compiled templates a compiled template's partials can use, by name (and indentation).
struct CompiledPartials: Sendable {
    private let templates: [String: CompiledTemplate]
    private let indented: [String: CompiledTemplate]
    /// Whether any template here names partials by a value (`{{>*key}}`): only then do the names values give
    /// matter (`contains`).
    package let usesDynamicPartials: Bool

    /// Compiles every source; nil when any of them (that a compiled template may call) does not compile.
    init?(sources: [String: String], names: Set<String>) {
        var templates: [String: CompiledTemplate] = [:]
        var indented: [String: CompiledTemplate] = [:]
        var pending = Array(names)
        var expanded = Set<String>()
        while let name = pending.popLast() {
            guard !expanded.contains(name), let source = sources[name] else { continue }
            expanded.insert(name)
            guard let template = templates[name] ?? CompiledTemplate(source: source, name: name) else { return nil }
            templates[name] = template
            if Self.hasDynamicPartials(template.nodes) {
                // Any template may be named at render time: compile every one that can be (the renderer
                // checks with `contains` that the names it will be given compiled).
                for (name, source) in sources where templates[name] == nil && name != template.sourceName {
                    if let compiled = CompiledTemplate(source: source) { templates[name] = compiled }
                    for indentation in Self.dynamicIndentations(template.nodes) where !indentation.isEmpty {
                        if let compiled = CompiledTemplate(source: Self.indent(source, by: indentation)) {
                            indented[name + "\u{0}" + indentation] = compiled
                        }
                    }
                }
                pending.append(contentsOf: templates.keys.sorted())
            }
            for (partial, indentation) in Self.partials(in: template.nodes) {
                pending.append(partial)
                if !indentation.isEmpty, let partialSource = sources[partial] {
                    guard let compiled = CompiledTemplate(source: Self.indent(partialSource, by: indentation)) else { return nil }
                    indented[partial + "\u{0}" + indentation] = compiled
                }
            }
        }
        self.templates = templates
        self.indented = indented
        self.usesDynamicPartials = templates.values.contains { Self.hasDynamicPartials($0.nodes) }
    }

    /// Whether the template `name` compiled.
    package func contains(_ name: String) -> Bool { templates[name] != nil }

    package func template(named name: String, indentation: String = "") -> CompiledTemplate? {
        indentation.isEmpty ? templates[name] : indented[name + "\u{0}" + indentation]
    }

    /// The nodes inside a node: a section's body, a block's, and the blocks a parent tag gives.
    private static func children(of node: CompiledTemplate.Node) -> [CompiledTemplate.Node] {
        switch node {
        case .section(_, _, let body), .block(_, let body): body
        case .parent(_, let overrides): overrides.keys.sorted().flatMap { overrides[$0]! }
        default: []
        }
    }

    private static func hasDynamicPartials(_ nodes: [CompiledTemplate.Node]) -> Bool {
        nodes.contains { node in
            if case .dynamicPartial = node { return true }
            return hasDynamicPartials(children(of: node))
        }
    }

    private static func dynamicIndentations(_ nodes: [CompiledTemplate.Node]) -> [String] {
        nodes.flatMap { node -> [String] in
            if case .dynamicPartial(_, let indentation) = node { return [indentation] }
            return dynamicIndentations(children(of: node))
        }
    }

    /// The partials and parents the nodes name, with their indentation (none for a parent).
    private static func partials(in nodes: [CompiledTemplate.Node]) -> [(String, String)] {
        nodes.flatMap { node -> [(String, String)] in
            switch node {
            case .partial(let name, let indentation): [(name, indentation)]
            case .parent(let name, _): [(name, "")] + partials(in: children(of: node))
            default: partials(in: children(of: node))
            }
        }
    }

    /// The spec's partial indentation: every line of the partial starts with the standalone tag's indentation.
    private static func indent(_ source: String, by indentation: String) -> String {
        var result = ""
        var atLineStart = true
        for character in source {
            if atLineStart { result += indentation }
            result.append(character)
            atLineStart = character == "\n"
        }
        return result
    }
}
