import TranscriptDisplay
import TranscriptModel
import TranscriptSearch
import TranscriptText

/// Renders one conversation's page: text through cmark, display decisions into rows, rows through the
/// `message` template and the page through `conversation`, working on all cores in chunks of messages.
package struct ConversationRenderer: Sendable {
    package let templates: TemplateSet
    package let configuration: RenderSettings
    package let delegate: any TranscriptDisplayDelegate
    /// Every minute's time of day in the site's locale, made once per build.
    let timesOfDay: [String]
    /// Renderers of custom kinds, by kind.
    package let customRenderers: [String: any CustomMessageRenderer]

    package init(
        templates: TemplateSet, configuration: RenderSettings, delegate: any TranscriptDisplayDelegate,
        customRenderers: [any CustomMessageRenderer] = []
    ) {
        self.templates = templates
        self.configuration = configuration
        self.delegate = delegate
        self.customRenderers = Dictionary(customRenderers.map { ($0.kind, $0) }) { _, last in last }
        self.timesOfDay = DateTexts.timesOfDay(locale: configuration.locale)
    }
    static let chunkSize = 512
    /// Stands for the messages while the page around them is rendered.
    static let messagesMarker = "\u{1}transcripts-messages\u{1}"

    package struct Output {
        /// How many pages were written (the month pages and the overview).
        package var pages: Int
        package var summary: ConversationSummary
        package var rowsRendered: Int
        package var warnings: [String]
        /// The conversation's share of the search index, when it is indexed.
        package var search: SearchConversationPart?
        /// Per month page (by file name), what a later build needs to take it over; empty unless asked for.
        package var pageMemos: [String: PageMemo] = [:]
        /// How many month pages were taken over from `previous` instead of rendered.
        package var pagesTakenOver = 0
    }

    /// How a conversation takes part in search: its number in the index and its folder.
    package struct SearchTarget: Sendable {
        package var number: Int
        package var folder: String

        package init(number: Int, folder: String) {
            self.number = number
            self.folder = folder
        }
    }

    /// Renders the page of `conversation`; `avatarImages` are participants' pictures, relative to the page.
    package func render(
        _ conversation: Conversation, file: String, url: String, root: String, avatarImages: [String: String] = [:],
        media: [Int: MessageMedia] = [:], search: SearchTarget? = nil, knownSearchPart: SearchConversationPart? = nil,
        memoizesPages: Bool = false,
        previous: PreviousRendering? = nil, messageDigests: [UInt64] = [],
        write: (_ file: String, _ parts: [String]) throws -> Void
    ) throws -> Output {
        let messages = conversation.messages
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(messages.count)
        for (index, message) in messages.enumerated() {
            if let first = indexByID[message.id] {
                throw TranscriptsError(
                    file: file, path: "messages[\(index)].id",
                    message: "the id \"\(message.id)\" is already used by messages[\(first)]; message ids must be unique")
            }
            indexByID[message.id] = index
        }
        var warnings: [String] = []
        var names: [String: String] = [:]
        for participant in conversation.participants { names[participant.id] = participant.name }
        let unknownSenders = Set(messages.compactMap(\.sender)).subtracting(names.keys)
        if !unknownSenders.isEmpty {
            warnings.append(
                "\(file): senders not listed among the participants, shown by id: \(unknownSenders.sorted().joined(separator: ", "))")
        }
        let missingReplies = messages.filter { $0.replyTo.map { indexByID[$0] == nil } ?? false }.count
        if missingReplies > 0 {
            warnings.append("\(file): \(missingReplies) repl\(missingReplies == 1 ? "y points" : "ies point") to messages not in the export")
        }


        let dates = DateTexts(timeZone: configuration.timeZone, locale: configuration.locale, timesOfDay: timesOfDay)
        let plan = PagePlan(messages: messages, dates: dates, pageSize: configuration.pageSize)
        let context = DisplayContext(conversation: conversation, configuration: configuration.display)
        let delegate = self.delegate
        let templates = self.templates
        let participantNamesByID = names
        let messageIndexByID = indexByID
        let timesOfDay = self.timesOfDay
        let threads = MessageRowBuilder.threads(of: messages)
        let customRenderers = self.customRenderers
        let pageFiles = plan.pageOfMessage.map { plan.pages[$0].file }
        let templateNames = Set(templates.sources.keys)

        let first = messages.min { $0.date < $1.date }
        let last = messages.max { $0.date < $1.date }
        let participantNames = ListFormatting.join(conversation.participants.map(\.name))
        let countText = messages.count == 1 ? "1 message" : "\(messages.count) messages"
        let site = SiteContext(
            siteTitle: configuration.title, pageTitle: conversation.title + " · " + configuration.title,
            lang: configuration.language, dir: configuration.isRightToLeft ? "rtl" : "ltr", root: root,
            hasSearch: configuration.hasSearch)
        let firstDay = first.map { dates.day($0.date) }
        let lastDay = last.map { dates.day($0.date) }
        let partsPerMonth = Dictionary(grouping: plan.pages) { "\($0.year) \($0.monthTitle)" }.mapValues(\.count)
        let labels = plan.pages.map { page in
            let parts = partsPerMonth["\(page.year) \(page.monthTitle)"] ?? 1
            return parts > 1 ? "\(page.monthTitle), part \(page.part) of \(parts)" : page.monthTitle
        }

        let feedURL = configuration.feeds ? "feed.xml" : nil
        var searchPart = search.map { SearchConversationPart(title: conversation.title, url: $0.folder) }
        searchPart?.pages = plan.pages.map { (String($0.file.dropLast(5)), $0.range.lowerBound) }
        let senderNames = Set(messages.compactMap { message -> String? in message.sender.map { names[$0] ?? $0 } })
        let findBar = search.map { target in
            FindBar(settings: configuration.findBar, conversation: target.number, senders: PeopleOrder.sorted(senderNames))
        }
        let extractor = SearchExtractor()
        // The messages' search documents and terms are made here, unless the caller knows them already.
        let indexing = search != nil && knownSearchPart == nil

        // Pages whose digest is the previous rendering's are taken over (when the search part to take is there).
        var pageDigests: [String] = []
        if memoizesPages || previous != nil {
            var whole = try ContentDigest.bytes(of: Conversation(
                id: conversation.id, title: conversation.title, kind: conversation.kind,
                participants: conversation.participants, messages: []))
            var frame = SHA256()
            frame.update("\(messages.count) \(firstDay ?? "-") \(lastDay ?? "-") \(feedURL ?? "-") \(plan.pages.count)")
            frame.update(search.map { "search \($0.number) \($0.folder)" } ?? "not indexed")
            for (id, image) in avatarImages.sorted(by: { $0.key < $1.key }) { frame.update(id + " " + image) }
            for name in PeopleOrder.sorted(senderNames) { frame.update(name) }
            whole += Array(frame.hexDigest.utf8)
            pageDigests = try PageDigests.make(.init(
                messages: messages, plan: plan, labels: labels, pageFiles: pageFiles, indexByID: indexByID,
                threads: threads, media: media, conversation: whole, messageDigests: messageDigests,
                decisions: delegate is DefaultDisplayDelegate
                    ? [] : try DisplayDecisions.digests(of: messages, delegate: delegate, context: context)))
        }
        var taken = PageReuse()
        if let previous, !indexing || previous.searchPart != nil {
            taken = try PageReuse(previous: previous, plan: plan, digests: pageDigests, indexing: indexing, messageCount: messages.count)
            searchPart?.postings = taken.postings
        }
        var pageMemos = taken.memos
        let takenOver = taken.pages
        var lookWarnings = taken.lookWarnings
        let takenDocuments = taken.documents

        // Plain text of the messages that replies on the pages rendered now quote, and of the newest one (for
        // the index), rendered up front: the pages themselves are rendered a batch at a time.
        var quotedIndexes = Set<Int>()
        for (number, page) in plan.pages.enumerated() where !takenOver.contains(number) {
            for index in page.range {
                if let target = messages[index].replyTo.flatMap({ indexByID[$0] }) { quotedIndexes.insert(target) }
            }
        }
        if !messages.isEmpty { quotedIndexes.insert(messages.count - 1) }
        let quotedList = quotedIndexes.sorted()
        let renderer = CommonMarkRenderer()
        let quotedTexts = try chunkRanges(count: quotedList.count, chunkSize: 1024).concurrentMap { chunk in
            chunk.map { position -> (Int, String) in
                let index = quotedList[position]
                return (index, Self.text(of: messages[index]).map { renderer.render($0.source, format: $0.format).plainText } ?? "")
            }
        }.flatMap { $0 }
        let quoted = Dictionary(quotedTexts) { first, _ in first }

        // Whole pages are rendered a batch at a time (about 8,000 messages, pages next to each other), on all
        // cores, and written at once: memory follows the batch, not the conversation.
        var batches: [[Int]] = []
        var batchSize = 0
        var lastPage = -2
        for (number, page) in plan.pages.enumerated() where !takenOver.contains(number) {
            if batches.isEmpty || batchSize >= 8192 || number != lastPage + 1 {
                batches.append([])
                batchSize = 0
            }
            batches[batches.count - 1].append(number)
            batchSize += page.range.count
            lastPage = number
        }
        var rowsRendered = takenOver.reduce(0) { $0 + plan.pages[$1].range.count }
        var allLooks: [String: MessageAppearance] = [:]
        var renderedChunks: [SearchConversationPart.Chunk] = []
        for batch in batches {
            let window = plan.pages[batch[0]].range.lowerBound..<plan.pages[batch[batch.count - 1]].range.upperBound
            // Work comes in chunks that never straddle two pages.
            let chunks = batch.flatMap { number in
                let page = plan.pages[number]
                return chunkRanges(count: page.range.count, chunkSize: Self.chunkSize).map {
                    (page: number, range: (page.range.lowerBound + $0.lowerBound)..<(page.range.lowerBound + $0.upperBound))
                }
            }
            let rendered = try chunks.map(\.range).concurrentMap { chunk in
                chunk.map { index in
                    Self.text(of: messages[index]).map { renderer.render($0.source, format: $0.format, wantsPlainText: indexing) }
                }
            }.flatMap { $0 }
            let texts = TextWindow(offset: window.lowerBound, texts: rendered, quoted: quoted)
            let pieces = try chunks.map(\.range).concurrentMap { chunk in
                let builder = MessageRowBuilder(
                    context: context, delegate: delegate, texts: texts, indexByID: messageIndexByID,
                    names: participantNamesByID, avatarImages: avatarImages, media: media,
                    templateNames: templateNames, root: root, threads: threads,
                    customRenderers: customRenderers, pageFiles: pageFiles, timesOfDay: timesOfDay)
                let built = chunk.map { builder.row(at: $0) }
                var looks: [String: MessageAppearance] = [:]
                for (_, look) in built where looks[look.className] == nil { looks[look.className] = look }
                let extracted: SearchConversationPart.Chunk? = indexing ? SearchConversationPart.Chunk(offset: chunk.lowerBound, chunk.map { index in
                    let message = messages[index]
                    return extractor.extract(
                        message, plainText: texts[index]?.plainText, textHasLink: texts[index].map { SearchExtractor.holdsLink($0.html) } ?? false,
                        senderName: message.sender.map { participantNamesByID[$0] ?? $0 },
                        page: String(pageFiles[index].dropLast(5)), anchor: built[index - chunk.lowerBound].row.anchor)
                }) : nil
                return (try templates.renderRows(built.map(\.row)), built.count, looks, extracted)
            }
            rowsRendered += pieces.reduce(0) { $0 + $1.1 }
            for piece in pieces { if let chunk = piece.3 { renderedChunks.append(chunk) } }
            // Group the pieces by page, then render the pages' frames on all cores and write them in order.
            var piecesByPage: [Int: [(String, Int, [String: MessageAppearance])]] = [:]
            for (chunk, piece) in zip(chunks, pieces) { piecesByPage[chunk.page, default: []].append((piece.0, piece.1, piece.2)) }
            let grouped = piecesByPage
            let pages = try batch.concurrentMap { number -> (file: String, parts: [String], looks: [String: MessageAppearance]) in
                let page = plan.pages[number]
                let pagePieces = grouped[number] ?? []
                let pageLooks = pagePieces.reduce(into: [String: MessageAppearance]()) { $0.merge($1.2) { first, _ in first } }
                var pageSite = site
                pageSite.pageTitle = conversation.title + " · " + labels[number] + " · " + configuration.title
                let model = ConversationPage(
                    site: pageSite, title: conversation.title, kind: conversation.kind.rawValue,
                    kindLabel: Self.kindLabel(conversation.kind), participantNames: participantNames,
                    messageCount: messages.count, messageCountText: countText,
                    firstDate: firstDay, lastDate: lastDay,
                    pageLabel: labels[number], pageMessageCount: page.range.count,
                    previous: number > 0 ? PageLink(url: plan.pages[number - 1].file, title: labels[number - 1]) : nil,
                    next: number + 1 < plan.pages.count ? PageLink(url: plan.pages[number + 1].file, title: labels[number + 1]) : nil,
                    hasNeighbours: plan.pages.count > 1, overviewURL: "index.html",
                    looks: pageLooks.values.sorted { $0.className < $1.className }.map(AppearanceRule.init),
                    messagesHTML: Self.messagesMarker, feedURL: feedURL, findBar: findBar)
                // The page is rendered around a marker, and the messages are written in its place: a big
                // page's HTML is never copied into one string.
                let frame = try templates.render(model, template: "conversation")
                let marker = frame.ranges(of: Self.messagesMarker)
                guard marker.count == 1 else {
                    throw TranscriptsError(
                        message: "the conversation template must show the messages exactly once with {{{messagesHTML}}} (found \(marker.count) times)")
                }
                return (page.file, [String(frame[..<marker[0].lowerBound])] + pagePieces.map(\.0) + [String(frame[marker[0].upperBound...])], pageLooks)
            }
            for (number, page) in zip(batch, pages) {
                allLooks.merge(page.looks) { first, _ in first }
                try write(page.file, page.parts)
                if !pageDigests.isEmpty {
                    pageMemos[page.file] = PageMemo(digest: pageDigests[number], looks: page.looks.mapValues(\.contrastWarnings))
                }
            }
        }
        for look in allLooks.values { lookWarnings[look.className] = look.contrastWarnings }
        for className in lookWarnings.keys.sorted() {
            warnings += lookWarnings[className]!.map { "\(file): \($0)" }
        }
        if indexing {
            searchPart?.assemble(count: messages.count, chunks: renderedChunks, taken: takenDocuments)
        } else if search != nil, let knownSearchPart {
            searchPart = knownSearchPart
        }
        let overview = ConversationOverview(
            site: site, title: conversation.title, kindLabel: Self.kindLabel(conversation.kind),
            participantNames: participantNames, messageCountText: countText,
            firstDate: first.map { dates.day($0.date) }, lastDate: last.map { dates.day($0.date) },
            years: Array(Set(plan.pages.map(\.year))).sorted().map { year in
                YearLinks(year: String(year), pages: plan.pages.indices.filter { plan.pages[$0].year == year }.map { number in
                    let page = plan.pages[number]
                    return PageLink(url: page.file, title: labels[number],
                                    count: page.range.count == 1 ? "1 message" : "\(page.range.count) messages")
                })
            },
            latest: plan.pages.last.map { PageLink(url: $0.file, title: labels[plan.pages.count - 1]) },
            feedURL: feedURL)
        try write("index.html", [try templates.render(overview, template: "timeline")])
        if configuration.feeds {
            let feed = feed(of: conversation, newest: last?.date, names: names, dates: dates, pageFiles: pageFiles, renderer: renderer)
            try write("feed.xml", [try templates.render(feed, template: "feed")])
        }

        let newest = messages.last
        let summary = ConversationSummary(
            title: conversation.title,
            url: url,
            kindLabel: Self.kindLabel(conversation.kind),
            participantNames: participantNames,
            participantCount: conversation.participants.count,
            messageCount: messages.count,
            messageCountText: countText,
            firstDate: first.map { dates.day($0.date) },
            firstISO: first.map { dates.iso($0.date) },
            lastDate: last.map { dates.day($0.date) },
            lastISO: last.map { dates.iso($0.date) },
            lastMessage: newest.map { message in
                LastMessage(
                    senderName: message.sender.map { names[$0] ?? $0 },
                    snippet: Snippet.make(quoted[messages.count - 1], kind: message.kind))
            })
        return Output(
            pages: plan.pages.count + 1, summary: summary, rowsRendered: rowsRendered, warnings: warnings, search: searchPart,
            pageMemos: memoizesPages ? pageMemos : [:], pagesTakenOver: takenOver.count)
    }

    /// The Atom feed of the newest `feedSize` messages, newest first.
    private func feed(
        of conversation: Conversation, newest: Timestamp?, names: [String: String], dates: DateTexts, pageFiles: [String],
        renderer: CommonMarkRenderer
    ) -> ConversationFeed {
        let messages = conversation.messages
        let clean = ConversationFeed.xmlText
        let entries = messages.indices.suffix(configuration.feedSize).reversed().map { index -> FeedEntry in
            let message = messages[index]
            let text = Self.text(of: message).map { renderer.render($0.source, format: $0.format) }
            let author = message.sender.map { names[$0] ?? $0 }
            let snippet = Snippet.make(text?.plainText, kind: message.kind)
            return FeedEntry(
                id: ConversationFeed.urn([conversation.id, message.id]),
                title: clean(author.map { $0 + ": " + snippet } ?? snippet),
                url: pageFiles[index] + "#" + Anchor.forMessage(id: message.id),
                published: dates.iso(message.date),
                updated: dates.iso(message.edited ?? message.date),
                authorName: author.map(clean),
                bodyHTML: text.map { clean($0.html) },
                summary: clean(MessageDetails.label(for: message.kind)))
        }
        return ConversationFeed(
            id: ConversationFeed.urn([conversation.id]),
            title: clean(conversation.title),
            subtitle: clean("The newest messages of " + conversation.title + " · " + configuration.title),
            updated: newest.map { dates.iso($0) } ?? "1970-01-01T00:00:00Z",
            overviewURL: "index.html",
            entries: entries)
    }

    /// The text of a message that goes through cmark, and how it is written.
    package static func text(of message: Message) -> (source: String, format: TextFormat)? {
        switch message.kind {
        case .text(let text): (text, .plain)
        case .markdown(let text): (text, .markdown)
        case .photo(let media), .video(let media), .audio(let media), .voice(let media), .file(let media),
            .sticker(let media):
            media.caption.map { ($0, .plain) }
        case .linkPreview(let preview): (preview.text ?? preview.url, .plain)
        case .system(let event): (event.text, .plain)
        case .location, .contact, .poll, .custom, .unsupported: nil
        }
    }

    static func kindLabel(_ kind: ConversationKind) -> String {
        switch kind {
        case .direct: "Direct chat"
        case .group: "Group chat"
        case .channel: "Channel"
        }
    }
}
