/// The compiled templates a compiled template's partials can use, by name (and indentation).
package struct CompiledPartials: Sendable {
    private let templates: [String: CompiledTemplate]
    /// Every template here laid out for rendering.
    private let program: TemplateProgram
    /// Whether any template here names partials by a value (`{{>*key}}`): only then do the names values give
    /// matter (`contains`).
    package let usesDynamicPartials: Bool

    /// Compiles every source; nil when any of them (that a compiled template may call) does not compile.
    /// `compiled`, when given, holds every source that compiles, compiled with its name (`TemplateSet` compiles
    /// them once for its three sets); a source it lacks does not compile.
    init?(sources: [String: String], names: Set<String>, compiled: [String: CompiledTemplate]? = nil) {
        var templates: [String: CompiledTemplate] = [:]
        var indented: [String: CompiledTemplate] = [:]
        var pending = Array(names)
        var expanded = Set<String>()
        while let name = pending.popLast() {
            guard !expanded.contains(name), let source = sources[name] else { continue }
            expanded.insert(name)
            guard let template = templates[name] ?? compiled.map({ $0[name] }) ?? CompiledTemplate(source: source, name: name)
            else { return nil }
            templates[name] = template
            if Self.hasDynamicPartials(template.nodes) {
                // Any template may be named at render time: compile every one that can be (the renderer
                // checks with `contains` that the names it will be given compiled).
                for (name, source) in sources where templates[name] == nil && name != template.sourceName {
                    if let made = compiled.map({ $0[name] }) ?? CompiledTemplate(source: source) { templates[name] = made }
                    for indentation in Self.dynamicIndentations(template.nodes) where !indentation.isEmpty {
                        if let compiled = CompiledTemplate(source: Self.indent(source, by: indentation)) {
                            indented[TemplateProgram.key(name, indentation: indentation)] = compiled
                        }
                    }
                }
                pending.append(contentsOf: templates.keys.sorted())
            }
            for (partial, indentation) in Self.partials(in: template.nodes) {
                pending.append(partial)
                if !indentation.isEmpty, let partialSource = sources[partial] {
                    guard let compiled = CompiledTemplate(source: Self.indent(partialSource, by: indentation)) else { return nil }
                    indented[TemplateProgram.key(partial, indentation: indentation)] = compiled
                }
            }
        }
        self.templates = templates
        self.program = TemplateProgram(templates: templates.merging(indented) { plain, _ in plain })
        self.usesDynamicPartials = templates.values.contains { Self.hasDynamicPartials($0.nodes) }
    }

    /// Whether the template `name` compiled.
    package func contains(_ name: String) -> Bool { templates[name] != nil }

    /// Renders the template `name` once per value, appending its UTF-8 bytes to `output`; `base`, when given, is in
    /// scope under each value (the strings table, `t`). A name that did not compile renders nothing.
    package func render(_ name: String, each values: [TemplateValue], base: TemplateValue? = nil, into output: inout [UInt8]) throws {
        guard let entry = program.entryNamed[name] else { return }
        try program.render(entry: entry, each: values, base: base, into: &output)
    }

    /// The template `name` rendered with `value` in scope.
    package func render(_ name: String, _ value: TemplateValue) throws -> String {
        var output: [UInt8] = []
        try render(name, each: [value], into: &output)
        return String(decoding: output, as: UTF8.self)
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
