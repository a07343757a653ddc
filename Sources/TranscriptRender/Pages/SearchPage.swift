import TranscriptTemplates

/// The search page, `search.html`: the form and the results are made by `assets/search.js` from the index.
public struct SearchPage: Sendable, TemplateModel {
    public var site: SiteContext

    package init(site: SiteContext) {
        self.site = site
    }
}
