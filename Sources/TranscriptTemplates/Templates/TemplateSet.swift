import Foundation
import Mustache
import TranscriptModel
import TranscriptSupport

/// The templates and assets a site is rendered with: the built-in ones compiled into the binary, with any
/// file of the same name in the site's own `Templates/` folder taking its place.
///
/// A template's name is its path under `Templates/` without `.mustache` (`message`, `partials/header`);
/// an asset's name is its path (`assets/transcripts.css`). An icon, `assets/icons/NAME.svg`, is an asset and the
/// template `icons/NAME` too, which templates inline (`{{> icons/link}}`).
public struct TemplateSet: Sendable {
    /// The templates every site needs; each must exist after overrides are applied.
    public static let requiredTemplates = ["page", "index", "conversation", "timeline", "message"]
    /// The template that renders a list of rows with `message`, one after another (swift-mustache's way).
    package static let rowsTemplateName = "transcripts-internal/rows"
    /// The templates of the gallery pages' entries, compiled apart from whole pages (`compiledGallery`): a gallery
    /// page shows thousands of entries.
    package static let galleryEntryTemplates: Set<String> = [
        "partials/gallery-media", "partials/gallery-files", "partials/gallery-links",
    ]

    /// swift-mustache's templates, parsed when it first renders.
    private let mustache: MustacheTemplates
    /// Template sources by name.
    public private(set) var sources: [String: String]
    /// Asset files (everything that is not a template) by path.
    public private(set) var assets: [String: String]
    /// Which names came from the site's folder.
    public private(set) var overridden: Set<String>
    /// The site's own `strings/<name>.yml` files, by name (`StringTables` puts them over the built-in tables).
    public private(set) var stringOverrides: [String: StringFile]
    /// The words the templates show (`{{t.search}}` and the other keys of `strings/en.yml`): English until the
    /// site's table is set.
    public var strings: StringTable {
        get { stringsObject.table }
        set { stringsObject = StringsObject(newValue) }
    }
    /// The strings table as the templates read it (`t`), under every value rendered.
    package private(set) var stringsObject = StringsObject(StringTables.english)
    /// The `message` template and its partials compiled for speed; nil when they use features only
    /// swift-mustache has (then it renders them).
    package let compiledMessage: CompiledPartials?
    /// The gallery pages' entry templates (`galleryEntryTemplates`), compiled (nil when one uses what only
    /// swift-mustache has).
    package let compiledGallery: CompiledPartials?
    /// Every template compiled, for whole pages (nil when one uses what only swift-mustache has; then
    /// swift-mustache renders every page).
    let compiledPages: CompiledPartials?
    /// The templates the compiled renderer cannot render, in the order of their names: while there is one, every page
    /// is rendered by swift-mustache, several times more slowly (the build says so).
    public let slowerTemplates: [SlowerTemplate]

    /// A template that keeps pages from the compiled renderer: where it is and what in it does.
    public struct SlowerTemplate: Sendable, Equatable, Codable {
        /// The template's name (`message`, `partials/header`).
        public var template: String
        /// The file it was read from, or where it came from ("built-in template …").
        public var file: String
        /// The line of what the compiled renderer does not cover, when one line is to blame.
        public var line: Int?
        /// What the template uses, as a clause: "changes its delimiters".
        public var reason: String

        /// One line of the build's summary: `Templates/message.mustache:3: changes its delimiters`.
        public var text: String {
            "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)"
        }
    }

    /// Eight hex digits that change whenever a built-in asset does (with a new version of transcripts): the digest
    /// of every built-in asset's path and contents. Pages link to `assets/theme.js?v=…`, so that a browser holding
    /// a previous version's script or stylesheet asks for the new one instead of using its copy, which may not read
    /// the new pages or search index. A site's own assets leave it as it is, so that editing one rewrites the asset,
    /// not every page that links to it.
    public static let assetVersion: String = {
        var digest = FastDigest()
        for (path, contents) in EmbeddedTemplates.files.sorted(by: { $0.0 < $1.0 }) where path.hasPrefix("assets/") {
            digest.add(UInt64(path.utf8.count))
            digest.add(path)
            digest.add(contents)
        }
        let hex = String(digest.value, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(8))
    }()

    /// The built-in templates only.
    public static func builtIn() throws -> TemplateSet {
        try TemplateSet(overridesFolder: nil)
    }

    /// The built-in templates, then `registered` ones (by name), with the files of `overridesFolder` (when it
    /// exists) on top.
    public init(overridesFolder: URL?, registered: [String: String] = [:]) throws {
        var sources: [String: String] = [:]
        var assets: [String: String] = [:]
        var origin: [String: String] = [:]
        for (path, contents) in EmbeddedTemplates.files where !path.hasPrefix(StringTables.folder) {
            Self.add(path: path, contents: contents, sources: &sources, assets: &assets)
            origin[Self.name(ofPath: path)] = "built-in template " + path
        }
        let builtInSources = sources
        for name in registered.keys.sorted() {
            sources[name] = registered[name]!
            origin[name] = "the template registered in code for " + name
        }
        var overridden = Set<String>()
        var stringOverrides: [String: StringFile] = [:]
        if let folder = overridesFolder, FileManager.default.fileExists(atPath: folder.path) {
            for relative in try Self.files(in: folder) {
                let url = folder.appendingPathComponent(relative)
                let contents: String
                do {
                    contents = try String(contentsOf: url, encoding: .utf8)
                } catch {
                    throw TranscriptsError(file: url.path, message: "cannot read this template as UTF-8 text")
                }
                if relative.hasPrefix(StringTables.folder) {
                    if relative.hasSuffix(".yml") {
                        let name = String(relative.dropFirst(StringTables.folder.count).dropLast(4))
                        stringOverrides[name] = StringFile(name: name, origin: url.relativePathForDisplay, contents: contents)
                    }
                    continue
                }
                Self.add(path: relative, contents: contents, sources: &sources, assets: &assets)
                let name = Self.name(ofPath: relative)
                overridden.insert(name)
                origin[name] = url.path
                if let icon = Self.iconName(ofPath: relative) { origin[icon] = url.path }
            }
        }
        // swift-mustache gets the sources (and the rows' template) when it first renders; those that are not the
        // built-in ones (the site's own templates and icons, those registered in code) are parsed now, for their
        // syntax errors. The compiled renderer's are read on all cores.
        var withRows = sources
        withRows[Self.rowsTemplateName] = "{{#rows}}{{> message}}{{/rows}}"
        let mustache = try MustacheTemplates(
            sources: withRows, origin: origin, check: Set(withRows.keys.filter { withRows[$0] != builtInSources[$0] }))
        let sortedNames = sources.keys.sorted()
        let read = try sortedNames.map { ($0, sources[$0]!) }.concurrentMap { name, source in
            (outline: TemplateOutline(source: source), compiled: CompiledTemplate(source: source, name: name))
        }
        for required in Self.requiredTemplates where sources[required] == nil {
            throw TranscriptsError(message: "the template \"\(required)\" is missing")
        }
        for name in sources.keys.sorted() {
            for reference in Self.references(in: sources[name]!) where sources[reference] == nil {
                throw TranscriptsError(
                    file: origin[name],
                    message: "names the template \"\(reference)\", which does not exist (templates: \(sources.keys.sorted().joined(separator: ", ")))")
            }
        }
        let outlines = Dictionary(uniqueKeysWithValues: zip(sortedNames, read.map(\.outline)))
        if let cycle = TemplateRecursion.cycle(in: outlines) {
            throw TranscriptsError(
                file: origin[cycle[0]],
                message: "the template \"\(cycle[0])\" includes itself without end (\(cycle.joined(separator: " → "))): "
                    + "a partial or parent tag that leads back to its own template must be inside a section")
        }
        if let cycle = TemplateRecursion.blockCycle(in: outlines) {
            throw TranscriptsError(
                file: origin[cycle.template],
                message: "the block \"\(cycle.blocks[0])\" can show itself without end (\(cycle.blocks.map { "$" + $0 }.joined(separator: " → "))): "
                    + "a block must not show itself, or a block that leads back to it, in or out of a section")
        }
        self.mustache = mustache
        self.sources = sources
        self.assets = assets
        self.overridden = overridden
        self.stringOverrides = stringOverrides
        var compiled: [String: CompiledTemplate] = [:]
        for (name, template) in zip(sortedNames, read.map(\.compiled)) { compiled[name] = template }
        self.slowerTemplates = sortedNames.filter { compiled[$0] == nil }.compactMap { name in
            CompiledTemplate.notCompiled(sources[name]!).map { why in
                SlowerTemplate(template: name, file: origin[name] ?? name, line: why.line, reason: why.reason)
            }
        }
        self.compiledMessage = CompiledPartials(sources: sources, names: ["message"], compiled: compiled)
        self.compiledGallery = CompiledPartials(sources: sources, names: Self.galleryEntryTemplates, compiled: compiled)
        self.compiledPages = CompiledPartials(sources: sources, names: Set(sources.keys), compiled: compiled)
    }

    /// Renders a page model with the template `name`; an unknown name is an error that says which. Very long words
    /// of the page (a title, a name, a caption of 100,000 letters) get places to break (`LongWordBreaks`).
    public func render(_ model: some TemplateModel, template name: String) throws -> String {
        if let compiled = compiledPages, compiled.contains(name) {
            var output: [UInt8] = []
            try Self.guardingDepth(of: name) {
                try compiled.render(name, each: [.model(model)], base: .object(stringsObject), into: &output)
            }
            return LongWordBreaks.insert(in: String(decoding: output, as: UTF8.self))
        }
        return LongWordBreaks.insert(in: try renderWithMustache(model, template: name))
    }

    /// Renders a page model with swift-mustache: the reference the compiled renderer is tested against.
    func renderWithMustache(_ model: some TemplateModel, template name: String) throws -> String {
        try render(TemplateBox(model) as Any, template: name)
    }

    /// Renders `object` with the template `name` by swift-mustache; an unknown name is an error that says which,
    /// and so are templates nested more than `CompiledTemplate.maximumDepth` deep (`MustacheNesting`).
    public func render(_ object: Any, template name: String) throws -> String {
        try render(object, template: name, values: 1)
    }

    /// Renders `object`, which holds `values` values to show (rows), with the template `name` by swift-mustache.
    package func render(_ object: Any, template name: String, values: Int) throws -> String {
        let nesting = MustacheNesting.Count(names: mustache.names, values: values)
        guard let output = try mustache.get().render(TemplateRoot(object, strings: stringsObject, nesting: nesting), withTemplate: name) else {
            throw TranscriptsError(message: "the template \"\(name)\" does not exist")
        }
        let shownName = name == Self.rowsTemplateName ? "message" : name
        if let deep = nesting.tooDeep { throw Self.tooDeep(shownName, at: deep) }
        if let again = nesting.tooManyReentries { throw Self.tooManyReentries(shownName, at: again) }
        return output
    }

    /// Runs a compiled rendering of the template `name`, making partials nested too deep, or entered inside
    /// themselves too often, an error that says so.
    package static func guardingDepth(of name: String, _ render: () throws -> Void) throws {
        do {
            try render()
        } catch let error as CompiledTemplate.TooDeep {
            throw tooDeep(name, at: error.name)
        } catch let error as CompiledTemplate.TooManyReentries {
            throw tooManyReentries(name, at: error.name)
        }
    }

    /// The error of a rendering of the template `name` whose partials nested too deep, at `partial`.
    private static func tooDeep(_ name: String, at partial: String) -> TranscriptsError {
        TranscriptsError(
            message: "the template \"\(name)\" nests partials more than \(CompiledTemplate.maximumDepth) deep (at \"\(partial)\"): "
                + "a partial that leads back to its own template keeps going while its section finds a value, "
                + "and a name a value lacks is looked up in the values around it")
    }

    /// The error of a rendering of the template `name` that entered a template it was inside, `template`, too often.
    private static func tooManyReentries(_ name: String, at template: String) -> TranscriptsError {
        TranscriptsError(
            message: "the template \"\(name)\" enters a template it is already inside more than \(CompiledTemplate.maximumReentries) "
                + "times to show one value (at \"\(template)\"): a partial that leads back to its own template twice or more "
                + "in a section doubles the work at each level")
    }

    // MARK: - Escaping

    /// swift-mustache escapes by `Character`, so a `"` or `<` followed by a combining mark is one character
    /// that is not `"` and goes out unescaped: `title="{{name}}"` with the name `x"\u{301} onclick=…` would
    /// add an attribute. Every template therefore starts with a pragma that selects `HTMLEscaping`, which
    /// escapes by Unicode scalar, like the compiled renderer. (The pragma's line is standalone, so it
    /// leaves no trace in the output; error line numbers are shifted back by one.)
    static var escapingPragma: String {
        Self.registerEscaping
        return "{{% CONTENT_TYPE: transcripts-html}}\n"
    }

    private static let registerEscaping: Void = {
        MustacheContentTypes.register(ScalarHTMLEscaping(), named: "transcripts-html")
    }()

    private struct ScalarHTMLEscaping: MustacheContentType {
        func escapeText(_ text: String) -> String {
            var output = ""
            HTMLEscaping.append(text, to: &output)
            return output
        }
    }

    // MARK: - Loading

    private static func name(ofPath path: String) -> String {
        path.hasSuffix(".mustache") ? String(path.dropLast(".mustache".count)) : path
    }

    private static func add(path: String, contents: String, sources: inout [String: String], assets: inout [String: String]) {
        if path.hasSuffix(".mustache") {
            sources[name(ofPath: path)] = contents
        } else {
            assets[path] = contents
            if let icon = iconName(ofPath: path) {
                // An icon is inlined where a template names it, so it takes the text's colour and shows from
                // `file://` too (where a browser refuses `<use href>` and CSS masks of another file).
                sources[icon] = contents.trimmingCharacters(in: .newlines)
            }
        }
    }

    /// `assets/icons/NAME.svg` is also the partial `icons/NAME` (`{{> icons/link}}`).
    static func iconName(ofPath path: String) -> String? {
        guard path.hasPrefix(iconFolder), path.hasSuffix(".svg") else { return nil }
        let name = path.dropFirst(iconFolder.count).dropLast(".svg".count)
        return name.isEmpty || name.contains("/") ? nil : "icons/" + name
    }

    static let iconFolder = "assets/icons/"

    /// Regular files under `folder` (hidden ones skipped), as sorted relative paths.
    private static func files(in folder: URL) throws -> [String] {
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var result: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            result.append(String(path.dropFirst(base.count + 1)))
        }
        return result.sorted()
    }

    /// The names of the partials (`{{> name}}`) and parents (`{{< name}}`) a template uses.
    static func references(in source: String) -> [String] {
        var names: [String] = []
        var rest = source[...]
        while let open = TemplateDelimiter.range(of: "{{", in: rest) {
            rest = rest[open.upperBound...]
            guard let first = rest.first, first == ">" || first == "<" else { continue }
            guard let close = TemplateDelimiter.range(of: "}}", in: rest) else { break }
            let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !name.hasPrefix("*") { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }
}
