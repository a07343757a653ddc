import TranscriptTemplates

/// A book's package document (`book/package`, the EPUB's `content.opf`): its metadata, every file it holds
/// and the reading order.
public struct BookPackage: Sendable, TemplateModel {
    /// The book's identifier (`urn:uuid:…`), the same for the same conversation in every build.
    public var identifier: String
    public var title: String
    public var lang: String
    /// `ltr` or `rtl`: an RTL book's pages turn right to left.
    public var dir: String
    /// Whether the pages turn right to left.
    // template: key
    var isRightToLeft: Bool { dir == "rtl" }
    /// The people of the conversation, as the book's creators.
    public var creators: [String]
    /// When the book last changed: its newest message's time (`dcterms:modified`, `CCYY-MM-DDThh:mm:ssZ`).
    public var modified: String
    /// Every file but the package document itself and the container's own files.
    public var items: [BookItem]
    /// The ids of the documents in reading order.
    public var spine: [String]

    public init(
        identifier: String, title: String, lang: String, dir: String, creators: [String], modified: String,
        items: [BookItem], spine: [String]
    ) {
        self.identifier = identifier
        self.title = title
        self.lang = lang
        self.dir = dir
        self.creators = creators
        self.modified = modified
        self.items = items
        self.spine = spine
    }
}

/// A file of a book, as its package document lists it.
public struct BookItem: Sendable, TemplateModel {
    public var id: String
    /// The file's path, relative to the package document.
    public var href: String
    public var mediaType: String
    /// EPUB's properties of the item (`nav`, `cover-image`), space-separated.
    public var properties: String?

    public init(id: String, href: String, mediaType: String, properties: String? = nil) {
        self.id = id
        self.href = href
        self.mediaType = mediaType
        self.properties = properties
    }
}

/// An EPUB's `META-INF/container.xml` (`book/container`): where its package document is.
public struct BookContainer: Sendable, TemplateModel {
    /// The package document's path in the container.
    public var path: String

    public init(path: String) {
        self.path = path
    }
}
