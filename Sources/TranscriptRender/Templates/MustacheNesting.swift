/// The nesting limit of what swift-mustache renders, which has none of its own: a partial of its own template
/// inside a section whose name every value around has (`{{#flag}}{{> self}}{{/flag}}`) would recurse until the
/// stack ran out and the process crashed.
///
/// `TemplateSet` registers each template's source under an internal name (`body(_:)`) and, under the template's
/// own name, a wrapper of its own making (`wrapper(_:)`, in the default delimiters whatever the source uses):
/// a section that counts one level in, the source as a partial, and a section that counts one level out. Every
/// partial, parent tag and named partial (`{{>* key}}`) goes through a wrapper, so the count is the nesting;
/// past `limit` levels the wrapper's section finds no value and shows nothing, so the recursion ends, and the
/// rendering is an error (`TemplateSet.render(_:template:)`). Blocks do not go through wrappers: a block that
/// could show itself is refused when the templates are loaded (`TemplateRecursion.blockCycle(in:)`).
///
/// A wrapper adds nothing to the output: the section's value is `true`, which swift-mustache shows with the
/// same context, and the partial inside it is not standalone, so it keeps the indentation and the blocks of
/// the tag that named the template.
enum MustacheNesting {
    /// How many templates may nest, the outermost included: as many as the compiled renderer allows.
    static let limit = CompiledTemplate.maximumDepth + 1

    private static let bodyPrefix = "transcripts-internal/body/"
    private static let enterPrefix = "transcripts-enter-"
    private static let leaveKey = "transcripts-leave"

    /// The name the source of the template numbered `index` is registered under.
    static func body(_ index: Int) -> String { bodyPrefix + String(index) }

    /// What is registered under the name of the template numbered `index`.
    static func wrapper(_ index: Int) -> String {
        let enter = enterPrefix + String(index)
        return "{{#\(enter)}}{{>\(body(index))}}{{/\(enter)}}{{#\(leaveKey)}}{{/\(leaveKey)}}"
    }

    /// The count of one rendering, kept by its `TemplateRoot`, which answers the wrappers' sections with it
    /// (swift-mustache renders on one thread, from the outermost template in).
    final class Count: @unchecked Sendable {
        /// The templates' names by number.
        let names: [String]
        private(set) var depth = 0
        /// The template that would have nested one level too deep, the first time one did.
        private(set) var tooDeep: String?

        init(names: [String]) { self.names = names }

        /// The value of a wrapper's section named `key`; nil when `key` is no wrapper's.
        func answer(_ key: String) -> Any? {
            if key == MustacheNesting.leaveKey {
                depth -= 1
                return false
            }
            guard key.hasPrefix(MustacheNesting.enterPrefix), let index = Int(key.dropFirst(MustacheNesting.enterPrefix.count)),
                names.indices.contains(index)
            else { return nil }
            depth += 1
            guard depth <= MustacheNesting.limit else {
                if tooDeep == nil { tooDeep = names[index] }
                return false
            }
            return true
        }
    }
}
