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
public struct BookSettings: Sendable, Equatable {
    /// The ids of the conversations the site build makes books of.
    public var conversations: [String]
    /// The book's title; the conversation's when nil.
    public var title: String?
    /// A text for the title page (a dedication, a note).
    public var text: String?
    /// A picture for the cover and the title page, relative to the site folder.
    public var cover: String?
    /// The files the site build makes of each book: `epub`, `pdf` or both.
    public var formats: [BookFormat]
    /// The PDF's paper size.
    public var paper: PaperSize

    public init(
        conversations: [String] = [], title: String? = nil, text: String? = nil, cover: String? = nil,
        formats: [BookFormat] = [.epub], paper: PaperSize = .a4
    ) {
        self.conversations = conversations
        self.title = title
        self.text = text
        self.cover = cover
        self.formats = formats
        self.paper = paper
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

extension BookSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case conversations, title, text, cover, formats, paper
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let single = try? container.decodeIfPresent(String.self, forKey: .conversations) {
            conversations = [single]
        } else {
            conversations = try container.decodeIfPresent([String].self, forKey: .conversations) ?? []
        }
        title = try container.decodeIfPresent(String.self, forKey: .title)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        cover = try container.decodeIfPresent(String.self, forKey: .cover)
        let formatNames = try container.decodeIfPresent([String].self, forKey: .formats) ?? ["epub"]
        formats = try formatNames.map { name in
            guard let format = BookFormat(rawValue: name.lowercased()) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .formats, in: container, debugDescription: "\"\(name)\" is not a book format (epub, pdf)")
            }
            return format
        }
        let paperName = try container.decodeIfPresent(String.self, forKey: .paper) ?? "a4"
        guard let paper = PaperSize(rawValue: paperName.lowercased()) else {
            throw DecodingError.dataCorruptedError(
                forKey: .paper, in: container, debugDescription: "\"\(paperName)\" is not a paper size (a4, letter)")
        }
        self.paper = paper
    }
}
