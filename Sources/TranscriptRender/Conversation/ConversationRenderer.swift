import Crypto
import TranscriptDisplay
import TranscriptModel
import TranscriptSearch
import TranscriptSupport
import TranscriptTemplates
import TranscriptText

/// Renders one conversation into the files its page producers ask for (`ConversationPages.standardProducers`).
/// The pages of message rows are asked for first (by default its month pages, `conversation`): the texts through
/// cmark, display decisions into rows, rows through the `message` template, working on all cores in chunks of
/// messages, each page's frame rendered around them. Meanwhile its other files: by default its gallery pages
/// (`gallery`), its overview with its charts (`timeline`) and its feed (`feed`). The steps are in the files
/// `ConversationRenderer+…`.
package struct ConversationRenderer: Sendable {
    package let templates: TemplateSet
    package let configuration: RenderSettings
    package let delegate: any TranscriptDisplayDelegate
    /// Every minute's time of day in the site's locale, made once per build on a thread of its own (1,440 times
    /// formatted, while the build reads its exports).
    private let timesOfDayWork: BackgroundWork<[String]>
    /// Renderers of custom kinds, by kind.
    package let customRenderers: [String: any CustomMessageRenderer]
    /// What makes the conversation's files, in order (`ConversationPages.standardProducers`, the month pages first,
    /// and a site's own).
    package let producers: [any ConversationPageProducer]
    /// A folder where a big conversation's search documents put their texts while its pages are rendered
    /// (`SearchDocumentList.spillTexts(to:)`), so that its texts are not held twice until the index is written;
    /// nil keeps them in memory.
    package var documentSpill: String?
    /// From how many bytes of texts held in memory the search documents move them to `documentSpill`, checked after
    /// each batch of pages.
    package var documentSpillFrom = 1 << 20

    package init(
        templates: TemplateSet, configuration: RenderSettings, delegate: any TranscriptDisplayDelegate,
        customRenderers: [any CustomMessageRenderer] = [], producers: [any ConversationPageProducer] = ConversationPages.standardProducers
    ) {
        self.templates = templates
        self.producers = producers
        self.configuration = configuration
        self.delegate = delegate
        self.customRenderers = Dictionary(customRenderers.map { ($0.kind, $0) }) { _, last in last }
        let locale = configuration.locale
        // A build makes its renderer after its first work on all cores (the templates), as `BackgroundWork` asks.
        self.timesOfDayWork = BackgroundWork { DateTexts.timesOfDay(locale: locale) }
    }

    /// Every minute's time of day in the site's locale (`DateTexts.timesOfDay`), once it is made: a wait and a
    /// lock, so read once per conversation or unit of work, not per message.
    var timesOfDay: [String] {
        // The work throws nothing.
        try! timesOfDayWork.result()
    }

    /// Messages whose rows are rendered on one core at a time.
    static let chunkSize = 512
    /// About how many messages' pages are rendered in one batch. The next batch's rows are rendered while a batch's
    /// pages are made and written, so two batches are held at once; a larger batch is no faster and holds more
    /// memory.
    static let pagesBatch = 8192
    /// From how many messages a conversation's gallery and charts are made while its pages are rendered (for a
    /// shorter one, starting a thread would cost more than it saves). Also for the longest, where it is a little
    /// faster for a little more memory at the peak.
    static let overviewMeanwhileFrom = 1024
    /// Stands for the messages while the page around them is rendered.
    static let messagesMarker = "\u{1}transcripts-messages\u{1}"

    package struct Output {
        /// How many pages were written or taken over (the month pages, the overview, the gallery's; not the feed).
        package var pages: Int
        package var summary: ConversationSummary
        package var rowsRendered: Int
        package var warnings: [String]
        /// The conversation's share of the search index, when it is indexed.
        package var search: SearchConversationPart?
        /// Per page with a digest (by file name), what a later build needs to take it over; empty unless asked for.
        package var pageRecords: [String: PageRecord] = [:]
        /// The CSS of every appearance on the conversation's pages of message rows (rendered or taken over), by class
        /// name: the site's `appearances.css` holds them.
        package var css: [String: AppearanceCSS] = [:]
        /// How many pages were taken over from `previous` instead of rendered.
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

    /// Renders the pages of `conversation` and hands its files to `write`, a few at a time (each file by its
    /// name and its contents, in parts of UTF-8 to write one after another): its producers' files, the pages of
    /// message rows first. `avatarImages` are participants' pictures and `media` the site's copies of the messages'
    /// files, relative to the page. With `previous`, pages whose digest is unchanged are taken over instead of
    /// rendered; with `recordsPages`, the output holds each page's record for a later build.
    package func render(
        _ conversation: Conversation, file: String, url: String, root: String, avatarImages: [String: String] = [:],
        media: [Int: MessageMedia] = [:], search: SearchTarget? = nil, knownSearchPart: SearchConversationPart? = nil,
        recordsPages: Bool = false,
        previous: PreviousRendering? = nil, messageDigests: [UInt64] = [],
        write: (_ files: [(file: String, parts: [[UInt8]])]) throws -> Void
    ) throws -> Output {
        try render(
            frame(of: conversation, file: file, root: root), url: url, avatarImages: avatarImages, media: media, search: search,
            knownSearchPart: knownSearchPart, recordsPages: recordsPages, previous: previous, messageDigests: messageDigests,
            write: write)
    }

    /// What every page of `conversation` shares (its page plan, where each message is, its people, days and
    /// warnings): the first step of `render`, which a caller may take on its own while it does something else
    /// (the site copies the messages' files meanwhile), then render from it. `file` names the export in warnings
    /// and errors; `root` leads from a page to the site's root.
    /// `publicID` names the conversation in its feed's and book's ids (by default its id).
    package func frame(of conversation: Conversation, file: String, root: String, publicID: String? = nil) throws -> ConversationFrame {
        var frame = try ConversationFrame(
            conversation, file: file, root: root, configuration: configuration, timesOfDay: timesOfDay, strings: strings)
        if let publicID { frame.publicID = publicID }
        return frame
    }

    /// Renders the conversation of `frame` (made by `frame(of:file:root:)`), as `render(_:file:url:root:...)` does.
    package func render(
        _ frame: ConversationFrame, url: String, avatarImages: [String: String] = [:],
        media: [Int: MessageMedia] = [:], search: SearchTarget? = nil, knownSearchPart: SearchConversationPart? = nil,
        recordsPages: Bool = false,
        previous: PreviousRendering? = nil, messageDigests: [UInt64] = [],
        write: (_ files: [(file: String, parts: [[UInt8]])]) throws -> Void
    ) throws -> Output {
        let conversation = frame.conversation
        let file = frame.file
        // The messages' search documents and terms are made here, unless the caller knows them already.
        let indexing = search != nil && knownSearchPart == nil
        var searchPart = search.map { SearchConversationPart(title: conversation.title, url: $0.folder) }
        searchPart?.pages = frame.plan.pages.map { (String($0.file.dropLast(5)), $0.range.lowerBound) }

        let digests = recordsPages || previous != nil
            ? try pageDigests(of: frame, avatarImages: avatarImages, media: media, search: search, messageDigests: messageDigests)
            : []
        // The pages of message rows are asked for first, their rows rendered below; the other pages are asked for and
        // rendered meanwhile, for a long conversation on a thread of their own (on the core the rows leave idle
        // between their bursts).
        let (list, producing, producedMeanwhile) = try askProducers(
            of: frame, media: media, search: search, digests: digests, previous: previous?.pages ?? [:])
        var taken = PageReuse()
        if let previous, !indexing || previous.searchPart != nil {
            taken = try PageReuse(previous: previous, list: list, indexing: indexing, messageCount: conversation.messages.count)
        }
        // The other pages are written once they are made (between two batches of rows, or after the last) and let
        // go: before the search part is made whole, which holds every posting twice for a moment.
        var produced: ProducedFiles?
        var producedTakenOver = 0
        func writeProduced() throws {
            var made = try producing()
            for page in made.unchanged {
                if let previous, try previous.takeOver(page.file) {
                    producedTakenOver += 1
                } else {
                    made.files.append(try render(page))
                }
            }
            try write(made.files)
            made.files = []
            produced = made
        }
        var rendered = try renderPages(
            list, of: frame, skipping: taken.pages, avatarImages: avatarImages, media: media, indexing: indexing, write: write,
            betweenBatches: { if produced == nil, producedMeanwhile() { try writeProduced() } })
        var lookWarnings = taken.lookWarnings
        for appearance in rendered.appearances.values { lookWarnings[appearance.className] = appearance.contrastWarnings }
        var warnings = frame.warnings
        for className in lookWarnings.keys.sorted() {
            warnings += lookWarnings[className]!.map { "\(file): \($0)" }
        }
        if produced == nil { try writeProduced() }
        let producedPages = produced!.pageCount, producedRecords = produced!.records

        if indexing {
            searchPart?.assemble(
                count: conversation.messages.count, chunks: &rendered.searchChunks, taken: taken.documents,
                joined: rendered.searchPostings)
        } else if search != nil, let knownSearchPart {
            searchPart = knownSearchPart
        }
        return Output(
            pages: list.pages.count + producedPages, summary: summary(of: frame, url: url),
            rowsRendered: rendered.rows + taken.pages.reduce(0) { $0 + list.pages[$1].messages.count },
            warnings: warnings, search: searchPart,
            pageRecords: recordsPages
                ? taken.records.merging(rendered.records) { _, new in new }.merging(producedRecords) { _, new in new } : [:],
            css: taken.css.merging(rendered.appearances.mapValues(AppearanceCSS.init)) { _, new in new },
            pagesTakenOver: taken.pages.count + producedTakenOver)
    }

    /// Asks the producers for the pages of `frame`: those of message rows at once (with `search`, the month pages
    /// must be among them); the others (`producedFiles`) for a long conversation at once on a thread of their own,
    /// else when the returned work is called (`othersAreMade` says whether they are made already). What they are
    /// told (`ConversationPages`: the gallery's entries, the charts) is held by that work alone.
    private func askProducers(
        of frame: ConversationFrame, media: [Int: MessageMedia], search: SearchTarget?, digests: [String],
        previous: [String: PageRecord]
    ) throws -> (list: MessagePageList, others: () throws -> ProducedFiles, othersAreMade: () -> Bool) {
        let conversation = ConversationPages(frame: frame, renderer: self, media: media, search: search, monthPageDigests: digests)
        let list = try MessagePageList(asking: producers, of: conversation)
        if search != nil, let missing = list.missingMonthPage(of: frame) {
            throw TranscriptsError(
                file: frame.file, message: "the conversation's search results lead to its month pages, but no page producer makes \(missing)")
        }
        let files = list.files
        let others = { @Sendable [self] in try self.producedFiles(of: conversation, besides: files, previous: previous) }
        guard frame.messages.count >= Self.overviewMeanwhileFrom else { return (list, others, { false }) }
        let work = BackgroundWork(others)
        return (list, { try work.result() }, { work.isDone })
    }

    /// Whether month pages may show the conversation's totals (its message count, first and last day, number
    /// of pages): when the site has a `conversation` or `page` template or a partial of its own.
    var showsTotalsOnMonthPages: Bool {
        templates.overridden.contains { $0 == "conversation" || $0 == "page" || $0.hasPrefix("partials/") }
    }

    /// The digest of each page of `frame` (see `PageDigests`): what the page frame shows of the conversation
    /// as a whole, and what each page shows of its messages.
    private func pageDigests(
        of frame: ConversationFrame, avatarImages: [String: String], media: [Int: MessageMedia], search: SearchTarget?,
        messageDigests: [UInt64]
    ) throws -> [String] {
        let conversation = frame.conversation
        var whole = try ContentDigest.bytes(of: Conversation(
            id: conversation.id, title: conversation.title, kind: conversation.kind,
            participants: conversation.participants, messages: []))
        var digest = SHA256()
        // The built-in month page shows only what its month holds (the totals are the overview's), so a message
        // added in another month leaves it as it is; a site's own page templates may show the totals.
        digest.update(showsTotalsOnMonthPages
            ? "\(conversation.messages.count) \(frame.firstDay ?? "-") \(frame.lastDay ?? "-") \(frame.feedURL ?? "-") \(frame.plan.pages.count)"
            : "month pages \(frame.feedURL ?? "-")")
        digest.update(search.map { "search \($0.number) \($0.folder)" } ?? "not indexed")
        for (id, image) in avatarImages.sorted(by: { $0.key < $1.key }) { digest.update(id + " " + image) }
        for name in frame.senderNames { digest.update(name) }
        whole += Array(digest.hexDigest.utf8)
        return try PageDigests.make(.init(
            messages: conversation.messages, plan: frame.plan, pageCountShown: showsTotalsOnMonthPages,
            labels: frame.labels, pageFiles: frame.pageFiles,
            indexByID: frame.indexByID, threads: frame.threads, media: media, conversation: whole,
            messageDigests: messageDigests,
            decisions: delegate is DefaultDisplayDelegate
                ? [] : try DisplayDecisions.digests(
                    of: conversation.messages, delegate: delegate,
                    context: DisplayContext(conversation: conversation, configuration: configuration.display))))
    }

    /// Formats times in the site's time zone and locale; one per unit of work (it is not shared between threads).
    /// `frame`'s day names are shared with it (made once for the conversation).
    func makeDateTexts(for frame: ConversationFrame? = nil) -> DateTexts {
        DateTexts(
            timeZone: configuration.timeZone, locale: configuration.locale, timesOfDay: timesOfDay, strings: strings,
            known: frame?.dayTexts ?? .none)
    }

    /// The words the pages show: the templates' strings table.
    var strings: StringTable { templates.strings }

    /// The text of a message that goes through cmark, and how it is written.
    package static func text(of message: Message) -> (source: String, format: TextFormat)? {
        text(of: message.kind)
    }

    /// The text a message of `kind` shows, as `text(of:)` of the message gives it. (Loops over a
    /// conversation pass `messages[index].kind`: a whole message passed on is copied, every field retained.)
    package static func text(of kind: MessageKind) -> (source: String, format: TextFormat)? {
        switch kind {
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

    static func kindLabel(_ kind: ConversationKind, strings: StringTable) -> String {
        switch kind {
        case .direct: strings.text("directChat")
        case .group: strings.text("groupChat")
        case .channel: strings.text("channel")
        }
    }
}
