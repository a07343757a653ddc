import Crypto
import TranscriptSupport
import TranscriptTemplates

/// The conversation's gallery pages (`gallery`): its photos and videos, files and links, each section paged
/// (`media.html`, `media-2.html`, ...), when the overview shows a gallery. Each page's digest is that of all it
/// shows, so a build that changes no entry of a page takes the page over.
public struct GalleryPagesProducer: ConversationPageProducer {
    public let name = "gallery"

    public init() {}

    public func pages(of conversation: ConversationPages) throws -> [ProducedPage] {
        guard let gallery = conversation.gallery else { return [] }
        let frame = conversation.frame, strings = conversation.strings, templates = conversation.renderer.templates
        // Each section's pages, by section and number: their entries made and rendered on all cores, a page's at a
        // time.
        var toMake: [(section: GallerySection, number: Int, count: Int)] = []
        for section in GallerySection.allCases {
            let items = gallery.items(of: section)
            guard !items.isEmpty else { continue }
            let count = (items.count + GallerySection.pageSize - 1) / GallerySection.pageSize
            toMake += (1...count).map { (section, $0, count) }
        }
        let renderer = conversation.renderer, media = conversation.media
        return try toMake.concurrentMap { section, number, count in
            let items = gallery.items(of: section)
            let heading = section.heading(strings)
            var site = frame.site
            let place = count > 1 ? strings.text("pageOf", ["page": String(number), "pages": String(count)]) : nil
            site.pageTitle = strings.text("pageTitle", ["page": heading + (place.map { " (\($0))" } ?? ""), "site": site.pageTitle])
            let start = (number - 1) * GallerySection.pageSize
            func link(_ page: Int) -> PageLink {
                PageLink(url: section.file(page: page), title: strings.text("pageNumber", ["page": String(page)]))
            }
            let page = GalleryPage(
                site: site, title: frame.conversation.title, heading: heading, section: section,
                countText: section.count(items.count, strings: strings), pageText: place,
                entriesHTML: try templates.renderGalleryEntries(
                    ConversationGallery.entries(
                        items[start..<min(items.count, start + GallerySection.pageSize)], of: section, frame: frame, media: media,
                        dates: renderer.makeDateTexts(for: frame), strings: strings),
                    section: section),
                previous: number > 1 ? link(number - 1) : nil, next: number < count ? link(number + 1) : nil)
            return ProducedPage(file: section.file(page: number), template: "gallery", model: page, digest: Self.digest(of: page))
        }
    }

    /// The digest of every text `page` shows (the site's frame aside: a build that takes pages over has the
    /// previous build's settings).
    static func digest(of page: GalleryPage) -> String {
        var digest = SHA256()
        for text in [
            page.site.pageTitle, page.title, page.heading, page.section.rawValue, page.countText, page.pageText ?? "-",
            page.entriesHTML, page.previous?.url ?? "-", page.next?.url ?? "-",
        ] {
            digest.update(String(text.utf8.count) + ":" + text)
        }
        return digest.hexDigest
    }
}
