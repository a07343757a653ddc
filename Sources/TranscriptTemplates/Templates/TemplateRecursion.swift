/// Finds templates that would show themselves without end, from the outlines of all templates (`TemplateOutline`,
/// which reads templates the compiled renderer does not cover too):
///
/// - a partial (`{{> name}}`) or parent (`{{< name}}`) tag outside every section, in a chain of templates that
///   comes back to where it started (`cycle(in:)`). A chain that passes through a section may end (a recursive
///   partial over nested values); both renderers stop one that does not at a nesting limit.
/// - a block (`{{$name}}`) whose content shows a block that leads back to it, in or out of a section
///   (`blockCycle(in:)`). Showing a block is no partial, so swift-mustache's nesting limit (the guard of
///   `TemplateSet`) does not count it: every such chain is refused, whether or not it would end.
enum TemplateRecursion {
    /// The first chain of template names (`a`, `b`, `a`) that comes back to its start, in name order; nil when
    /// there is none.
    static func cycle(in templates: [String: TemplateOutline]) -> [String]? {
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

    /// The first chain of block names (in name order) in which each block's content (given by any template, or
    /// its default) shows the next, in or out of a section, and the last is the first; with the template that
    /// holds the chain's first step. Nil when there is none.
    ///
    /// A block is looked up by its name each time it is shown, and which template's content it gets depends on
    /// the chain of templates that shows it: every content of a name counts, in every template.
    static func blockCycle(in templates: [String: TemplateOutline]) -> (template: String, blocks: [String])? {
        var edges: [String: [String]] = [:]
        var holder: [String: String] = [:]  // "from\0to" → the first template (in name order) with that step
        for name in templates.keys.sorted() {
            forEachBlock(in: templates[name]!.nodes) { block, body in
                for shown in shownBlocks(body) {
                    if holder[block + "\u{0}" + shown] == nil {
                        holder[block + "\u{0}" + shown] = name
                        edges[block, default: []].append(shown)
                    }
                }
            }
        }
        for block in edges.keys { edges[block]!.sort() }
        guard let cycle = firstCycle(edges: edges) else { return nil }
        return (holder[cycle[0] + "\u{0}" + cycle[1]]!, cycle)
    }

    /// Calls `body` with each block's name and content: blocks shown, and blocks parent tags give, at any depth.
    private static func forEachBlock(in nodes: [TemplateOutline.Node], _ visit: (String, [TemplateOutline.Node]) -> Void) {
        for node in nodes {
            switch node {
            case .section(let body):
                forEachBlock(in: body, visit)
            case .block(let name, let body):
                visit(name, body)
                forEachBlock(in: body, visit)
            case .parent(_, let blocks):
                for (name, body) in blocks {
                    visit(name, body)
                    forEachBlock(in: body, visit)
                }
            case .partial:
                break
            }
        }
    }

    /// The blocks that showing `nodes` shows next, without a partial or parent in between: those outside or inside
    /// sections, not those inside other blocks' content (that content may be replaced) or given to a parent.
    private static func shownBlocks(_ nodes: [TemplateOutline.Node]) -> [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .block(let name, _): [name]
            case .section(let body): shownBlocks(body)
            case .partial, .parent: []
            }
        }
    }

    /// The partials and parents a template always renders: those outside every section (and outside blocks,
    /// whose content may be replaced, and the blocks a parent tag gives, which the parent may not show).
    static func unconditionalReferences(_ nodes: [TemplateOutline.Node]) -> [String] {
        nodes.compactMap { node -> String? in
            switch node {
            case .partial(let name), .parent(let name, _): name
            case .section, .block: nil
            }
        }
    }
}
