/// The conversation's month pages (`conversation`): each page of its plan, a month or a part of a long one
/// (`2024-05.html`, `2024-05-2.html`), with its messages' rows and links to its neighbours and the overview.
/// They are where the messages are: rows and search results link to them, and their rows give the search
/// index its documents. Each page's digest is that of all it shows (`PageDigests`), so a later build that changes
/// none of it takes the page over.
public struct MonthPagesProducer: MessagePagesProducer {
    public let name = "month pages"

    public init() {}

    public func messagePages(of conversation: ConversationPages) throws -> [ProducedMessagePage] {
        let frame = conversation.frame, plan = frame.plan, strings = conversation.strings, settings = conversation.settings
        let findBar = conversation.search.map { target in
            FindBar(settings: settings.findBar, conversation: target.number, senders: frame.senderNames)
        }
        // The heading of every month page holds the title cut to a few words (`ShownText`): a title of 100,000
        // letters laid out on each page took Chromium a fifth of its time; the overview page shows it whole.
        let title = ShownText.cut(frame.conversation.title)
        let kindLabel = ConversationRenderer.kindLabel(frame.conversation.kind, strings: strings)
        func link(_ number: Int) -> PageLink { PageLink(url: plan.pages[number].file, title: frame.labels[number]) }
        return plan.pages.indices.map { number in
            let page = plan.pages[number]
            var site = frame.site
            site.pageTitle = strings.text(
                "pageTitle", ["page": frame.conversation.title + " · " + frame.labels[number], "site": settings.title])
            let model = ConversationPage(
                site: site, title: title, kind: frame.conversation.kind.rawValue, kindLabel: kindLabel,
                participantNames: frame.participantNames, messageCount: frame.messages.count, messageCountText: frame.countText,
                firstDate: frame.firstDay, lastDate: frame.lastDay, pageLabel: frame.labels[number], pageMessageCount: page.range.count,
                previous: number > 0 ? link(number - 1) : nil, next: number + 1 < plan.pages.count ? link(number + 1) : nil,
                hasNeighbours: plan.pages.count > 1, overviewURL: "index.html", messagesHTML: "", feedURL: frame.feedURL,
                findBar: findBar, people: frame.personLinks)
            return ProducedMessagePage(
                file: page.file, template: "conversation", model: model, messages: page.range,
                digest: conversation.monthPageDigests.isEmpty ? nil : conversation.monthPageDigests[number])
        }
    }
}
