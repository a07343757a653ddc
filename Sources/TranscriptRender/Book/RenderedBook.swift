import TranscriptModel

/// A book made of one conversation (`ConversationRenderer.book`): its documents, stylesheet and package
/// document, each by its path in the book's folder, in the order they are stored; the images the documents
/// show are the caller's to add (`images`).
package struct RenderedBook: Sendable {
    /// A file of the book: its path in the book's folder and its bytes.
    package struct File: Sendable {
        package var path: String
        package var bytes: [UInt8]
    }

    /// The title page, the table of contents, the months, the person index, the stylesheet and the package
    /// document (`content.opf`), in that order.
    package var files: [File]
    /// The site paths of the images the documents show (the same paths in the book's folder), sorted.
    package var images: [String]
    /// `META-INF/container.xml`, which names the package document.
    package var container: [UInt8]
    /// The package document's path in the book's folder.
    package static let packagePath = "content.opf"
}

/// What a book shows besides the conversation: the config's `book:` block.
package struct BookText: Sendable {
    /// The title (the conversation's when nil), the title page's text, and the cover picture (its copy).
    package var title: String?
    package var text: String?
    package var cover: CopiedFile?

    package init(title: String? = nil, text: String? = nil, cover: CopiedFile? = nil) {
        self.title = title
        self.text = text
        self.cover = cover
    }
}

/// The images a book holds: EPUB 3.2's core image types, which every reading system shows (WebP is not among
/// them: EPUBCheck asks for a fallback).
package enum BookImages {
    /// The media type of a picture at `path` that a book can hold, by its name's extension; nil for others
    /// (they are shown by name, as other media are).
    package static func mediaType(of path: String) -> String? {
        switch path.split(separator: ".").last?.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        default: nil
        }
    }
}

/// Text made fit for XML: the characters XML 1.0 does not allow (control characters other than tab, line
/// feed and carriage return, U+FFFE and U+FFFF) left out. Everything else was escaped by the templates.
package enum XMLText {
    package static func bytes(_ text: String) -> [UInt8] {
        var utf8 = Array(text.utf8)
        guard utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0xEF }) else { return utf8 }
        utf8 = []
        for scalar in text.unicodeScalars where isAllowed(scalar) {
            utf8.append(contentsOf: String(scalar).utf8)
        }
        return utf8
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
