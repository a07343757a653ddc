import Foundation
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

    /// A page's strings block holds every script's words; a conversation page's (`conversation.mustache`, tested with
    /// the site's pages) only those of the scripts every page loads.
    @Test func pagesCarryEveryScriptsWords() throws {
        var templates = try TemplateSet.builtIn()
        templates.strings = try StringTables.table(language: "de").table
        let site = SiteContext(siteTitle: "Archiv", pageTitle: "Archiv", lang: "de", root: "")
        func keys(_ html: String) throws -> [String] {
            let start = try #require(html.range(of: #"<script type="application/json" id="transcripts-strings">"#))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
            return try #require(object as? [String: Any]).keys.sorted()
        }
        let index = try templates.render(
            IndexPage(site: site, description: nil, conversations: [], hasConversations: false), template: "index")
        #expect(try keys(index) == (["lang"] + StringsObject.scriptKeys).sorted())
        let search = try templates.render(SearchPage(site: site), template: "search")
        #expect(try keys(search) == (["lang"] + StringsObject.scriptKeys).sorted())
        #expect(Set(StringsObject.pageScriptKeys).isSubset(of: StringsObject.scriptKeys))
    }
}
