import TranscriptModel
import TranscriptSupport
import TranscriptTemplates

/// What a conversation page producer knows of the conversation: the conversation, its month pages, the names
/// its pages show, the site's frame and words, and what the overview shows (its charts, its gallery's sections).
public struct ConversationPages: Sendable {
    let frame: ConversationFrame
    let renderer: ConversationRenderer
    /// The site's copies of the messages' files, by message index.
    let media: [Int: MessageMedia]
    /// How the conversation takes part in search, when it is indexed.
    let search: ConversationRenderer.SearchTarget?
    /// Each month page's digest (`PageDigests`), by page number; empty when no later build takes pages over.
    let monthPageDigests: [String]
    /// Where the gallery's entries are, and the charts: made when first asked for (the pages of message rows, asked for
    /// first, need neither).
    private let galleryWork: LazyValue<ConversationGallery?>
    private let activityWork: LazyValue<OverviewActivity?>

    init(
        frame: ConversationFrame, renderer: ConversationRenderer, media: [Int: MessageMedia], search: ConversationRenderer.SearchTarget?,
        monthPageDigests: [String]
    ) {
        self.frame = frame
        self.renderer = renderer
        self.media = media
        self.search = search
        self.monthPageDigests = monthPageDigests
        let id = frame.conversation.id
        let wantsGallery = renderer.configuration.overview.gallery(for: id), wantsCharts = renderer.configuration.overview.charts(for: id)
        galleryWork = LazyValue {
            wantsGallery
                ? ConversationGallery(frame: frame)
                : nil
        }
        activityWork = LazyValue { wantsCharts ? renderer.activity(of: frame) : nil }
    }

    /// Where the gallery's entries are, when the overview shows a gallery.
    var gallery: ConversationGallery? { galleryWork.value }
    /// The overview's charts and statistics, when it shows them.
    public var activity: OverviewActivity? { activityWork.value }

    /// Makes the gallery's entries and the charts at the same time (each is one pass over the messages).
    func makeGalleryAndActivity() throws {
        let pages = self
        _ = try [0, 1].concurrentMap { part in
            if part == 0 { _ = pages.gallery } else { _ = pages.activity }
        }
    }

    public var conversation: Conversation { frame.conversation }
    /// What the conversation's feed and book are identified by: its id, or with pseudonyms a keyed digest of it.
    public var publicID: String { frame.publicID }
    /// The page frame (the site's title, language, the way to the site's root), with the conversation's title as the page's.
    public var site: SiteContext { frame.site }
    /// The month pages, in order: their files in the conversation's folder and their labels (`May 2024, part 2 of 3`).
    public var monthPages: [PageLink] {
        frame.plan.pages.indices.map { PageLink(url: frame.plan.pages[$0].file, title: frame.labels[$0]) }
    }
    /// The month page that shows the message at `index` of the conversation's messages.
    public func pageFile(ofMessage index: Int) -> String { frame.pageFiles[index] }
    /// The name pages show for the sender or participant `id`.
    public func name(of id: String) -> String { frame.name(of: id) }
    /// The site's settings for pages (time zone, locale, feeds, overview).
    public var settings: RenderSettings { renderer.configuration }
    /// The words of the site's language.
    public var strings: StringTable { renderer.strings }
    /// The gallery's sections with entries, linked from the overview.
    public var galleryLinks: [GalleryLink] {
        gallery.map { gallery in
            GallerySection.allCases.compactMap { section in
                let items = gallery.items(of: section)
                return items.isEmpty
                    ? nil : GalleryLink(url: section.file(page: 1), title: section.heading(strings), count: String(items.count))
            }
        } ?? []
    }
}

extension ConversationPages {
    /// The standard pages of a conversation: its month pages, its gallery, its overview and its feed.
    public static let standardProducers: [any ConversationPageProducer] = [
        MonthPagesProducer(), GalleryPagesProducer(), OverviewPageProducer(), FeedProducer(),
    ]
}
