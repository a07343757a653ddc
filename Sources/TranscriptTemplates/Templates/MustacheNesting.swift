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
    private static let leavePrefix = "transcripts-leave-"

    /// The name the source of the template numbered `index` is registered under.
    static func body(_ index: Int) -> String { bodyPrefix + String(index) }

    /// What is registered under the name of the template numbered `index`.
    static func wrapper(_ index: Int) -> String {
        let enter = enterPrefix + String(index)
        let leave = leavePrefix + String(index)
        return "{{#\(enter)}}{{>\(body(index))}}{{/\(enter)}}{{#\(leave)}}{{/\(leave)}}"
    }

    /// The count of one rendering, kept by its `TemplateRoot`, which answers the wrappers' sections with it
    /// (swift-mustache renders on one thread, from the outermost template in). It counts, as the compiled
    /// renderer does, how deep templates nest and how often one is entered while the rendering is inside it
    /// already (`CompiledTemplate.maximumReentries`). After the first time either goes too far, no wrapper's
    /// section finds a value any more: the rendering ends at once instead of trying every other branch of a
    /// recursion.
    final class Count: @unchecked Sendable {
        /// The templates' names by number.
        let names: [String]
        /// How many times the rendering may enter a template it is inside already.
        let reentryLimit: Int
        private(set) var depth = 0
        private var reentries = 0
        /// How many times each template is being rendered, one inside the other.
        private var active: [Int]
        /// The template that would have nested one level too deep, the first time one did.
        private(set) var tooDeep: String?
        /// The template entered again one time more than `reentryLimit`.
        private(set) var tooManyReentries: String?

        /// A count for a rendering of `values` values (the rows of the rows template), each of which may enter
        /// templates it is inside `CompiledTemplate.maximumReentries` times, in all.
        init(names: [String], values: Int = 1) {
            self.names = names
            self.active = Array(repeating: 0, count: names.count)
            let (limit, overflow) = CompiledTemplate.maximumReentries.multipliedReportingOverflow(by: max(1, values))
            self.reentryLimit = overflow ? Int.max : limit
        }

        /// The value of a wrapper's section named `key`; nil when `key` is no wrapper's.
        func answer(_ key: String) -> Any? {
            if let index = Self.number(in: key, after: MustacheNesting.leavePrefix, below: names.count) {
                depth -= 1
                active[index] -= 1
                return false
            }
            guard let index = Self.number(in: key, after: MustacheNesting.enterPrefix, below: names.count) else { return nil }
            // Every enter is followed by its leave, whether its section is shown or not.
            depth += 1
            active[index] += 1
            guard tooDeep == nil, tooManyReentries == nil else { return false }
            guard depth <= MustacheNesting.limit else {
                tooDeep = names[index]
                return false
            }
            if active[index] > 1 {
                reentries += 1
                guard reentries <= reentryLimit else {
                    tooManyReentries = names[index]
                    return false
                }
            }
            return true
        }

        /// The number after `prefix` in `key`, when it is below `count`.
        private static func number(in key: String, after prefix: String, below count: Int) -> Int? {
            guard key.hasPrefix(prefix), let number = Int(key.dropFirst(prefix.count)), (0..<count).contains(number) else { return nil }
            return number
        }
    }
}
