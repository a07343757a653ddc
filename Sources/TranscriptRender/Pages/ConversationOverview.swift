import TranscriptTemplates

/// A conversation's overview (`c/<id>/index.html`): its timeline of months, each linking to its page; with
/// `overview.charts` its activity and statistics, with `overview.gallery` links to its media, files and links.
public struct ConversationOverview: Sendable, TemplateModel {
    public var site: SiteContext
    public var title: String
    public var kindLabel: String
    public var participantNames: String
    public var messageCountText: String
    public var firstDate: String?
    public var lastDate: String?
    public var years: [YearLinks]
    /// The newest page.
    public var latest: PageLink?
    /// The conversation's Atom feed (relative), when feeds are on.
    public var feedURL: String?
    /// Charts and statistics, when the overview shows them.
    public var activity: OverviewActivity?
    /// The gallery sections that have entries.
    public var gallery: [GalleryLink]
    /// Whether any gallery section has entries.
    // template: key
    var hasGallery: Bool { !gallery.isEmpty }
    /// The conversation's books (EPUB, PDF) beside its pages, when the site makes them.
    public var books: [PageLink]
    /// Links to the pages of the people among the participants (see docs/people.md).
    public var people: [PersonLink] = []
    /// Whether the overview links to any person.
    // template: key
    var hasPeople: Bool { !people.isEmpty }

    public init(
        site: SiteContext, title: String, kindLabel: String, participantNames: String, messageCountText: String,
        firstDate: String?, lastDate: String?, years: [YearLinks], latest: PageLink?, feedURL: String?,
        activity: OverviewActivity? = nil, gallery: [GalleryLink] = [], books: [PageLink] = [], people: [PersonLink] = []
    ) {
        self.books = books
        self.people = people
        self.site = site
        self.title = title
        self.kindLabel = kindLabel
        self.participantNames = participantNames
        self.messageCountText = messageCountText
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.years = years
        self.latest = latest
        self.feedURL = feedURL
        self.activity = activity
        self.gallery = gallery
    }
}

/// The pages of one year, for a conversation's timeline.
public struct YearLinks: Sendable, TemplateModel {
    public var year: String
    public var pages: [PageLink]
}
