import TranscriptModel

/// How the text of a message is written.
public enum TextFormat: Sendable, Equatable {
    /// Plain text: nothing is interpreted; bare URLs become links and typed line breaks are kept.
    case plain
    /// CommonMark source; typed line breaks are kept, bare URLs become links.
    case markdown
}

/// Message text rendered for the page and for the search index, from one parse.
public struct RenderedText: Sendable, Equatable {
    /// Safe HTML as cmark's renderer writes it (for plain text, the same bytes, written by `PlainTextHTML`).
    public var html: String
    /// The words of the text with markup removed, for search and snippets.
    public var plainText: String

    public init(html: String, plainText: String) {
        self.html = html
        self.plainText = plainText
    }
}
