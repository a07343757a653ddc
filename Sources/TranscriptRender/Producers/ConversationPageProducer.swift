/// Makes some of a conversation's files from the conversation as its month pages see it: the overview, the
/// gallery, the feed, or a page of a site's own. A renderer asks its producers in order, once per conversation it
/// renders, while the rows of its pages of message rows are rendered (a `MessagePagesProducer`'s, such as the
/// month pages, asked for before); their files go in the conversation's folder.
///
/// Add one to `SiteBuilder.conversationPageProducers` (and its template to the site's `templates/`) to give every
/// conversation another page.
public protocol ConversationPageProducer: Sendable {
    /// Names the producer in errors.
    var name: String { get }

    /// The files this producer makes for `conversation` (none when it has nothing to show).
    func pages(of conversation: ConversationPages) throws -> [ProducedPage]
}

/// A site's pages that show every conversation (the index, the search page), made once per build after every
/// conversation is rendered: their files go at the site's root.
///
/// Add one to `SiteBuilder.sitePageProducers` to give the site another page.
public protocol SitePageProducer: Sendable {
    /// Names the producer in errors.
    var name: String { get }

    /// The files this producer makes for `site`.
    func pages(of site: SitePages) throws -> [ProducedPage]
}
