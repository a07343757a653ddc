import TranscriptModel
import TranscriptSupport

/// The config's `book:` block: which conversations `transcripts build` also makes books of (written beside
/// their pages, `c/<id>/book.epub`, and linked from their overview), and what the books' title pages show.
///
/// ```yaml
/// book:
///   conversations: [family]
///   title: Letters from home
///   text: For Grandma, on her 90th birthday.
///   cover: cover.jpg        # relative to the site folder
///   formats: [epub, pdf]
///   paper: a4               # or letter (the PDF's pages)
/// ```
// generate: Decodable
public struct BookSettings: Sendable, Equatable, Decodable {
    /// The ids of the conversations the site build makes books of.
    // decode: decodeOneOrMany
    public var conversations: [String] = []
    /// The book's title; the conversation's when nil.
    public var title: String?
    /// A text for the title page (a dedication, a note).
    public var text: String?
    /// A picture for the cover and the title page, relative to the site folder.
    public var cover: String?
    /// The files the site build makes of each book: `epub`, `pdf` or both.
    // decode: decodeFormats
    public var formats: [BookFormat] = [.epub]
    /// The PDF's paper size.
    // decode: decodePaper
    public var paper: PaperSize = .a4

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }
}

/// The kinds of file a book is made as.
public enum BookFormat: String, Sendable, Equatable, CaseIterable {
    case epub, pdf
}

/// The paper sizes of a PDF book.
public enum PaperSize: String, Sendable, Equatable, CaseIterable {
    case a4, letter

    /// The size in inches (Chromium's measure for printing).
    public var inches: (width: Double, height: Double) {
        switch self {
        case .a4: (8.27, 11.69)
        case .letter: (8.5, 11)
        }
    }
}

// The keys of `BookSettings` that are not read as their type is.
extension KeyedDecodingContainer<BookSettings.CodingKeys> {
    /// A list of format names, in any case.
    func decodeFormats(forKey key: Key) throws -> [BookFormat]? {
        try decodeIfPresent([String].self, forKey: key)?.map { name in
            guard let format = BookFormat(rawValue: name.lowercased()) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(name)\" is not a book format (epub, pdf)")
            }
            return format
        }
    }

    /// A paper size's name, in any case.
    func decodePaper(forKey key: Key) throws -> PaperSize? {
        guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let paper = PaperSize(rawValue: name.lowercased()) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(name)\" is not a paper size (a4, letter)")
        }
        return paper
    }
}
