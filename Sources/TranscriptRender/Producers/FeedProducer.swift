/// The conversation's Atom feed, `feed.xml` (`feed`): its newest messages, when the site has feeds.
public struct FeedProducer: ConversationPageProducer {
    public let name = "feed"

    public init() {}

    public func pages(of conversation: ConversationPages) throws -> [ProducedPage] {
        guard conversation.settings.feeds else { return [] }
        return [ProducedPage(
            file: "feed.xml", template: "feed", model: conversation.renderer.feed(of: conversation.frame), countsAsPage: false)]
    }
}
