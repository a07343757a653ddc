import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptSupport
@testable import TranscriptTemplates
@testable import TranscriptText

/// The template set with page models, message rows and whole sites: what the compiled renderer gives is what
/// swift-mustache gives, and a site's own templates take the built-in ones' places.
@Suite struct TemplateSetPageTests {
    @Test func aSiteTemplateOverridesTheBuiltInOneByName() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["index.mustache": "<p>{{site.siteTitle}}!</p>", "assets/transcripts.css": "body{}"], in: folder)
        let templates = try TemplateSet(overridesFolder: folder)
        #expect(templates.overridden == ["index", "assets/transcripts.css"])
        #expect(templates.assets["assets/transcripts.css"] == "body{}")
        let page = IndexPage(
            site: SiteContext(siteTitle: "A & B", pageTitle: "", lang: "en", root: ""), description: nil,
            conversations: [], hasConversations: false)
        #expect(try templates.render(page, template: "index") == "<p>A &amp; B!</p>")
    }

    @Test func combiningMarksCannotHideQuotesFromEscaping() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["index.mustache": "<p title=\"{{site.siteTitle}}\">{{site.siteTitle}}</p>"], in: folder)
        let templates = try TemplateSet(overridesFolder: folder)
        let title = "a\"\u{301} onmouseover=alert(1) x=\"\u{301}<\u{301}b>"
        let page = IndexPage(
            site: SiteContext(siteTitle: title, pageTitle: "", lang: "en", root: ""), description: nil,
            conversations: [], hasConversations: false)
        let html = try templates.render(page, template: "index")
        #expect(html == "<p title=\"a&quot;\u{301} onmouseover=alert(1) x=&quot;\u{301}&lt;\u{301}b&gt;\">a&quot;\u{301} onmouseover=alert(1) x=&quot;\u{301}&lt;\u{301}b&gt;</p>")
    }

    @Test func messagesRenderTheSameWithBothRenderers() throws {
        let site = try TestSupport.makeSite(conversations: ["chat.json": BuildFixtures.everyKind])
        let configuration = try SiteBuilder(options: BuildOptions(site: site)).loadConfiguration()
        let conversation = try CanonicalReader(defaultTimeZone: configuration.timeZone)
            .read(site.appendingPathComponent("conversations/chat.json"), displayPath: "chat.json")
        let templates = try TemplateSet.builtIn()
        let renderer = CommonMarkRenderer()
        let texts = conversation.messages.map { message in
            ConversationRenderer.text(of: message).map { renderer.render($0.source, format: $0.format) }
        }
        let indexByID = MessagePositions(conversation.messages)
        let builder = MessageRowBuilder(
            context: DisplayContext(conversation: conversation, configuration: configuration.displayConfiguration),
            delegate: DefaultDisplayDelegate(), texts: TextWindow(texts: texts), indexByID: indexByID,
            names: Dictionary(uniqueKeysWithValues: conversation.participants.map { ($0.id, $0.name) }))
        let rows = conversation.messages.indices.map { builder.row(at: $0).row }
        let fast = String(decoding: try templates.renderRows(rows), as: UTF8.self)
        #expect(fast == (try templates.renderRowsWithMustache(rows)))
        #expect(fast.contains("kind-location"))
        // The rows of a range, with each appearance once: the same rows, and the appearances of all of them.
        let (ranged, appearances) = builder.rows(conversation.messages.indices)
        #expect(String(decoding: try templates.renderRows(ranged), as: UTF8.self) == fast)
        let each = conversation.messages.indices.map { builder.row(at: $0).appearance }
        #expect(appearances == Dictionary(each.map { ($0.className, $0) }) { first, _ in first })
        #expect(Set(each.map(\.className)).count > 1)
    }

    /// The built-in templates all compile, so every page is rendered by the compiled renderer; a site built
    /// so (with every template compiled) and one built by swift-mustache (a template of the site's own that
    /// only swift-mustache can render keeps the whole set from compiling) are the same, file for file.
    @Test func wholeSitesAreTheSameWithBothRenderers() throws {
        #expect(try TemplateSet.builtIn().compiledPages != nil)
        let conversations = ["chat.json": BuildFixtures.everyKind]
        let fast = try TestSupport.makeSite(conversations: conversations, name: "compiled-pages")
        let reference = try TestSupport.makeSite(
            conversations: conversations, extra: ["Templates/unused.mustache": "{{=<% %>=}}<%x%>"], name: "mustache-pages")
        #expect(try TemplateSet(overridesFolder: reference.appendingPathComponent("Templates")).compiledPages == nil)
        let fastSummary = try SiteBuilder(options: BuildOptions(site: fast)).build()
        let summary = try SiteBuilder(options: BuildOptions(site: reference)).build()
        // The slower build says why, naming the template's file and line.
        #expect(fastSummary.slowerTemplates.isEmpty && !fastSummary.report.contains("templates:"))
        #expect(summary.slowerTemplates.map(\.template) == ["unused"])
        #expect(summary.slowerTemplates.first?.file.hasSuffix("Templates/unused.mustache") == true)
        #expect(summary.report.contains(
            "templates: every page rendered by swift-mustache, several times more slowly, since a template uses what the "
                + "compiled renderer does not cover: \(summary.slowerTemplates[0].file):1: changes its delimiters (docs/template-reference.md)"))
        let report = try #require(try JSONSerialization.jsonObject(with: summary.json) as? [String: Any])
        let slower = try #require(report["slowerTemplates"] as? [[String: Any]])
        #expect(slower.map { $0["reason"] as? String } == ["changes its delimiters"])
        #expect(slower.map { $0["line"] as? Int } == [1])
        let files = try FileManager.default.subpathsOfDirectory(atPath: fast.appendingPathComponent("public").path).sorted()
        #expect(files.contains("index.html") && files.contains("search.html"))
        for file in files {
            let one = FileManager.default.contents(atPath: fast.appendingPathComponent("public/" + file).path)
            let other = FileManager.default.contents(atPath: reference.appendingPathComponent("public/" + file).path)
            #expect(one == other, "\(file)")
        }
    }
}

/// Templates that include themselves without end, in a whole site's build and in the fuzzer's find: an error
/// that says so, not a crash.
@Suite struct TemplateRecursionInSitesTests {
    /// A partial of its own template inside a section whose name every value around has (so the section never
    /// ends): an error, not a crash.
    @Test func recursionThatNeverEndsIsAnError() throws {
        let templates = try TemplateSet(overridesFolder: nil, registered: ["partials/tree": "({{name}}{{#children}}{{> partials/tree}}{{/children}})"])
        let leaf = TemplateDictionary(["name": .text("b")])  // no children of its own: its parent's are found
        let root = TemplateDictionary(["name": .text("a"), "children": .list([leaf])])
        let compiled = try #require(templates.compiledPages)
        #expect(throws: CompiledTemplate.TooDeep.self) {
            try compiled.render("partials/tree", .object(root))
        }
        let site = try TestSupport.makeSite(
            conversations: ["chat.json": BuildFixtures.everyKind],
            extra: ["Templates/message.mustache": "{{#anchor}}{{> message}}{{/anchor}}\n"], name: "deep-message")
        #expect {
            _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        } throws: { error in
            "\(error)".contains("the template \"message\" nests partials more than 32 deep")
        }
    }

    /// A named partial (`{{>* key}}`) whose value names its own template, in a template only swift-mustache
    /// renders; and a site whose message template does so: errors, not crashes.
    @Test func aNamedPartialThatNeverEndsIsAnErrorInSwiftMustache() throws {
        let templates = try TemplateSet(overridesFolder: nil, registered: ["t": "{{=<% %>=}}[<%#yes%><%>*next%><%/yes%>]"])
        #expect(templates.compiledPages == nil)
        #expect(throws: TranscriptsError.self) {
            try templates.render(TemplateDictionary(["yes": .flag(true), "next": .text("t")]), template: "t")
        }
        #expect(try templates.render(TemplateDictionary(["yes": .flag(true), "next": .text("none")]), template: "t") == "[]")
        let site = try TestSupport.makeSite(
            conversations: ["chat.json": BuildFixtures.everyKind],
            extra: ["Templates/message.mustache": "{{=<% %>=}}<%#anchor%><%> message%><%/anchor%>\n"], name: "deep-mustache-message")
        #expect {
            _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        } throws: { error in
            "\(error)".contains("the template \"message\" nests partials more than 32 deep (at \"message\")")
        }
    }

    /// The fuzzer's find (the `Templates` target, eighth pass), kept as it was found: changed delimiters, then
    /// `<%#pinned%><%> message%><%/pinned%>` twice among bytes that are not UTF-8. Rendered as the fuzz target
    /// renders it (by swift-mustache), it ran for minutes: past the nesting limit, each level's other branches
    /// were still tried, 2³³ of them. Now the first time a rendering goes too deep ends it, with an error.
    @Test(.timeLimit(.minutes(1)))
    func theFuzzersTemplateThatRenderedForMinutesIsAnError() throws {
        let data = try Data(contentsOf: TestSupport.fixtures.appendingPathComponent("templates/fuzz-timeout-beed863f.mustache"))
        let templates = try TemplateSet(overridesFolder: nil, registered: ["message": String(decoding: data, as: UTF8.self)])
        #expect(templates.compiledPages == nil)
        let clock = ContinuousClock()
        let started = clock.now
        #expect {
            try templates.render(TemplateDictionary(["pinned": .flag(true), "text": .text("hi")]), template: "message")
        } throws: { error in
            "\(error)".contains("the template \"message\" nests partials more than 32 deep (at \"message\")")
        }
        #expect(clock.now - started < .seconds(5))
    }
}
