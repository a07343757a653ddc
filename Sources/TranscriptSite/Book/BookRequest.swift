import Foundation
import TranscriptModel

/// What `transcripts book` asks for: one conversation, the days of it, and the file to write.
public struct BookRequest: Sendable {
    /// The conversation's id.
    public var conversation: String
    /// The first and last day of the messages (`YYYY-MM-DD`, in the site's time zone), both included; nil for
    /// no limit.
    public var from: String?
    public var to: String?
    /// The file to write: an EPUB (`.epub`) or a PDF (`.pdf`).
    public var output: URL
    /// Whether a protected site's book, which is not protected, is made all the same.
    public var allowsUnprotected: Bool

    public init(conversation: String, from: String? = nil, to: String? = nil, output: URL, allowsUnprotected: Bool = false) {
        self.conversation = conversation
        self.from = from
        self.to = to
        self.output = output
        self.allowsUnprotected = allowsUnprotected
    }

    /// The format the output file's name asks for.
    public var format: BookFormat? {
        BookFormat(rawValue: output.pathExtension.lowercased())
    }

    /// The span of seconds since 1970 the days cover in `timeZone`: from the start of `from` to the end of `to`.
    func span(in timeZone: TimeZone) throws -> (start: Double, end: Double) {
        try DaySpan(from: from, to: to).seconds(in: timeZone)
    }
}
