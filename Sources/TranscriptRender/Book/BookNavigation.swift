import TranscriptTemplates

/// A book's table of contents (`book/nav`, the EPUB navigation document): the title page, the months by
/// year, and the person index.
public struct BookNavigation: Sendable, TemplateModel {
    /// The document's language, direction and title.
    public var document: BookDocument
    /// The months of each year, each linking to its document.
    public var years: [YearLinks]
    /// The first month's document, where the reading starts.
    public var start: String?
    /// In a printed book, the page the person index starts on.
    public var peoplePage: String?

    public init(document: BookDocument, years: [YearLinks], start: String?, peoplePage: String? = nil) {
        self.document = document
        self.years = years
        self.start = start
        self.peoplePage = peoplePage
    }
}
