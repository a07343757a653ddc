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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case identifier, title, lang, dir, isRightToLeft, creators, modified, items, spine
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .identifier: .text(identifier)
        case .title: .text(title)
        case .lang: .text(lang)
        case .dir: .text(dir)
        case .isRightToLeft: .flag(dir == "rtl")
        case .creators: .texts(creators)
        case .modified: .text(modified)
        case .items: .models(items)
        case .spine: .texts(spine)
        }
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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case id, href, mediaType, properties
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .id: .text(id)
        case .href: .text(href)
        case .mediaType: .text(mediaType)
        case .properties: properties.templateValue
        }
    }
}

/// An EPUB's `META-INF/container.xml` (`book/container`): where its package document is.
public struct BookContainer: Sendable, TemplateModel {
    /// The package document's path in the container.
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public enum TemplateKey: String, CaseIterable, Sendable {
        case path
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .path: .text(path)
        }
    }
}
