import TranscriptModel
import TranscriptSupport

extension ConversationRenderer {
    /// The book of the conversation of `frame` as one page to print (`book/print`, `BookPrint`): what the EPUB
    /// holds, in one document whose links stay inside it, with print rules for `paper` (a CSS page size:
    /// `A4`, `letter`). Its pictures are `media/…`, relative to the page: the caller puts them beside it. `newest` is the newest
    /// message's time, the PDF's date; `sections` how many months (and parts) the page has. With `pageNumbers`
    /// (the page each month, then the person index, starts on, from a first printing), the contents show them.
    /// `avatars` are the participants' avatars, as `book` takes them.
    package func printBook(
        of frame: ConversationFrame, media: [Int: MessageMedia], text: BookText, paper: String, avatars: [String: String] = [:],
        pageNumbers: [Int]? = nil
    ) throws -> (page: [UInt8], images: [String], newest: Timestamp?, sections: Int) {
        let conversation = frame.conversation
        let title = text.title ?? conversation.title
        let document = BookDocument(lang: frame.site.lang, dir: frame.site.dir, title: title)
        let bookMedia = Self.bookMedia(media, of: frame.messages)
        var images = Self.bookImages(bookMedia).union(Self.avatarImages(avatars, of: frame))
        let cover = text.cover.flatMap { BookImages.mediaType(of: $0.sitePath) == nil ? nil : $0.sitePath }
        if let cover { images.insert(cover) }
        let quoted = quotedBookTexts(of: frame)
        let split = BookParts(frame: frame)
        let parts = split.parts
        let months = try Array(parts.enumerated()).concurrentMap { number, part in
            try chapter(
                part, of: frame, media: bookMedia, pageFiles: .none, quoted: quoted, bookTitle: title, pageName: "month-\(number + 1)",
                avatars: avatars)
        }
        let numbered = pageNumbers.flatMap { $0.count == parts.count + 1 ? $0 : nil }
        var years = yearLinks(of: parts) { "#" + $0.sectionID }
        if let numbered {
            var position = 0
            for year in years.indices {
                for link in years[year].pages.indices {
                    years[year].pages[link].page = String(numbered[position])
                    position += 1
                }
            }
        }
        var rules = try templates.render(document, template: "book/style") + "\n"
        let header = CSSString.quoted(title)
        rules += """
            @page { size: \(paper); margin: 20mm 16mm 18mm; \
            @top-center { content: \(header); font-size: 9pt; color: #555; } \
            @bottom-center { content: counter(page) " / " counter(pages); font-size: 9pt; color: #555; } }
            @page title { @top-center { content: none; } @bottom-center { content: none; } }

            """
        for (number, part) in parts.enumerated() {
            rules += "@page month-\(number + 1) { @top-center { content: \(CSSString.quoted(title + " · " + part.label)); } }\n"
        }
        let model = BookPrint(
            document: document,
            titlePage: BookTitlePage(
                document: document, title: title, text: text.text,
                kindLabel: Self.kindLabel(conversation.kind, strings: strings), participantNames: frame.participantNames,
                messageCountText: frame.countText, firstDate: frame.firstDay, lastDate: frame.lastDay, cover: cover),
            contents: BookNavigation(document: document, years: years, start: nil, peoplePage: numbered?.last.map(String.init)),
            months: months,
            people: BookPeople(document: document, people: bookPeople(of: frame, split: split, avatars: avatars, link: { _ in "" })),
            stylesheet: rules)
        return (Array(try templates.render(model, template: "book/print").utf8), images.sorted(), frame.lastDate, parts.count)
    }
}
