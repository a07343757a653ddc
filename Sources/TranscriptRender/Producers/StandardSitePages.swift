/// The site's index, `index.html` (`index`): its description and every conversation, the most recently active first.
public struct IndexPageProducer: SitePageProducer {
    public let name = "index"

    public init() {}

    public func pages(of site: SitePages) throws -> [ProducedPage] {
        [ProducedPage(
            file: "index.html", template: "index",
            model: IndexPage(
                site: site.site, description: site.description, conversations: site.conversations,
                hasConversations: !site.conversations.isEmpty, peopleURL: site.hasPeoplePages ? "people/index.html" : nil))]
    }
}

/// The search page, `search.html` (`search`), when the site has search.
public struct SearchPageProducer: SitePageProducer {
    public let name = "search"

    public init() {}

    public func pages(of site: SitePages) throws -> [ProducedPage] {
        guard site.site.hasSearch else { return [] }
        var searchSite = site.site
        searchSite.pageTitle = site.strings.text("pageTitle", ["page": site.strings.text("search"), "site": site.site.siteTitle])
        return [ProducedPage(file: "search.html", template: "search", model: SearchPage(site: searchSite))]
    }
}

extension SitePages {
    /// The standard pages that show every conversation: the search page and the index.
    public static let standardProducers: [any SitePageProducer] = [SearchPageProducer(), IndexPageProducer()]
}
