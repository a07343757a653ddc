import TranscriptTemplates

/// A book's title page (`book/title`): the title, the text of the config's `book.text`, the conversation's
/// people, span and count, and the cover picture when there is one.
public struct BookTitlePage: Sendable, TemplateModel {
    /// The document's language, direction and title.
    public var document: BookDocument
    /// The book's title: the config's `book.title`, else the conversation's.
    public var title: String
    /// The config's `book.text` (a dedication, a note), when given.
    public var text: String?
    public var kindLabel: String
    public var participantNames: String
    public var messageCountText: String
    public var firstDate: String?
    public var lastDate: String?
    /// The cover picture, relative to the document.
    public var cover: String?

    public init(
        document: BookDocument, title: String, text: String?, kindLabel: String, participantNames: String,
        messageCountText: String, firstDate: String?, lastDate: String?, cover: String?
    ) {
        self.document = document
        self.title = title
        self.text = text
        self.kindLabel = kindLabel
        self.participantNames = participantNames
        self.messageCountText = messageCountText
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.cover = cover
    }
}
