/// Makes pages that show message rows, as the month pages do: each page names the messages it shows, and the
/// renderer renders their rows with the month pages' (a batch of pages at a time, on all cores) and puts them
/// where the page's template shows `{{{messagesHTML}}}`.
///
/// Such a producer is asked before any row is rendered; the other producers are asked while the rows are
/// rendered. Its place in `SiteBuilder.conversationPageProducers` beside them is where it is listed: the list
/// begins with the month pages (`MonthPagesProducer`). The messages' links and search results lead to their
/// month pages, so a list without them is for a site without search whose pages make other links.
public protocol MessagePagesProducer: ConversationPageProducer {
    /// The pages of message rows this producer makes for `conversation`.
    func messagePages(of conversation: ConversationPages) throws -> [ProducedMessagePage]
}

extension MessagePagesProducer {
    /// None: a producer of pages of message rows makes no others unless it says so.
    public func pages(of conversation: ConversationPages) throws -> [ProducedPage] { [] }
}
