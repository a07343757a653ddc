import TranscriptTemplates

/// One month of a book (`book/chapter`): its heading and its messages, drawn by `book/message` and the
/// `book/messages/KIND` templates.
public struct BookChapter: Sendable, TemplateModel {
    /// The document's language, direction and title.
    public var document: BookDocument
    /// The month, such as `May 2024` (with its part when a long month is split).
    public var heading: String
    /// The messages' rows, as the site's pages have them (same anchors, replies, reactions).
    public var messages: [MessageRowObject]
    /// The month's section's id (`month-2024-05`), which a printed book's contents link.
    public var id: String
    /// In a printed book, the name of the month's pages (whose running header names the month).
    public var pageName: String?

    public init(document: BookDocument, heading: String, messages: [MessageRowObject], id: String, pageName: String? = nil) {
        self.document = document
        self.heading = heading
        self.messages = messages
        self.id = id
        self.pageName = pageName
    }
}
