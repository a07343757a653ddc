/// The compiled templates of a `CompiledPartials`, laid out flat for rendering: one list of instructions for all
/// of them, one buffer of their literal text's bytes, and the names their tags look up.
///
/// A template is a range of instructions (an entry); a section's, block's or parent's body is the range that
/// follows its instruction, up to the index the instruction gives. Everything an instruction holds is a number,
/// and text is bytes: rendering reads them through pointers, so it touches no reference count for the
/// template itself (walking `CompiledTemplate.Node`s retained and released every node, path and text, which
/// was half of what a message's rendering cost).
final class TemplateProgram: Sendable {
    struct Instruction: Sendable {
        enum Operation: UInt8, Sendable {
            /// `first`: offset in `text`; `second`: byte count.
            case text
            /// `first`, `second`: the name's path (`pathParts`).
            case escapedVariable, rawVariable
            /// `first`, `second`: the name's path; the body ends at `end`.
            case section, invertedSection
            /// `first`: the entry, or -1 when there is no such template (it shows nothing).
            case partial
            /// `first`, `second`: the path of the name's value; `third`: the indentation (`indentations`).
            case dynamicPartial
            /// `first`: the entry, or -1; `second`: the blocks it gives (`overrideTables`), which follow it up to `end`.
            case parent
            /// `first`: the block's name (`names`); its own body ends at `end`.
            case block
        }

        var operation: Operation
        var first: Int32
        var second: Int32
        var third: Int32 = 0
        var end: Int32 = 0
    }

    /// Blocks given by a parent tag (or the templates that inherit the one rendered): their bodies by name.
    typealias Overrides = [String: Range<Int>]

    let instructions: [Instruction]
    let text: [UInt8]
    /// The names tags look up; a path is a range of `pathParts`, each an index in `names` (-1: the current value,
    /// for a name that starts with a dot).
    let names: [String]
    let pathParts: [Int32]
    let overrideTables: [Overrides]
    let indentations: [String]
    /// Each template's instructions, and its name (the partial a too-deep nesting names).
    let entries: [Range<Int>]
    let entryNames: [String]
    /// The entries by template name, and by name, a zero byte and indentation for a partial's indented form.
    let entryNamed: [String: Int]

    /// Lays out `templates` (by entry key: a name, or name, zero byte and indentation).
    init(templates: [String: CompiledTemplate]) {
        var builder = Builder()
        for key in templates.keys.sorted() {
            let start = builder.instructions.count
            builder.lower(templates[key]!.nodes)
            let name = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? key
            builder.entries.append(start..<builder.instructions.count)
            builder.entryNames.append(name)
            builder.entryNamed[key] = builder.entries.count - 1
        }
        for (index, key) in builder.partialReferences {
            builder.instructions[index].first = Int32(builder.entryNamed[key] ?? -1)
        }
        instructions = builder.instructions
        text = builder.text
        names = builder.names
        pathParts = builder.pathParts
        overrideTables = builder.overrideTables
        indentations = builder.indentations
        entries = builder.entries
        entryNames = builder.entryNames
        entryNamed = builder.entryNamed
    }

    /// The entry of the template `name` as a partial indented by `indentation`.
    static func key(_ name: String, indentation: String) -> String {
        indentation.isEmpty ? name : name + "\u{0}" + indentation
    }

    private struct Builder {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var pathParts: [Int32] = []
        var overrideTables: [Overrides] = []
        var indentations: [String] = []
        var entries: [Range<Int>] = []
        var entryNames: [String] = []
        var entryNamed: [String: Int] = [:]
        /// Partials and parents, whose entries are known once every template is laid out.
        var partialReferences: [(instruction: Int, key: String)] = []

        mutating func lower(_ nodes: [CompiledTemplate.Node]) {
            for node in nodes {
                switch node {
                case .text(let string):
                    let offset = text.count
                    text.append(contentsOf: string.utf8)
                    append(.text, first: offset, second: text.count - offset)
                case .variable(let path, let escaped):
                    let (first, count) = self.path(path)
                    append(escaped ? .escapedVariable : .rawVariable, first: first, second: count)
                case .section(let path, let inverted, let body):
                    let (first, count) = self.path(path)
                    let at = append(inverted ? .invertedSection : .section, first: first, second: count)
                    lower(body)
                    instructions[at].end = Int32(instructions.count)
                case .partial(let name, let indentation):
                    let at = append(.partial, first: -1, second: 0)
                    partialReferences.append((at, TemplateProgram.key(name, indentation: indentation)))
                case .dynamicPartial(let path, let indentation):
                    let (first, count) = self.path(path)
                    let at = append(.dynamicPartial, first: first, second: count)
                    instructions[at].third = Int32(indentations.count)
                    indentations.append(indentation)
                case .parent(let name, let overrides):
                    let at = append(.parent, first: -1, second: overrideTables.count)
                    overrideTables.append([:])
                    partialReferences.append((at, name))
                    var table: Overrides = [:]
                    for block in overrides.keys.sorted() {
                        let start = instructions.count
                        lower(overrides[block]!)
                        table[block] = start..<instructions.count
                    }
                    overrideTables[Int(instructions[at].second)] = table
                    instructions[at].end = Int32(instructions.count)
                case .block(let name, let body):
                    let at = append(.block, first: Int(intern(name)), second: 0)
                    lower(body)
                    instructions[at].end = Int32(instructions.count)
                }
            }
        }

        @discardableResult
        private mutating func append(_ operation: Instruction.Operation, first: Int, second: Int) -> Int {
            instructions.append(Instruction(operation: operation, first: Int32(first), second: Int32(second)))
            return instructions.count - 1
        }

        private mutating func path(_ path: [String]) -> (first: Int, count: Int) {
            let first = pathParts.count
            for (position, name) in path.enumerated() {
                // Only a leading empty name anchors; `CompiledTemplate` makes no other.
                pathParts.append(position == 0 && name.isEmpty ? -1 : intern(name))
            }
            return (first, path.count)
        }

        private mutating func intern(_ name: String) -> Int32 {
            if let index = nameIndex[name] { return index }
            names.append(name)
            nameIndex[name] = Int32(names.count - 1)
            return Int32(names.count - 1)
        }
    }
}
