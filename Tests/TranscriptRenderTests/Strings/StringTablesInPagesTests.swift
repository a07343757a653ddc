import Testing

@testable import TranscriptRender
@testable import TranscriptTemplates

/// The strings table as a page shows it.
@Suite struct StringTablesInPagesTests {
    @Test func templatesReadTheTableAsT() throws {
        var templates = try TemplateSet.builtIn()
        let page = IndexPage(
            site: SiteContext(siteTitle: "Archiv", pageTitle: "Archiv", lang: "de", root: ""), description: nil,
            conversations: [], hasConversations: false)
        templates.strings = try StringTables.table(language: "de").table
        let html = try templates.render(page, template: "index")
        #expect(html.contains(##"<a class="skip-link" href="#main">Zum Inhalt springen</a>"##))
        #expect(html.contains(#"<p class="empty">Noch keine Unterhaltungen. Lege Exporte in die Ordner, die inputs in transcripts.yml nennt.</p>"#))
        #expect(html.contains(#"<script type="application/json" id="transcripts-strings">{"lang":"de","lightMode":"Hell","#))
    }
}
