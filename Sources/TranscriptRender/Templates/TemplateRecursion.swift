/// Finds templates that include themselves without end: a partial (`{{> name}}`) or parent (`{{< name}}`) tag
/// outside every section, in a chain of templates that comes back to where it started; and blocks that show
/// themselves without end (`blockCycle(in:)`). Rendering one would recurse until the stack runs out, in either
/// renderer; a chain that passes through a section may end (a recursive partial over nested values), so only
/// unconditional chains count.
///
/// Templates the compiled renderer does not cover are not looked into (swift-mustache renders them as it can).
enum TemplateRecursion {
    /// The first chain of template names (`a`, `b`, `a`) that comes back to its start, in name order; nil when
    /// there is none. `templates` are those that compiled, by name.
    static func cycle(in templates: [String: CompiledTemplate]) -> [String]? {
        firstCycle(edges: templates.mapValues { unconditionalReferences($0.nodes).filter { templates[$0] != nil } })
    }

    /// The first chain in name order of `edges` (from a name to the names it leads to) that comes back to its start.
    private static func firstCycle(edges: [String: [String]]) -> [String]? {
        var finished = Set<String>()
        for start in edges.keys.sorted() {
            var path: [String] = []
            if let cycle = search(start, edges: edges, path: &path, finished: &finished) { return cycle }
        }
        return nil
    }

    /// Depth first; `path` is the chain being followed.
    private static func search(
        _ name: String, edges: [String: [String]], path: inout [String], finished: inout Set<String>
    ) -> [String]? {
        if let start = path.firstIndex(of: name) { return Array(path[start...]) + [name] }
        guard !finished.contains(name) else { return nil }
        path.append(name)
        for next in edges[name] ?? [] {
            if let cycle = search(next, edges: edges, path: &path, finished: &finished) { return cycle }
        }
        path.removeLast()
        finished.insert(name)
        return nil
    }

    /// The first template (in name order) with a block that shows itself without end (`blockCycle(in:)`), and
    /// the chain of block names; nil when there is none.
    static func blockCycle(in templates: [String: CompiledTemplate]) -> (template: String, blocks: [String])? {
        for name in templates.keys.sorted() {
            if let cycle = blockCycle(in: templates[name]!.nodes) { return (name, cycle) }
        }
        return nil
    }

    /// A block that shows itself again without end: the blocks a parent tag gives that name each other in a
    /// chain back to the first (outside every section), or a block whose own content names it (shown whenever
    /// no template gives that block). Both renderers look a block up by its name each time it is shown.
    static func blockCycle(in nodes: [CompiledTemplate.Node]) -> [String]? {
        for node in nodes {
            switch node {
            case .parent(_, let overrides):
                if let cycle = firstCycle(edges: overrides.mapValues(unconditionalBlocks)) { return cycle }
                for name in overrides.keys.sorted() {
                    if let cycle = blockCycle(in: overrides[name]!) { return cycle }
                }
            case .block(let name, let body):
                if unconditionalBlocks(body).contains(name) { return [name, name] }
                if let cycle = blockCycle(in: body) { return cycle }
            case .section(_, _, let body):
                if let cycle = blockCycle(in: body) { return cycle }
            case .text, .variable, .partial, .dynamicPartial:
                break
            }
        }
        return nil
    }

    /// The blocks shown whenever `nodes` are: those outside every section.
    private static func unconditionalBlocks(_ nodes: [CompiledTemplate.Node]) -> [String] {
        nodes.compactMap { node in
            if case .block(let name, _) = node { return name }
            return nil
        }
    }

    /// The partials and parents a template always renders: those outside every section (and outside the
    /// blocks a parent tag gives, which the parent may not show).
    static func unconditionalReferences(_ nodes: [CompiledTemplate.Node]) -> [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .partial(let name, _), .parent(let name, _): [name]
            case .text, .variable, .section, .dynamicPartial, .block: []
            }
        }
    }
}
