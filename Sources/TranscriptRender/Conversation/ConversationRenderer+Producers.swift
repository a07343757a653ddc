import TranscriptSupport
import TranscriptTemplates

extension ConversationRenderer {
    /// The files of the renderer's producers for `frame`: rendered, or, when their digest is that of the previous
    /// rendering's page, left for the caller to take over.
    struct ProducedFiles {
        var files: [(file: String, parts: [[UInt8]])] = []
        /// Pages whose digest is the previous rendering's: not rendered.
        var unchanged: [ProducedPage] = []
        /// The records of the pages that have a digest, by file.
        var records: [String: PageRecord] = [:]
        var pageCount = 0
    }

    /// Asks every producer for its pages of `frame` and renders those `previous` does not already hold. The
    /// gallery's entries and the charts, which the producers share, are made first, at the same time (each is
    /// one pass over the messages).
    func producedFiles(of frame: ConversationFrame, media: [Int: MessageMedia], previous: [String: PageRecord]) throws -> ProducedFiles {
        let input = try pagesInput(of: frame, media: media)
        var produced = ProducedFiles()
        var pages: [ProducedPage] = []
        var seen = Set<String>()
        for producer in producers {
            for page in try producer.pages(of: input) {
                guard seen.insert(page.file).inserted, !frame.plan.pages.contains(where: { $0.file == page.file }) else {
                    throw TranscriptsError(
                        file: frame.file, message: "the page producer \"\(producer.name)\" makes \(page.file), which another page of the conversation has")
                }
                pages.append(page)
            }
        }
        var toRender: [ProducedPage] = []
        for page in pages {
            if page.countsAsPage { produced.pageCount += 1 }
            if let digest = page.digest {
                produced.records[page.file] = PageRecord(digest: digest, looks: [:], css: [:])
                if previous[page.file]?.digest == digest {
                    produced.unchanged.append(page)
                    continue
                }
            }
            toRender.append(page)
        }
        let renderer = self
        produced.files = try toRender.concurrentMap { try renderer.render($0) }
        return produced
    }

    /// Renders a page a producer asked for: the file's name and its UTF-8.
    func render(_ page: ProducedPage) throws -> (file: String, parts: [[UInt8]]) {
        (page.file, [Array(try page.render(with: templates).utf8)])
    }

    /// What the producers are told of `frame`: with the gallery's entries and the charts as the overview's settings ask.
    func pagesInput(of frame: ConversationFrame, media: [Int: MessageMedia]) throws -> ConversationPages {
        enum Part: Sendable {
            case gallery(ConversationGallery?)
            case activity(OverviewActivity?)
        }
        let id = frame.conversation.id
        let wantsGallery = configuration.overview.gallery(for: id), wantsCharts = configuration.overview.charts(for: id)
        let renderer = self
        let parts = try [0, 1].concurrentMap { part -> Part in
            if part == 0 {
                guard wantsGallery else { return .gallery(nil) }
                return .gallery(ConversationGallery(
                    frame: frame, media: media, dates: { renderer.makeDateTexts(for: frame) }, strings: renderer.strings))
            }
            return .activity(wantsCharts ? renderer.activity(of: frame) : nil)
        }
        guard case .gallery(let gallery) = parts[0], case .activity(let activity) = parts[1] else {
            preconditionFailure("the parts come in order")
        }
        return ConversationPages(frame: frame, renderer: self, media: media, gallery: gallery, activity: activity)
    }
}
