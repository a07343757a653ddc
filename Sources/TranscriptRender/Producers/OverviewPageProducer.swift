/// The conversation's overview, `index.html` (`timeline`): its months by year, its charts and statistics, links to
/// its gallery's sections, its books and its people.
public struct OverviewPageProducer: ConversationPageProducer {
    public let name = "overview"

    public init() {}

    public func pages(of conversation: ConversationPages) throws -> [ProducedPage] {
        [ProducedPage(
            file: "index.html", template: "timeline",
            model: conversation.renderer.overview(
                of: conversation.frame, activity: conversation.activity, gallery: conversation.galleryLinks))]
    }
}
