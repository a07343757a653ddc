import TranscriptSupport
import TranscriptTemplates

extension ConversationRenderer {
    /// The files of the renderer's producers besides its pages of message rows: rendered, or, when their digest
    /// is that of the previous rendering's page, left for the caller to take over.
    struct ProducedFiles {
        var files: [(file: String, parts: [[UInt8]])] = []
        /// Pages whose digest is the previous rendering's: not rendered.
        var unchanged: [ProducedPage] = []
        /// The records of the pages that have a digest, by file.
        var records: [String: PageRecord] = [:]
        var pageCount = 0
    }

    /// Asks every producer for its pages of `conversation` (those of message rows, whose `files` these are, were
    /// asked for before) and renders those `previous` does not already hold. The gallery's entries and the charts,
    /// which the producers share, are made first, at the same time (each is one pass over the messages).
    func producedFiles(of conversation: ConversationPages, besides files: Set<String>, previous: [String: PageRecord]) throws -> ProducedFiles {
        try conversation.makeGalleryAndActivity()
        var produced = ProducedFiles()
        var pages: [ProducedPage] = []
        var seen = files
        for producer in producers {
            for page in try producer.pages(of: conversation) {
                guard seen.insert(page.file).inserted else {
                    throw TranscriptsError(
                        file: conversation.frame.file,
                        message: "the page producer \"\(producer.name)\" makes \(page.file), which another page of the conversation has")
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
        // Rendered a few at a time on all cores, each page's model let go once its file is made: a long
        // conversation's gallery pages hold megabytes of entries.
        let renderer = self
        toRender.reverse()
        while !toRender.isEmpty {
            let some = Array(toRender.suffix(Self.producedPagesAtOnce).reversed())
            toRender.removeLast(some.count)
            produced.files += try some.concurrentMap { try renderer.render($0) }
        }
        return produced
    }

    /// How many of the producers' pages are rendered at once.
    static let producedPagesAtOnce = 16

    /// Renders a page a producer asked for: the file's name and its UTF-8.
    func render(_ page: ProducedPage) throws -> (file: String, parts: [[UInt8]]) {
        (page.file, [Array(try page.render(with: templates).utf8)])
    }
}
