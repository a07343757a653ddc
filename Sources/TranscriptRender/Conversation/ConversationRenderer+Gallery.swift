import TranscriptModel

extension ConversationRenderer {
    /// The values of the overview's charts and statistics (`overview.charts`).
    func activity(of frame: ConversationFrame) -> OverviewActivity {
        let dates = makeDateTexts()
        let counts = ConversationActivity(messages: frame.messages, name: frame.name(of:), localSeconds: dates.localSeconds)
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
            firstDay: frame.firstDay, lastDay: frame.lastDay
        ).overview
    }

    /// Writes the gallery pages of `frame` (`overview.gallery`): its photos and videos, files and links, each
    /// section paged; the links to the sections that have entries, for the overview. `pages` counts the pages.
    func writeGallery(
        of frame: ConversationFrame, media: [Int: MessageMedia], pages: inout Int,
        write: (_ file: String, _ parts: [String]) throws -> Void
    ) throws -> [GalleryLink] {
        let gallery = ConversationGallery(frame: frame, media: media, dates: makeDateTexts())
        var links: [GalleryLink] = []
        for section in GallerySection.allCases {
            let entries = gallery.entries(of: section)
            guard !entries.isEmpty else { continue }
            links.append(GalleryLink(url: section.file(page: 1), title: section.heading, count: String(entries.count)))
            let count = (entries.count + GallerySection.pageSize - 1) / GallerySection.pageSize
            for number in 1...count {
                var site = frame.site
                let place = count > 1 ? "page \(number) of \(count)" : nil
                site.pageTitle = section.heading + (place.map { " (\($0))" } ?? "") + " · " + site.pageTitle
                let start = (number - 1) * GallerySection.pageSize
                let page = GalleryPage(
                    site: site, title: frame.conversation.title, heading: section.heading, section: section,
                    countText: section.count(entries.count), pageText: place,
                    entriesHTML: try templates.renderGalleryEntries(
                        Array(entries[start..<min(entries.count, start + GallerySection.pageSize)]), section: section),
                    previous: number > 1 ? PageLink(url: section.file(page: number - 1), title: "Page \(number - 1)") : nil,
                    next: number < count ? PageLink(url: section.file(page: number + 1), title: "Page \(number + 1)") : nil)
                try write(section.file(page: number), [try templates.render(page, template: "gallery")])
                pages += 1
            }
        }
        return links
    }
}
