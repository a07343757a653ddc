import TranscriptModel
import TranscriptText

extension ConversationRenderer {
    /// The conversation's overview page (`timeline`): its months by year, each linking to its page, with the
    /// charts and statistics of `activity` and links to the `gallery` sections.
    func overview(of frame: ConversationFrame, activity: OverviewActivity? = nil, gallery: [GalleryLink] = []) -> ConversationOverview {
        let plan = frame.plan
        return ConversationOverview(
            site: frame.site, title: frame.conversation.title, kindLabel: Self.kindLabel(frame.conversation.kind, strings: strings),
            participantNames: frame.participantNames, messageCountText: frame.countText,
            firstDate: frame.firstDay, lastDate: frame.lastDay,
            years: Array(Set(plan.pages.map(\.year))).sorted().map { year in
                YearLinks(year: String(year), pages: plan.pages.indices.filter { plan.pages[$0].year == year }.map { number in
                    let page = plan.pages[number]
                    return PageLink(url: page.file, title: frame.labels[number],
                                    count: strings.plural("messageCount", count: page.range.count))
                })
            },
            latest: plan.pages.last.map { PageLink(url: $0.file, title: frame.labels[plan.pages.count - 1]) },
            feedURL: frame.feedURL, activity: activity, gallery: gallery,
            books: configuration.books.contains(frame.conversation.id)
                ? configuration.bookFiles.map { PageLink(url: $0, title: strings.text($0.hasSuffix(".pdf") ? "bookPDF" : "bookEPUB")) } : [],
            people: frame.personLinks)
    }

    /// The Atom feed of the newest `feedSize` messages, newest first.
    func feed(of frame: ConversationFrame) -> ConversationFeed {
        let conversation = frame.conversation
        let messages = conversation.messages
        let renderer = CommonMarkRenderer()
        let dates = makeDateTexts(for: frame)
        let clean = ConversationFeed.xmlText
        let entries = messages.indices.suffix(configuration.feedSize).reversed().map { index -> FeedEntry in
            let message = messages[index]
            let text = Self.text(of: message).map { renderer.render($0.source, format: $0.format) }
            let author = message.sender.map { frame.name(of: $0) }
            let snippet = Snippet.make(text?.plainText, kind: message.kind, strings: strings)
            return FeedEntry(
                id: ConversationFeed.urn([frame.publicID, message.id]),
                title: clean(author.map { $0 + ": " + snippet } ?? snippet),
                url: frame.pageFiles[index] + "#" + Anchor.forMessage(id: message.id),
                published: dates.iso(message.date),
                updated: dates.iso(message.edited ?? message.date),
                authorName: author.map(clean),
                bodyHTML: text.map { clean($0.html) },
                summary: clean(MessageDetails.label(for: message.kind, strings: strings)))
        }
        return ConversationFeed(
            id: ConversationFeed.urn([frame.publicID]),
            title: clean(conversation.title),
            subtitle: clean(strings.text("feedSubtitle", ["conversation": conversation.title, "site": configuration.title])),
            updated: frame.lastDate.map { dates.iso($0) } ?? "1970-01-01T00:00:00Z",
            overviewURL: "index.html",
            entries: entries)
    }

    /// The conversation's line on the site's index: its counts, its span and its newest message.
    func summary(of frame: ConversationFrame, url: String) -> ConversationSummary {
        let conversation = frame.conversation
        let dates = makeDateTexts(for: frame)
        return ConversationSummary(
            title: conversation.title,
            url: url,
            kindLabel: Self.kindLabel(conversation.kind, strings: strings),
            participantNames: frame.participantNames,
            participantCount: conversation.participants.count,
            messageCount: conversation.messages.count,
            messageCountText: frame.countText,
            firstDate: frame.firstDay,
            firstISO: frame.firstDate.map { dates.iso($0) },
            lastDate: frame.lastDay,
            lastISO: frame.lastDate.map { dates.iso($0) },
            lastMessage: conversation.messages.last.map { message in
                let text = Self.text(of: message).map { CommonMarkRenderer().render($0.source, format: $0.format).plainText }
                return LastMessage(
                    senderName: message.sender.map { frame.name(of: $0) },
                    snippet: Snippet.make(text ?? "", kind: message.kind, strings: strings))
            })
    }
}
