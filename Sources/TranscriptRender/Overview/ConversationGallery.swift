import TranscriptModel
import TranscriptSupport
import TranscriptTemplates

/// A conversation's photos and videos, files and links, in message order, for its gallery pages: each entry
/// links to its message's permalink. Made in one pass over the messages, which keeps only where each entry is (its
/// message, and which of the message's links); a page's entries are made when the page is (`entries(_:of:...)`),
/// so a long conversation's tens of thousands of entries are not all held at once. Pictures are the site's
/// copies, shown at their size fitted into a square (so the page's layout is reserved before they load).
struct ConversationGallery {
    /// Where an entry is: its message's index, and for a link, its number among the message's links (in the
    /// order `links(of:in:)` finds them); -1 otherwise.
    struct Item: Equatable, Sendable {
        var message: Int32
        var link: Int32
    }

    private(set) var media: [Item] = []
    private(set) var files: [Item] = []
    private(set) var links: [Item] = []

    /// The side of the square a picture is fitted into, in CSS pixels.
    static let pictureSize = 160

    /// The gallery of every message of `frame`: a chunk of the messages on each core, put together in order.
    init(frame: ConversationFrame) {
        let chunks = (try? chunkRanges(count: frame.messages.count, chunkSize: Self.chunkSize).concurrentMap { range in
            ConversationGallery(frame: frame, messages: range)
        }) ?? []
        for chunk in chunks {
            media += chunk.media
            files += chunk.files
            links += chunk.links
        }
    }

    /// Messages gone through on one core at a time.
    static let chunkSize = 4096

    /// The gallery of the messages at `indices` of `frame`.
    init(frame: ConversationFrame, messages indices: Range<Int>) {
        let messages = frame.messages
        for index in indices {
            let item = Item(message: Int32(index), link: -1)
            switch messages[index].kind {
            case .photo, .video: media.append(item)
            case .file, .audio: files.append(item)
            default:
                let found = Self.links(of: messages[index].kind)
                for number in found.indices { links.append(Item(message: Int32(index), link: Int32(number))) }
            }
        }
    }

    func items(of section: GallerySection) -> [Item] {
        switch section {
        case .media: media
        case .files: files
        case .links: links
        }
    }

    /// Every entry of `section` (see `entries(_:of:...)`).
    func entries(
        of section: GallerySection, frame: ConversationFrame, media copies: [Int: MessageMedia], dates: DateTexts,
        strings: StringTable = StringTables.english
    ) -> [GalleryEntry] {
        Self.entries(items(of: section)[...], of: section, frame: frame, media: copies, dates: dates, strings: strings)
    }

    /// The entries of `items` of `section`: `dates` formats their days (one `DateTexts` per thread), `copies` are
    /// the site's copies of the messages' files, by message index.
    static func entries(
        _ items: ArraySlice<Item>, of section: GallerySection, frame: ConversationFrame, media copies: [Int: MessageMedia],
        dates: DateTexts, strings: StringTable = StringTables.english
    ) -> [GalleryEntry] {
        let root = frame.site.root
        let messages = frame.messages
        // The messages' fields are read in place: a copy of a message would retain each of its parts.
        return items.map { item in
            let index = Int(item.message)
            let meta = (messages[index].sender.map { frame.name(of: $0) + " · " } ?? "") + dates.day(messages[index].date)
            let permalink = frame.pageFiles[index] + "#" + Anchor.forMessage(id: messages[index].id)
            let copy = copies[index]
            switch (section, messages[index].kind) {
            case (.media, .photo(let item)), (.media, .video(let item)):
                let isVideo = messages[index].kind.typeName == "video"
                let picture = isVideo ? copy?.thumbnail : copy?.file
                let size = picture.map { fitted(width: $0.width ?? item.width, height: $0.height ?? item.height) }
                let kindName = strings.text(isVideo ? "kindVideo" : "kindPhoto")
                return GalleryEntry(
                    permalink: permalink, meta: meta, image: picture.map { root + $0.sitePath }, width: size?.width,
                    height: size?.height, alt: item.caption.map(ShownText.cut) ?? strings.text("mediaFrom", ["kind": kindName, "meta": meta]),
                    label: kindName, href: nil, size: nil, isVideo: isVideo)
            case (.files, .file(let item)), (.files, .audio(let item)):
                return GalleryEntry(
                    permalink: permalink, meta: meta, image: nil, width: nil, height: nil, alt: "",
                    label: item.name ?? item.file.map(MessageDetails.fileName(of:)) ?? strings.text("kindFile"),
                    href: copy?.file.map { root + $0.sitePath },
                    size: item.size.map { MessageDetails.formatByteCount($0, strings: strings) }
                        ?? copy?.file.map { MessageDetails.formatByteCount($0.size, strings: strings) },
                    isVideo: false)
            default:
                let link = links(of: messages[index].kind)[Int(item.link)]
                return GalleryEntry(
                    permalink: permalink, meta: meta, image: nil, width: nil, height: nil, alt: "", label: link.text,
                    href: link.target, size: nil, isVideo: false)
            }
        }
    }

    /// The web addresses a message of `kind` shows, each once, with the text that shows them: a link preview's
    /// in its text, then its own address; another message's in its text.
    private static func links(of kind: MessageKind) -> [(target: String, text: String)] {
        var found: [(target: String, text: String)] = []
        var listed = Set<String>()
        if case .linkPreview(let preview) = kind {
            if let text = preview.text { addLinks(in: text, to: &found, listed: &listed) }
            if let target = SafeURL.web(preview.url), !listed.contains(target) {
                found.append((target, preview.title ?? preview.url))
            }
        } else if let text = ConversationRenderer.text(of: kind)?.source {
            addLinks(in: text, to: &found, listed: &listed)
        }
        return found
    }

    /// Adds the web addresses of `text` (each once) to `found`.
    private static func addLinks(in text: String, to found: inout [(target: String, text: String)], listed: inout Set<String>) {
        var bytes = text
        guard bytes.withUTF8({ URLScanner.mayContainURL($0) }) else { return }
        for link in URLScanner.urls(in: text) {
            guard let target = SafeURL.web(link.target), listed.insert(target).inserted else { continue }
            found.append((target, String(text[link.range])))
        }
    }

    /// A picture's size fitted into the square, keeping its shape; the whole square when the size is unknown.
    static func fitted(width: Int?, height: Int?) -> (width: Int, height: Int) {
        guard let width, let height, width > 0, height > 0 else { return (pictureSize, pictureSize) }
        if width >= height {
            return (pictureSize, max(1, (height * pictureSize + width / 2) / width))
        }
        return (max(1, (width * pictureSize + height / 2) / height), pictureSize)
    }
}
