/// The tags of a template that decide how deep rendering it can nest: its sections, partials, parents and
/// blocks, read the way swift-mustache's parser reads them, so that templates the compiled renderer does not
/// cover (changed delimiters, transforms, an indented parent or block, tags across lines) are outlined too.
///
/// swift-mustache's own tokens are not visible outside it; this reader follows its parser: a tag starts with
/// the open delimiter and its kind is the character after it; `{{=<% %>=}}` changes the delimiters until the end
/// of the section it is in (swift-mustache keeps them per section); inside a parent tag (`{{<name}}…{{/name}}`)
/// a block tag gives the parent a block, anywhere else it shows one. Variables, comments and pragmas leave no
/// trace. `TemplateRecursion` checks the outlines of all templates.
struct TemplateOutline: Sendable {
    indirect enum Node: Sendable {
        /// `{{#name}}` or `{{^name}}`: what is inside is shown only when the value says so.
        case section(body: [Node])
        /// `{{> name}}`; `{{>* key}}` (the name a value gives) has a nil name.
        case partial(name: String?)
        /// `{{<name}}…{{/name}}`, with the blocks it gives (`{{$block}}…{{/block}}` inside it), by order.
        case parent(name: String?, blocks: [(name: String, body: [Node])])
        /// `{{$name}}…{{/name}}` outside a parent tag: the block given for `name`, else `body`.
        case block(name: String, body: [Node])
    }

    let nodes: [Node]

    /// Outlines `source`. A template swift-mustache cannot parse is an error before it is outlined; whatever
    /// such a source holds, the outline keeps every tag it can read.
    init(source: String) {
        var reader = Reader(text: Array(source))
        nodes = reader.nodes(open: ["{", "{"], close: ["}", "}"])
    }

    /// Reads by `Character`, as swift-mustache does (a brace with a combining mark is no brace).
    private struct Reader {
        let text: [Character]
        var position = 0

        /// The nodes up to the end of the section being read (its closing tag is read too) or of the text.
        mutating func nodes(open: [Character], close: [Character]) -> [Node] {
            var open = open
            var close = close
            var nodes: [Node] = []
            while let start = find(open, from: position), start + open.count < text.count {
                position = start + open.count
                let sigil = text[position]
                if "#^/!&><$%{=".contains(sigil) { position += 1 }
                if sigil == "=" {
                    // `=<% %>=` before the closing delimiter: the new delimiters, for the rest of this section.
                    guard let end = find(["="] + close, from: position) else { break }
                    let parts = String(text[position..<end]).split(whereSeparator: \.isWhitespace)
                    position = end + 1 + close.count
                    if parts.count == 2 {
                        open = Array(parts[0])
                        close = Array(parts[1])
                    }
                    continue
                }
                guard let end = find(close, from: position) else { break }
                let name = TemplateDelimiter.trimmed(Substring(String(text[position..<end])))
                position = end + close.count
                switch sigil {
                case "{":
                    if position < text.count, text[position] == "}" { position += 1 }
                case "#", "^":
                    nodes.append(.section(body: self.nodes(open: open, close: close)))
                case "/":
                    return nodes
                case ">":
                    nodes.append(.partial(name: name.hasPrefix("*") ? nil : name))
                case "<":
                    // Inside a parent tag, block tags give the parent's blocks.
                    var blocks: [(name: String, body: [Node])] = []
                    for case .block(let block, let body) in self.nodes(open: open, close: close) { blocks.append((block, body)) }
                    nodes.append(.parent(name: name.hasPrefix("*") ? nil : name, blocks: blocks))
                case "$":
                    nodes.append(.block(name: name, body: self.nodes(open: open, close: close)))
                default:
                    break
                }
            }
            position = text.count
            return nodes
        }

        /// Where `pattern` next starts at or after `start`.
        private func find(_ pattern: [Character], from start: Int) -> Int? {
            guard !pattern.isEmpty else { return nil }
            var index = start
            search: while index + pattern.count <= text.count {
                for offset in pattern.indices where text[index + offset] != pattern[offset] {
                    index += 1
                    continue search
                }
                return index
            }
            return nil
        }
    }
}
