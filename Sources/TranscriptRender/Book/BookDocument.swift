import TranscriptTemplates

/// What every XHTML document of a book shares: its language, its direction and its title.
public struct BookDocument: Sendable, TemplateModel {
    /// The language of the book (`xml:lang`), the site's.
    public var lang: String
    /// `ltr` or `rtl`, from the language.
    public var dir: String
    /// The document's `<title>`.
    public var title: String
    /// The name of the book's stylesheet, relative to the document.
    public var stylesheet: String

    public init(lang: String, dir: String, title: String, stylesheet: String = "book.css") {
        self.lang = lang
        self.dir = dir
        self.title = title
        self.stylesheet = stylesheet
    }
}
