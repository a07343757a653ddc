import Foundation
import Mustache
import Testing
import TranscriptTestSupport

@testable import TranscriptSupport
@testable import TranscriptTemplates

@Suite struct TemplateSetTests {
    @Test func builtInTemplatesAreCompiledIn() throws {
        let templates = try TemplateSet.builtIn()
        for name in TemplateSet.requiredTemplates { #expect(templates.sources[name] != nil) }
        #expect(templates.assets["assets/transcripts.css"]?.contains(".bubble") == true)
        #expect(templates.compiledMessage != nil)
    }

    /// Every built-in script is served as its minified copy (`Templates/minified/`, scripts/minify-scripts.py), the
    /// line that names its source left out; a site's own script is served as it is written.
    @Test func scriptsAreServedMinifiedAndASiteScriptAsWritten() throws {
        let templates = try TemplateSet.builtIn()
        let scripts = try FileManager.default.contentsOfDirectory(
            atPath: TestSupport.packageFolder.appendingPathComponent("Templates/assets").path
        ).filter { $0.hasSuffix(".js") }.sorted()
        #expect(scripts.contains("search-core.js"))
        for name in scripts {
            let copy = try String(
                contentsOf: TestSupport.packageFolder.appendingPathComponent("Templates/minified/assets/\(name)"), encoding: .utf8)
            let lines = copy.split(separator: "\n", maxSplits: 1)
            #expect(lines[0].hasPrefix("// minified by scripts/minify-scripts.py from assets/\(name) (FNV-1a 64: "))
            #expect(templates.assets["assets/\(name)"] == String(lines[1]), "assets/\(name)")
            #expect(templates.assets["minified/assets/\(name)"] == nil)
        }
        let folder = try TestSupport.temporaryFolder()
        let mine = "// my own search\nwindow.mine = 1;\n"
        try TestSupport.write(["assets/search-core.js": mine], in: folder)
        #expect(try TemplateSet(overridesFolder: folder).assets["assets/search-core.js"] == mine)
    }

    @Test func theAssetVersionIsADigestOfTheBuiltInAssets() throws {
        #expect(TemplateSet.assetVersion.count == 8 && TemplateSet.assetVersion.allSatisfy(\.isHexDigit))
        var digest = FastDigest()
        for (path, contents) in EmbeddedTemplates.files.sorted(by: { $0.path < $1.path }) where path.hasPrefix("assets/") {
            digest.add(UInt64(path.utf8.count))
            digest.add(path)
            digest.add(contents)
        }
        #expect(TemplateSet.assetVersion == String(String(format: "%016llx", digest.value).prefix(8)))
    }

    @Test func aPartialThatDoesNotExistIsAnErrorNamingIt() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["message.mustache": "{{> partials/avatar}}"], in: folder)
        do {
            _ = try TemplateSet(overridesFolder: folder)
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.file?.hasSuffix("message.mustache") == true)
            #expect(error.message.contains("\"partials/avatar\", which does not exist"))
        }
    }

    @Test func renderingAnUnknownTemplateIsAnError() throws {
        #expect(throws: TranscriptsError(message: "the template \"nope\" does not exist")) {
            try TemplateSet.builtIn().render([String: String](), template: "nope")
        }
    }

    @Test func aSyntaxErrorNamesTheFileAndLine() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["conversation.mustache": "ok\n{{#open}}\nnever closed\n"], in: folder)
        do {
            _ = try TemplateSet(overridesFolder: folder)
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.file?.hasSuffix("conversation.mustache") == true)
            #expect(error.line != nil)
            #expect(error.message.hasPrefix("template syntax error"))
        }
    }

    /// The site's own templates, icons included, and those registered in code are checked when the set is made,
    /// before anything renders (swift-mustache parses the built-in ones only when it first renders).
    @Test func everyTemplateThatIsNotBuiltInIsCheckedUpFront() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["assets/icons/link.svg": "<svg>{{#open}}</svg>\n"], in: folder)
        do {
            _ = try TemplateSet(overridesFolder: folder)
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.file == folder.appendingPathComponent("assets/icons/link.svg").path)
            #expect(error.message.hasPrefix("template syntax error"))
        }
        #expect(throws: TranscriptsError.self) {
            try TemplateSet(overridesFolder: nil, registered: ["partials/kind-poll": "{{/never opened}}"])
        }
        // The built-in ones parse.
        #expect(try TemplateSet.builtIn().render(["rows": [String]()], template: "message").isEmpty == false)
    }
}

/// The compiled renderer must give exactly what swift-mustache gives.
@Suite struct CompiledTemplateTests {
    final class Object: TemplateObject {
        let values: [String: TemplateValue]
        init(values: [String: TemplateValue]) { self.values = values }
        func templateValue(for key: String) -> TemplateValue? { values[key] }
    }

    static let context = Object(values: [
        "name": .text("<Ann & \"Bo\"\u{301}>"), "yes": .flag(true), "no": .flag(false), "count": .number(3),
        "negative": .number(-1204), "zero": .number(0), "smallest": .number(Int.min), "largest": .number(Int.max),
        "empty": .list([]), "words": .texts(["a", "<b>"]), "html": .text("<b>bold</b>"),
        "items": .list([Object(values: ["label": .text("one")]), Object(values: ["label": .text("two"), "extra": .text("x")])]),
        "nested": .object(Object(values: ["inner": .object(Object(values: ["deep": .text("found")]))])),
    ])

    @Test(arguments: [
        "Hello {{name}}!", "{{{html}}} {{&html}} {{html}}", "{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}not{{/no}}",
        "{{count}} {{missing}}|", "{{negative}} {{zero}} {{smallest}} {{largest}}", "{{#items}}[{{label}}{{extra}}{{name}}]{{/items}}", "{{^empty}}none{{/empty}}",
        "{{nested.inner.deep}} {{#nested}}{{#inner}}{{deep}}{{/inner}}{{/nested}}",
        "<ul>\n  {{#items}}\n  <li>{{label}}</li>\n  {{/items}}\n</ul>\n", "a\n{{! comment }}\nb\n",
        "  {{#yes}}\n  indented\n  {{/yes}}\n", "{{#name}}[{{.}}]{{/name}}", "{{#words}}({{.}}){{/words}}",
        "x {{#yes}} inline {{/yes}} y\n", "{{> part}}\n", "  {{> part}}\nafter\n", "line\r\n{{#yes}}\r\nwin\r\n{{/yes}}\r\n",
    ])
    func matchesSwiftMustache(source: String) throws {
        let partial = "<i>{{name}}</i>\n"
        let compiled = try #require(CompiledPartials(sources: ["t": source, "part": partial], names: ["t"]))
        let fast = try compiled.render("t", .object(Self.context))
        var library = MustacheLibraryForTests()
        try library.register(TemplateSet.escapingPragma + source, named: "t")
        try library.register(TemplateSet.escapingPragma + partial, named: "part")
        #expect(fast == library.render(Self.context, "t"))
    }

    @Test(arguments: [
        ("{{=<% %>=}}", 1, "changes its delimiters"), ("x\n  {{<parent}}\n{{/parent}}\n", 2, "indents a standalone parent or block tag"),
        ("{{<parent}}{{/other}}", nil, "closes \"other\" where another section is open"),
        ("a\nb\n{{uppercase(name)}}", 3, "uses a transform or a name with a space (\"uppercase(name)\")"),
        ("{{#a}}", nil, "leaves the section \"a\" open"), ("{{/a}}", nil, "closes \"a\" where another section is open"),
        ("{{name\n}}", 1, "has a tag that goes on past the end of its line"),
    ] as [(String, Int?, String)])
    func leavesWhatItDoesNotCoverToSwiftMustacheAndSaysWhy(source: String, line: Int?, reason: String) {
        #expect(CompiledTemplate(source: source) == nil)
        #expect(CompiledTemplate.notCompiled(source) == CompiledTemplate.NotCompiled(line: line, reason: reason))
    }
}

/// swift-mustache's library, for comparisons.
struct MustacheLibraryForTests {
    var library = MustacheLibrary()
    mutating func register(_ source: String, named name: String) throws { try library.register(source, named: name) }
    func render(_ object: Any, _ name: String) -> String? { library.render(object, withTemplate: name) }
}

@Suite struct AnchoredNameTests {
    @Test func aLeadingDotLooksOnlyInTheCurrentValue() throws {
        let inner = CompiledTemplateTests.Object(values: ["a": .text("inner")])
        let outer = CompiledTemplateTests.Object(values: ["a": .text("outer"), "b": .text("outer b"), "inner": .object(inner)])
        let source = "{{#inner}}[{{a}}|{{b}}|{{.b}}|{{#.b}}leak{{/.b}}{{^.b}}none{{/.b}}]{{/inner}}"
        let compiled = try #require(CompiledPartials(sources: ["t": source], names: ["t"]))
        let fast = try compiled.render("t", .object(outer))
        #expect(fast == "[inner|outer b||none]")
        var library = MustacheLibraryForTests()
        try library.register(TemplateSet.escapingPragma + source, named: "t")
        #expect(library.render(outer, "t") == fast)
    }
}

/// Inheritance (`{{<parent}}` with `{{$block}}`s) in the compiled renderer gives what swift-mustache gives.
@Suite struct CompiledInheritanceTests {
    static let sources = [
        "base": "<h1>{{$title}}Default{{/title}}</h1>\n{{$body}}\nno body\n{{/body}}\n<p>{{$footer}}f{{/footer}}</p>\n",
        "middle": "{{<base}}\n{{$title}}Middle {{name}}{{/title}}\n{{$footer}}middle footer{{/footer}}\n{{/base}}\n",
        "uses-block": "[{{$title}}in a partial{{/title}}]",
        "page": "{{<base}}\nignored text\n{{$body}}\nBody of {{name}} {{> uses-block}}\n{{#items}}\n<li>{{label}}</li>\n{{/items}}\n{{/body}}\n{{/base}}\n",
        "deep": "{{<middle}}\n{{$title}}Deep wins{{/title}}\n{{/middle}}\n",
        "plain": "{{<base}}{{/base}}",
    ]

    @Test(arguments: ["page", "deep", "middle", "plain"])
    func matchesSwiftMustache(name: String) throws {
        let compiled = try #require(CompiledPartials(sources: Self.sources, names: [name]))
        let fast = try compiled.render(name, .object(CompiledTemplateTests.context))
        var library = MustacheLibraryForTests()
        for (source, text) in Self.sources { try library.register(TemplateSet.escapingPragma + text, named: source) }
        #expect(fast == library.render(CompiledTemplateTests.context, name))
        #expect(!fast.isEmpty)
    }

    @Test func theOutermostBlocksWinAndPartialsSeeThem() throws {
        let compiled = try #require(CompiledPartials(sources: Self.sources, names: ["deep", "page"]))
        let deep = try compiled.render("deep", .object(CompiledTemplateTests.context))
        #expect(deep.hasPrefix("<h1>Deep wins</h1>\n") && deep.contains("middle footer"))
        let page = try compiled.render("page", .object(CompiledTemplateTests.context))
        #expect(page.contains("[in a partial]") && !page.contains("ignored"))
    }

    @Test func anIndentedParentOrBlockIsLeftToSwiftMustache() {
        #expect(CompiledTemplate(source: "  {{<base}}\n{{/base}}\n") == nil)
        #expect(CompiledTemplate(source: "x\n  {{$b}}\n  y\n  {{/b}}\n") == nil)
        #expect(CompiledTemplate(source: "{{<base}}\n{{$b}}y{{/b}}\n{{/base}}\n") != nil)
    }
}

/// A template that includes itself with no section around it would recurse until the stack ran out (in either
/// renderer): it is an error that names the chain.
@Suite struct TemplateRecursionTests {
    func error(_ registered: [String: String]) -> String? {
        do {
            _ = try TemplateSet(overridesFolder: nil, registered: registered)
            return nil
        } catch let error as TranscriptsError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aTemplateThatIncludesItselfIsAnError() {
        #expect(error(["message": "<li>{{> message}}</li>\n"])?.contains("\"message\" includes itself without end (message → message)") == true)
        #expect(error(["page": "{{<page}}{{$main}}x{{/main}}{{/page}}"])?.contains("(page → page)") == true)
        #expect(error(["message": "{{> partials/a}}", "partials/a": "a {{> partials/b}}", "partials/b": "{{> partials/a}}"])?
            .contains("(partials/a → partials/b → partials/a)") == true)
    }

    /// The fuzzer's find (the `Templates` target, third pass): a search page given as the message template,
    /// whose `main` block held another `{{$main}}`; each showing of the block showed it again, until the stack
    /// ran out (in swift-mustache, and in the compiled renderer, which counted only partials). Showing a block is
    /// no partial, which swift-mustache's nesting limit counts, so a block that can show itself is refused inside
    /// a section too, and in templates only swift-mustache renders (changed delimiters).
    @Test func aBlockThatShowsItselfIsAnError() throws {
        let base = "<main>{{$main}}{{/main}}</main><h1>{{$title}}T{{/title}}</h1>"
        #expect(error(["base": base, "message": "{{<base}}\n{{$main}}\nx {{$main}}{{/main}}\n{{/main}}\n{{/base}}\n"])
            == "the block \"main\" can show itself without end ($main → $main): a block must not show itself, or a block that leads back to it, in or out of a section")
        #expect(error(["message": "{{$a}}one {{$a}}{{/a}}{{/a}}"])?.contains("($a → $a)") == true)
        #expect(error(["base": base, "message": "{{<base}}{{$main}}{{$title}}{{/title}}{{/main}}{{$title}}{{$main}}{{/main}}{{/title}}{{/base}}"])?
            .contains("($main → $title → $main)") == true)
        // In a section, and across templates: the base's title shows main, the message's main shows title.
        #expect(error(["base": base, "message": "{{<base}}{{$main}}[{{#name}}{{$main}}{{/main}}{{/name}}]{{/main}}{{/base}}"])?
            .contains("($main → $main)") == true)
        #expect(error(["base": "{{$title}}{{^name}}{{$main}}{{/main}}{{/name}}{{/title}}", "message": "{{<base}}{{$main}}{{$title}}{{/title}}{{/main}}{{/base}}"])?
            .contains("($main → $title → $main)") == true)
        #expect(error(["message": "{{=<% %>=}}<%$a%><%#name%><%$a%><%/a%><%/name%><%/a%>"])?.contains("($a → $a)") == true)
        // A block shown inside a partial or a parent tag of a block's content goes through a partial: allowed.
        #expect(error(["base": base, "message": "{{<base}}{{$main}}{{#name}}{{> partials/x}}{{/name}}{{/main}}{{/base}}", "partials/x": "{{$main}}{{/main}}"]) == nil)
    }

    /// Templates only swift-mustache renders (changed delimiters, a transform, an indented standalone block tag)
    /// nest at most as deep as the compiled renderer's: a tree of 33 levels (the outermost and 32 partials in
    /// it) is shown, one of 34 is an error, and a recursion that never ends (every value around has `children`,
    /// or a named partial names its own template) is an error, not a crash.
    @Test(arguments: [
        "{{=<% %>=}}(<%name%><%#children%><%> t%><%/children%>)",
        "({{lowercased(name)}}{{#children}}{{> t}}{{/children}})",
        "  {{$b}}\n  {{/b}}\n({{name}}{{#children}}{{> t}}{{/children}})",
        "({{name}}{{#children}}{{> t}}{{/children}})",
    ])
    func swiftMustacheNestsAsDeepAsTheCompiledRenderer(source: String) throws {
        let templates = try TemplateSet(overridesFolder: nil, registered: ["t": source, "b": ""])
        #expect((templates.compiledPages == nil) == !source.hasPrefix("({{name}}"))
        /// A chain of `levels` nested values, the innermost with no children.
        func tree(_ levels: Int) -> TemplateDictionary {
            var node = TemplateDictionary(["name": .text("n\(levels)"), "children": .list([])])
            for level in stride(from: levels - 1, through: 1, by: -1) {
                node = TemplateDictionary(["name": .text("n\(level)"), "children": .list([node])])
            }
            return node
        }
        let shown = try templates.render(tree(33), template: "t")
        // (The indented block's lines leave their whitespace in swift-mustache's output.)
        let levels = shown.filter { !$0.isWhitespace }
        #expect(levels == (1...33).map { "(n\($0)" }.joined() + String(repeating: ")", count: 33))
        let message = "the template \"t\" nests partials more than 32 deep (at \"t\"): a partial that leads back to its own template "
            + "keeps going while its section finds a value, and a name a value lacks is looked up in the values around it"
        #expect(throws: TranscriptsError(message: message)) { try templates.render(tree(34), template: "t") }
        // A leaf without `children` of its own finds its parent's: it never ends.
        let endless = TemplateDictionary(["name": .text("a"), "children": .list([TemplateDictionary(["name": .text("b")])])])
        #expect(throws: TranscriptsError(message: message)) { try templates.render(endless, template: "t") }
        // The same by the compiled renderer, where the set compiles.
        if let compiled = templates.compiledPages {
            #expect(try compiled.render("t", .object(tree(33))) == shown)
            #expect(throws: CompiledTemplate.TooDeep.self) {
                try compiled.render("t", .object(tree(34)))
            }
        }
    }

    /// A chain of `levels` nested values, the innermost with no children.
    static func chain(_ levels: Int) -> TemplateDictionary {
        var node = TemplateDictionary(["name": .text("n\(levels)"), "children": .list([])])
        for level in stride(from: levels - 1, through: 1, by: -1) {
            node = TemplateDictionary(["name": .text("n\(level)"), "children": .list([node])])
        }
        return node
    }

    /// A template that names its own template twice in a section, over a chain of 30 nested values, doubles its
    /// work at each level: 2³⁰ partials, hours of rendering, within the nesting limit. Past
    /// `CompiledTemplate.maximumReentries` times a template is entered inside itself, it stops with an error, in
    /// both renderers; work that grows with the values (a partial per value of a long list, a recursion over a
    /// wide tree) is no error.
    @Test(.timeLimit(.minutes(1)))
    func aTemplateWhoseWorkDoublesAtEachLevelIsAnError() throws {
        let message = "the template \"t\" enters a template it is already inside more than 100000 times to show one value (at \"t\"): "
            + "a partial that leads back to its own template twice or more in a section doubles the work at each level"
        for source in ["({{name}}{{#children}}{{> t}}{{> t}}{{/children}})", "{{=<% %>=}}(<%name%><%#children%><%> t%><%> t%><%/children%>)"] {
            let templates = try TemplateSet(overridesFolder: nil, registered: ["t": source])
            #expect(try templates.render(Self.chain(3), template: "t") == "(n1(n2(n3)(n3))(n2(n3)(n3)))")
            if let compiled = templates.compiledPages {
                #expect(try compiled.render("t", .object(Self.chain(3))) == "(n1(n2(n3)(n3))(n2(n3)(n3)))")
                #expect(throws: CompiledTemplate.TooManyReentries.self) { try compiled.render("t", .object(Self.chain(30))) }
            } else {
                // Only swift-mustache renders it (it takes seconds for 100,000 partials in a debug build).
                #expect(source.hasPrefix("{{="))
                #expect(throws: TranscriptsError(message: message)) { try templates.render(Self.chain(30), template: "t") }
            }
        }

        // 150,000 values in a list, one partial each: no error. A recursion over a tree of 100,001 values enters its
        // template again 100,000 times: no error; over one of 100,002 values, the error. (swift-mustache takes more
        // than a second for 100,000 partials in a debug build: it renders the largest case only.)
        func wide(_ count: Int) -> TemplateDictionary {
            TemplateDictionary(["children": .list(Array(repeating: TemplateDictionary(["children": .list([])]), count: count))])
        }
        let templates = try TemplateSet(
            overridesFolder: nil, registered: ["t": "{{#children}}{{> partials/x}}{{/children}}", "partials/x": "a", "tree": "{{#children}}{{> tree}}b{{/children}}"])
        let compiled = try #require(templates.compiledPages)
        #expect(try compiled.render("t", .object(wide(150_000))) == String(repeating: "a", count: 150_000))
        #expect(try compiled.render("tree", .object(wide(100_000))) == String(repeating: "b", count: 100_000))
        #expect(throws: CompiledTemplate.TooManyReentries.self) { try compiled.render("tree", .object(wide(100_001))) }
        #expect(try templates.render(wide(1_000), template: "t") == String(repeating: "a", count: 1_000))
        #expect(try templates.render(wide(1_000), template: "tree") == String(repeating: "b", count: 1_000))
        #expect(throws: TranscriptsError.self) { try templates.render(wide(100_001), template: "tree") }
    }

    /// A template only swift-mustache renders that includes itself outside every section: an error when loaded.
    @Test func anEndlessTemplateInChangedDelimitersIsAnErrorWhenLoaded() {
        #expect(error(["message": "{{=<% %>=}}<li><%> message%></li>\n"])?.contains("\"message\" includes itself without end (message → message)") == true)
        #expect(error(["message": "{{=| |=}}|#x|{{> message}}|/x||> message|"])?.contains("(message → message)") == true)
        #expect(error(["message": "{{=| |=}}|#x||={{ }}=|{{> message}}{{/x}}"]) == nil)
    }

    @Test func recursionInsideASectionIsAllowed() throws {
        let templates = try TemplateSet(overridesFolder: nil, registered: ["partials/tree": "({{name}}{{#children}}{{> partials/tree}}{{/children}})"])
        #expect(templates.compiledPages != nil)
        // A leaf says it has no children: a name it lacks would be looked up in the values around it.
        let leaf = TemplateDictionary(["name": .text("b"), "children": .list([])])
        let root = TemplateDictionary(["name": .text("a"), "children": .list([leaf, leaf])])
        let compiled = try #require(templates.compiledPages)
        #expect(try compiled.render("partials/tree", .object(root)) == "(a(b)(b))")
    }
}
