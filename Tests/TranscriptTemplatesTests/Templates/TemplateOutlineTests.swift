import Testing

@testable import TranscriptTemplates

/// The outline reads the tags swift-mustache reads, in the delimiters it uses, so that the recursion checks see
/// templates the compiled renderer does not compile.
@Suite struct TemplateOutlineTests {
    /// The outline as text: `#(…)` a section, `>name` a partial (`>*` a named one), `<name[$block(…)]` a parent
    /// with the blocks it gives, `$name(…)` a block.
    static func describe(_ nodes: [TemplateOutline.Node]) -> String {
        nodes.map { node in
            switch node {
            case .section(let body): "#(\(describe(body)))"
            case .partial(let name): ">" + (name ?? "*")
            case .parent(let name, let blocks): "<" + (name ?? "*") + "[" + blocks.map { "$\($0.name)(\(describe($0.body)))" }.joined(separator: " ") + "]"
            case .block(let name, let body): "$\(name)(\(describe(body)))"
            }
        }.joined(separator: " ")
    }

    @Test(arguments: [
        ("plain {{x}} {{{y}}} {{&z}} {{! a comment }}", ""),
        ("{{#a}}{{> p}}{{^b}}{{>* key}}{{/b}}{{/a}}{{> q}}", "#(>p #(>*)) >q"),
        ("{{<base}}\n{{$main}}{{$title}}{{/title}}{{/main}}\n{{/base}}", "<base[$main($title())]"),
        // Changed delimiters: the old ones are text; a comment may span lines.
        ("{{=<% %>=}}<%> a%>{{> not-a-tag}}<%!\n  note\n%><%$b%><%#x%><%$b%><%/b%><%/x%><%/b%>", ">a $b(#($b()))"),
        // swift-mustache keeps delimiters per section: after the section the old ones hold again.
        ("{{#s}}{{=| |=}}|> in||/s|{{> out}}", "#(>in) >out"),
        ("{{#upper(name)}}{{> p}}{{/upper(name)}}  {{<b}}\n  {{/b}}\n", "#(>p) <b[]"),
        // A brace followed by a combining mark is no brace to swift-mustache.
        ("{{\u{301}> p}}{{> q}}", ">q"),
    ])
    func outlinesTheTagsSwiftMustacheReads(source: String, outline: String) {
        #expect(Self.describe(TemplateOutline(source: source).nodes) == outline)
    }

    /// What the outline relies on: swift-mustache keeps changed delimiters until the end of their section.
    @Test func swiftMustacheKeepsDelimitersPerSection() throws {
        var library = MustacheLibraryForTests()
        try library.register("{{#s}}{{=| |=}}[|x|{{x}}]|/s|{{x}}|x|", named: "t")
        #expect(library.render(["s": true, "x": "v"], "t") == "[v{{x}}]v|x|")
    }
}
