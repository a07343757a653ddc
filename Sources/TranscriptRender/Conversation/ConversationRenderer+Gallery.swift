import TranscriptModel
import TranscriptSupport

extension ConversationRenderer {
    /// The values of the overview's charts and statistics (`overview.charts`).
    func activity(of frame: ConversationFrame) -> OverviewActivity {
        let dates = makeDateTexts(for: frame)
        let renderer = self
        let counts = ConversationActivity(
            messages: frame.messages, name: frame.name(of:), localSeconds: { renderer.makeDateTexts(for: frame).localSeconds },
            strings: strings)
        // Each month's first page: a bar links to it.
        var monthPages: [Int: String] = [:]
        for page in frame.plan.pages {
            let parts = page.file.dropLast(5).split(separator: "-")
            guard parts.count >= 2, let year = Int(parts[0]), let month = Int(parts[1]) else { continue }
            let number = year * 12 + month - 1
            if monthPages[number] == nil { monthPages[number] = page.file }
        }
        return ActivityCharts(
            activity: counts, monthPages: monthPages, dates: dates, locale: configuration.locale, timesOfDay: timesOfDay,
            firstDay: frame.firstDay, lastDay: frame.lastDay, strings: strings
        ).overview
    }

    /// The gallery pages of `frame` (`overview.gallery`): its photos and videos, files and links, each section
    /// paged, as (file, page); and the links to the sections that have entries, for the overview.
    func gallery(of frame: ConversationFrame, media: [Int: MessageMedia]) throws -> (pages: [(file: String, html: String)], links: [GalleryLink]) {
        let renderer = self
        let gallery = ConversationGallery(
            frame: frame, media: media, dates: { renderer.makeDateTexts(for: frame) }, strings: strings)
        var links: [GalleryLink] = []
        // Each section's pages, by section and number: rendered on all cores.
        var toRender: [(section: GallerySection, number: Int, count: Int)] = []
        for section in GallerySection.allCases {
            let entries = gallery.entries(of: section)
            guard !entries.isEmpty else { continue }
            links.append(GalleryLink(url: section.file(page: 1), title: section.heading(strings), count: String(entries.count)))
            let count = (entries.count + GallerySection.pageSize - 1) / GallerySection.pageSize
            toRender += (1...count).map { (section, $0, count) }
        }
        let pages = try toRender.concurrentMap { section, number, count in
            let entries = gallery.entries(of: section)
            let heading = section.heading(strings)
            var site = frame.site
            let place = count > 1 ? strings.text("pageOf", ["page": String(number), "pages": String(count)]) : nil
            site.pageTitle = strings.text("pageTitle", ["page": heading + (place.map { " (\($0))" } ?? ""), "site": site.pageTitle])
            let start = (number - 1) * GallerySection.pageSize
            let page = GalleryPage(
                site: site, title: frame.conversation.title, heading: heading, section: section,
                countText: section.count(entries.count, strings: strings), pageText: place,
                entriesHTML: try templates.renderGalleryEntries(
                    Array(entries[start..<min(entries.count, start + GallerySection.pageSize)]), section: section),
                previous: number > 1 ? PageLink(url: section.file(page: number - 1), title: strings.text("pageNumber", ["page": String(number - 1)])) : nil,
                next: number < count ? PageLink(url: section.file(page: number + 1), title: strings.text("pageNumber", ["page": String(number + 1)])) : nil)
            return (file: section.file(page: number), html: try templates.render(page, template: "gallery"))
        }
        return (pages, links)
    }

    /// What the overview adds for `frame`, as its settings ask: the gallery pages and the charts, made at the
    /// same time (each is one pass over the messages).
    func overviewParts(
        of frame: ConversationFrame, media: [Int: MessageMedia]
    ) throws -> (pages: [(file: String, html: String)], links: [GalleryLink], activity: OverviewActivity?) {
        enum Part: Sendable {
            case gallery([(file: String, html: String)], [GalleryLink])
            case activity(OverviewActivity?)
        }
        let id = frame.conversation.id
        let wantsGallery = configuration.overview.gallery(for: id), wantsCharts = configuration.overview.charts(for: id)
        let parts = try [0, 1].concurrentMap { part -> Part in
            if part == 0 {
                guard wantsGallery else { return .gallery([], []) }
                let made = try gallery(of: frame, media: media)
                return .gallery(made.pages, made.links)
            }
            return .activity(wantsCharts ? activity(of: frame) : nil)
        }
        guard case .gallery(let pages, let links) = parts[0], case .activity(let activity) = parts[1] else {
            preconditionFailure("the parts come in order")
        }
        return (pages, links, activity)
    }
}
