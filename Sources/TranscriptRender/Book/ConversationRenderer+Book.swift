import Crypto
import Foundation
import TranscriptDisplay
import TranscriptModel
import TranscriptSearch
import TranscriptSupport
import TranscriptText

extension ConversationRenderer {
    /// The book of the conversation of `frame` (made by `frame(of:file:root:)` with the root `""`): a title
    /// page, a table of contents by year and month, a document per page of the site (a month, or a part of a
    /// long one) with the same anchors, a person index, the stylesheet and the package document. `media` are
    /// the copies of the messages' files; only pictures of photos and stickers that EPUB shows are kept, the
    /// other media are named. `folder` is where the book's files are in its container (`EPUB/`). `avatars` are
    /// the pictures of the participants' avatars (by id, paths in the book): beside senders' names where the site
    /// shows an avatar, and in the person index.
    package func book(
        of frame: ConversationFrame, media: [Int: MessageMedia], text: BookText, folder: String, avatars: [String: String] = [:]
    ) throws -> RenderedBook {
        let conversation = frame.conversation
        let title = text.title ?? conversation.title
        let lang = frame.site.lang, dir = frame.site.dir
        func document(_ title: String) -> BookDocument { BookDocument(lang: lang, dir: dir, title: title) }
        let bookMedia = Self.bookMedia(media, of: frame.messages)
        let images = Self.bookImages(bookMedia).union(Self.avatarImages(avatars, of: frame)).sorted()
        let split = BookParts(frame: frame)
        let parts = split.parts
        let files = parts.map(\.file)
        let pageFiles = split.documents

        // The months, on all cores.
        let quoted = quotedBookTexts(of: frame)
        let chapters = try parts.concurrentMap { part in
            XMLText.bytes(try templates.render(
                try chapter(part, of: frame, media: bookMedia, pageFiles: pageFiles, quoted: quoted, bookTitle: title, avatars: avatars),
                template: "book/chapter"))
        }

        var rendered: [RenderedBook.File] = []
        let titlePage = BookTitlePage(
            document: document(title), title: title, text: text.text,
            kindLabel: Self.kindLabel(conversation.kind, strings: strings), participantNames: frame.participantNames,
            messageCountText: frame.countText, firstDate: frame.firstDay, lastDate: frame.lastDay,
            cover: text.cover?.sitePath)
        rendered.append(.init(path: "title.xhtml", bytes: XMLText.bytes(try templates.render(titlePage, template: "book/title"))))
        let years = yearLinks(of: parts) { $0.file }
        let navigation = BookNavigation(document: document(strings.text("bookContents")), years: years, start: files.first)
        rendered.append(.init(path: "nav.xhtml", bytes: XMLText.bytes(try templates.render(navigation, template: "book/nav"))))
        for (number, bytes) in chapters.enumerated() {
            rendered.append(.init(path: files[number], bytes: bytes))
        }
        let people = BookPeople(document: document(strings.text("bookPeople")), people: bookPeople(of: frame, split: split, avatars: avatars, link: { $0.file }))
        rendered.append(.init(path: "people.xhtml", bytes: XMLText.bytes(try templates.render(people, template: "book/people"))))
        rendered.append(.init(path: "book.css", bytes: Array(try templates.render(document(title), template: "book/style").utf8)))

        // The package document: every file, the reading order, the metadata.
        var items: [BookItem] = [
            BookItem(id: "title", href: "title.xhtml", mediaType: Self.xhtml),
            BookItem(id: "nav", href: "nav.xhtml", mediaType: Self.xhtml, properties: "nav"),
        ]
        items += files.enumerated().map { BookItem(id: "month-\($0.offset + 1)", href: $0.element, mediaType: Self.xhtml) }
        items.append(BookItem(id: "people", href: "people.xhtml", mediaType: Self.xhtml))
        items.append(BookItem(id: "style", href: "book.css", mediaType: "text/css"))
        let cover = text.cover.flatMap { BookImages.mediaType(of: $0.sitePath) == nil ? nil : $0.sitePath }
        for (number, path) in (Set(images).union(cover.map { [$0] } ?? [])).sorted().enumerated() {
            items.append(BookItem(
                id: "image-\(number + 1)", href: path, mediaType: BookImages.mediaType(of: path)!,
                properties: path == cover ? "cover-image" : nil))
        }
        let spine = ["title", "nav"] + files.indices.map { "month-\($0 + 1)" } + ["people"]
        let package = BookPackage(
            identifier: Self.bookIdentifier(of: frame.publicID), title: title, lang: lang, dir: dir,
            creators: PeopleOrder.sorted(Set(conversation.participants.map(\.name))),
            modified: Self.epubDate(frame.lastDate), items: items, spine: spine)
        rendered.append(.init(path: RenderedBook.packagePath, bytes: XMLText.bytes(try templates.render(package, template: "book/package"))))
        let container = XMLText.bytes(try templates.render(BookContainer(path: folder + RenderedBook.packagePath), template: "book/container"))
        return RenderedBook(files: rendered, images: (Set(images).union(cover.map { [$0] } ?? [])).sorted(), container: container)
    }

    static let xhtml = "application/xhtml+xml"

    /// The messages' media as a book holds them: the pictures of photos and stickers, and videos' thumbnails, that
    /// EPUB shows; the other files left out (their messages name them), problems kept.
    static func bookMedia(_ media: [Int: MessageMedia], of messages: [Message]) -> [Int: MessageMedia] {
        media.reduce(into: [:]) { result, entry in
            var kept = MessageMedia(problems: entry.value.problems)
            if case .video = messages[entry.key].kind, let thumbnail = entry.value.thumbnail,
               BookImages.mediaType(of: thumbnail.sitePath) != nil
            {
                kept.thumbnail = thumbnail
            }
            let isPicture: Bool
            switch messages[entry.key].kind {
            case .photo, .sticker: isPicture = true
            default: isPicture = false
            }
            if isPicture, let file = entry.value.file, BookImages.mediaType(of: file.sitePath) != nil { kept.file = file }
            result[entry.key] = kept
        }
    }

    /// The contents: each year's parts, each linking to what `link` says with its count of messages.
    func yearLinks(of parts: [BookParts.Part], link: (BookParts.Part) -> String) -> [YearLinks] {
        Array(Set(parts.map(\.year))).sorted().map { year in
            YearLinks(year: String(year), pages: parts.filter { $0.year == year }.map { part in
                PageLink(url: link(part), title: part.label, count: strings.plural("messageCount", count: part.range.count))
            })
        }
    }

    /// One month's (or part's) model. `pageFiles` names each message's document (none: all in one),
    /// `pageName` the month's pages in print.
    func chapter(
        _ page: BookParts.Part, of frame: ConversationFrame, media: [Int: MessageMedia], pageFiles: MessagePageFiles,
        quoted: [Int: String], bookTitle: String, pageName: String? = nil, avatars: [String: String] = [:]
    ) throws -> BookChapter {
        let renderer = CommonMarkRenderer()
        let texts = frame.messages.withUnsafeBufferPointer { messages in
            page.range.map { index in Self.text(of: messages[index].kind).map { renderer.render($0.source, format: $0.format) } }
        }
        let builder = MessageRowBuilder(
            context: DisplayContext(conversation: frame.conversation, configuration: configuration.display),
            delegate: delegate, texts: TextWindow(offset: page.range.lowerBound, texts: texts, quoted: quoted),
            indexByID: frame.indexByID, names: frame.names, avatarImages: avatars, media: media,
            templateNames: Set(templates.sources.keys),
            root: "", threads: frame.threads, customRenderers: customRenderers, pageFiles: pageFiles,
            timesOfDay: timesOfDay, strings: strings, dayTexts: frame.dayTexts, initials: frame.initials,
            participants: frame.participantsByID)
        var rows = builder.rows(page.range).rows.map(\.row)
        // The avatar the site shows beside a group of messages (a picture, not initials) goes beside the sender's
        // name, which the book shows above the group's first message.
        var groupStart: Int?
        var groupAvatar: AvatarView?
        for index in rows.indices {
            if !rows[index].bubble.continues {
                if let groupStart { rows[groupStart].bubble.avatar = groupAvatar }
                groupStart = index
                groupAvatar = nil
            }
            if let avatar = rows[index].bubble.avatar, avatar.image != nil { groupAvatar = avatar }
            rows[index].bubble.avatar = nil
            rows[index].bubble.reservesAvatarSpace = false
            rows[index].body.kindTemplate = bookKindTemplate(for: rows[index].body.kindTemplate)
            rows[index].body.html = rows[index].body.html.map(BookHTML.clean)
        }
        if let groupStart { rows[groupStart].bubble.avatar = groupAvatar }
        return BookChapter(
            document: BookDocument(lang: frame.site.lang, dir: frame.site.dir, title: bookTitle + " · " + page.label),
            heading: page.label, messages: rows.map(MessageRowObject.init), id: page.sectionID, pageName: pageName)
    }

    /// The site paths of the pictures a book's media hold.
    static func bookImages(_ media: [Int: MessageMedia]) -> Set<String> {
        Set(media.values.flatMap { [$0.file?.sitePath, $0.thumbnail?.sitePath].compactMap { $0 } })
    }

    /// The book's template for a kind's: `book/messages/KIND`, and for a kind the book has none of (a site's
    /// own custom kind) `book/messages/custom`, which shows its details.
    private func bookKindTemplate(for name: String) -> String {
        let own = "book/" + name
        return templates.sources[own] != nil ? own : "book/messages/custom"
    }

    /// The avatars' pictures of the participants who wrote in `frame`'s conversation.
    static func avatarImages(_ avatars: [String: String], of frame: ConversationFrame) -> Set<String> {
        let senders = Set(frame.messages.compactMap(\.sender))
        return Set(avatars.filter { senders.contains($0.key) }.values)
    }

    /// The plain text of every message a reply quotes.
    func quotedBookTexts(of frame: ConversationFrame) -> [Int: String] {
        let messages = frame.messages
        let renderer = CommonMarkRenderer()
        var quoted: [Int: String] = [:]
        for index in messages.indices {
            guard let target = messages[index].replyTo.flatMap({ frame.indexByID[$0] }), quoted[target] == nil else { continue }
            quoted[target] = Self.text(of: messages[target].kind).map { renderer.render($0.source, format: $0.format).plainText } ?? ""
        }
        return quoted
    }

    /// The person index: each sender with their count and, per month (or part), a link to their first message in
    /// it (`link` gives the part's document, or nothing when all are in one), and their avatar's picture.
    func bookPeople(
        of frame: ConversationFrame, split: BookParts, avatars: [String: String] = [:], link: (BookParts.Part) -> String
    ) -> [BookPerson] {
        let parts = split.parts, documents = split.documents
        let messages = frame.messages
        var counts: [String: Int] = [:]
        var firsts: [String: [(page: Int, index: Int)]] = [:]
        for index in messages.indices {
            guard let sender = messages[index].sender else { continue }
            counts[sender, default: 0] += 1
            let page = documents.page(of: index)
            if firsts[sender]?.last?.page != page { firsts[sender, default: []].append((page, index)) }
        }
        let byName = Dictionary(grouping: counts.keys) { frame.name(of: $0) }
        return PeopleOrder.sorted(byName.keys).flatMap { name in
            byName[name]!.sorted().map { sender in
                BookPerson(
                    name: name, avatar: avatars[sender], countText: strings.plural("messageCount", count: counts[sender]!),
                    months: (firsts[sender] ?? []).map { first in
                        PageLink(
                            url: link(parts[first.page]) + "#" + Anchor.forMessage(id: messages[first.index].id),
                            title: parts[first.page].label)
                    })
            }
        }
    }

    /// A book's identifier: a UUID made of the conversation's id, so every build of its book has the same.
    static func bookIdentifier(of id: String) -> String {
        var bytes = Array(SHA256.hash(data: Array(("transcripts book " + id).utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50  // a name-based UUID (version 5's layout)
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return "urn:uuid:" + parts.joined(separator: "-")
    }

    /// A time as EPUB's `dcterms:modified` writes it (UTC, to the second); the epoch when there is none.
    static func epubDate(_ timestamp: Timestamp?) -> String {
        let time = CivilTime(secondsSince1970: Int(((timestamp?.secondsSince1970 ?? 0)).rounded(.down)))
        func two(_ number: Int) -> String { String(number).leftPadded(to: 2) }
        return String(time.year).leftPadded(to: 4) + "-" + two(time.month) + "-" + two(time.day) + "T" + two(time.hour) + ":"
            + two(time.minute) + ":" + two(time.second) + "Z"
    }
}

extension String {
    /// The string with zeros before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
