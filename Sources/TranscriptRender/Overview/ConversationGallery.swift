import TranscriptModel
import TranscriptSupport
import TranscriptTemplates

/// A conversation's photos and videos, files and links, in message order, for its gallery pages: each entry
/// links to its message's permalink. Made in one pass over the messages; pictures are the site's copies, shown
/// at their size fitted into a square (so the page's layout is reserved before they load).
struct ConversationGallery {
    private(set) var media: [GalleryEntry] = []
    private(set) var files: [GalleryEntry] = []
    private(set) var links: [GalleryEntry] = []

    /// The side of the square a picture is fitted into, in CSS pixels.
    static let pictureSize = 160

    /// The gallery of every message of `frame`: a chunk of the messages on each core (each with date texts of its
    /// own from `dates`), put together in order.
    init(
        frame: ConversationFrame, media copies: [Int: MessageMedia], dates: @Sendable () -> DateTexts,
        strings: StringTable = StringTables.english
    ) {
        let chunks = (try? chunkRanges(count: frame.messages.count, chunkSize: Self.chunkSize).concurrentMap { range in
            ConversationGallery(frame: frame, media: copies, messages: range, dates: dates(), strings: strings)
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
    init(
        frame: ConversationFrame, media copies: [Int: MessageMedia], messages indices: Range<Int>, dates: DateTexts,
        strings: StringTable = StringTables.english
    ) {
        let root = frame.site.root
        let messages = frame.messages
        // The messages' fields are read in place: a copy of a message would retain each of its parts.
        for index in indices {
            var metaText: String?
            func meta() -> String {
                if let metaText { return metaText }
                let text = (messages[index].sender.map { frame.name(of: $0) + " · " } ?? "") + dates.day(messages[index].date)
                metaText = text
                return text
            }
            var permalink: String { frame.pageFiles[index] + "#" + Anchor.forMessage(id: messages[index].id) }
            let copy = copies[index]
            switch messages[index].kind {
            case .photo(let item), .video(let item):
                let isVideo = messages[index].kind.typeName == "video"
                let picture = isVideo ? copy?.thumbnail : copy?.file
                let size = picture.map { Self.fitted(width: $0.width ?? item.width, height: $0.height ?? item.height) }
                let kindName = strings.text(isVideo ? "kindVideo" : "kindPhoto")
                media.append(GalleryEntry(
                    permalink: permalink, meta: meta(), image: picture.map { root + $0.sitePath }, width: size?.width,
                    height: size?.height, alt: item.caption.map(ShownText.cut) ?? strings.text("mediaFrom", ["kind": kindName, "meta": meta()]), label: kindName,
                    href: nil, size: nil, isVideo: isVideo))
            case .file(let item), .audio(let item):
                files.append(GalleryEntry(
                    permalink: permalink, meta: meta(), image: nil, width: nil, height: nil, alt: "",
                    label: item.name ?? item.file.map(MessageDetails.fileName(of:)) ?? strings.text("kindFile"),
                    href: copy?.file.map { root + $0.sitePath },
                    size: item.size.map { MessageDetails.formatByteCount($0, strings: strings) }
                        ?? copy?.file.map { MessageDetails.formatByteCount($0.size, strings: strings) },
                    isVideo: false))
            case .linkPreview(let preview):
                var listed = Set<String>()
                if let text = preview.text { addLinks(in: text, permalink: { permalink }, meta: meta, listed: &listed) }
                if let target = SafeURL.web(preview.url), !listed.contains(target) {
                    links.append(Self.link(target, text: preview.title ?? preview.url, permalink: permalink, meta: meta()))
                }
            default:
                if let text = ConversationRenderer.text(of: messages[index].kind)?.source {
                    var listed = Set<String>()
                    addLinks(in: text, permalink: { permalink }, meta: meta, listed: &listed)
                }
            }
        }
    }

    /// Adds the web addresses of `text` (each once) to the links.
    private mutating func addLinks(in text: String, permalink: () -> String, meta: () -> String, listed: inout Set<String>) {
        var bytes = text
        guard bytes.withUTF8({ URLScanner.mayContainURL($0) }) else { return }
        for found in URLScanner.urls(in: text) {
            guard let target = SafeURL.web(found.target), listed.insert(target).inserted else { continue }
            links.append(Self.link(target, text: String(text[found.range]), permalink: permalink(), meta: meta()))
        }
    }

    private static func link(_ target: String, text: String, permalink: String, meta: String) -> GalleryEntry {
        GalleryEntry(
            permalink: permalink, meta: meta, image: nil, width: nil, height: nil, alt: "", label: text, href: target,
            size: nil, isVideo: false)
    }

    /// A picture's size fitted into the square, keeping its shape; the whole square when the size is unknown.
    static func fitted(width: Int?, height: Int?) -> (width: Int, height: Int) {
        guard let width, let height, width > 0, height > 0 else { return (pictureSize, pictureSize) }
        if width >= height {
            return (pictureSize, max(1, (height * pictureSize + width / 2) / width))
        }
        return (max(1, (width * pictureSize + height / 2) / height), pictureSize)
    }

    func entries(of section: GallerySection) -> [GalleryEntry] {
        switch section {
        case .media: media
        case .files: files
        case .links: links
        }
    }
}
