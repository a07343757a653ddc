import Foundation
import TranscriptDisplay

/// The site's settings that pages are made with (a site's `SiteConfiguration` gives them as its
/// `renderSettings`): titles, language, dates, paging, feeds, search and the display settings.
public struct RenderSettings: Sendable, Equatable {
    /// The site's title, shown on every page.
    public var title: String
    /// The language of the pages (`<html lang>`).
    public var language: String
    /// Whether the pages are written right to left.
    public var isRightToLeft: Bool
    /// The time zone in which times are shown.
    public var timeZone: TimeZone
    /// The locale that formats dates and times.
    public var locale: Locale
    /// The most messages on one page.
    public var pageSize: Int
    /// Whether each conversation gets an Atom feed, and how many of the newest messages it holds.
    public var feeds: Bool
    public var feedSize: Int
    /// Whether the site has a search index (then pages link the search page and show a find bar).
    public var hasSearch: Bool
    /// The measures of the find bar.
    public var findBar: FindBarSettings
    /// What the display decisions read.
    public var display: DisplayConfiguration
    /// Whether pages ask search engines not to index them or follow their links.
    public var noindex: Bool
    /// What conversations' overview pages show: charts, statistics, gallery pages.
    public var overview: OverviewSettings
    /// The ids of the conversations that have books beside their pages, and the books' file names
    /// (`book.epub`), which their overview pages link.
    public var books: [String]
    public var bookFiles: [String]

    public init(
        title: String, language: String, isRightToLeft: Bool, timeZone: TimeZone, locale: Locale, pageSize: Int,
        feeds: Bool, feedSize: Int, hasSearch: Bool, findBar: FindBarSettings, display: DisplayConfiguration,
        noindex: Bool = false, overview: OverviewSettings = OverviewSettings(),
        books: [String] = [], bookFiles: [String] = []
    ) {
        self.books = books
        self.bookFiles = bookFiles
        self.noindex = noindex
        self.overview = overview
        self.title = title
        self.language = language
        self.isRightToLeft = isRightToLeft
        self.timeZone = timeZone
        self.locale = locale
        self.pageSize = pageSize
        self.feeds = feeds
        self.feedSize = feedSize
        self.hasSearch = hasSearch
        self.findBar = findBar
        self.display = display
    }
}
