import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSupport

/// Makes books of conversations as they come from `transform` (so the privacy settings reach them): in a
/// site's build, those the config's `book:` block names, written beside their pages (`c/<folder>/book.epub`,
/// `book.pdf`);
/// for `transcripts book`, the one conversation asked for (`BookRequest`), written to its file.
///
/// A conversation the build takes over from the previous one unread keeps the previous build's book.
public struct BookStage: BuildStage {
    public let name = "book"
    /// The one book to make, or nil for the config's.
    public var request: BookRequest?

    public init(request: BookRequest? = nil) {
        self.request = request
    }

    /// A book's file name in its conversation's folder.
    public static func fileName(_ format: BookFormat) -> String { "book." + format.rawValue }

    public func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
        let id = conversation.imported.conversation.id
        let displayPath = conversation.source.displayPath
        if let request {
            context.books.seen.append(id)
            guard id == request.conversation else { return }
            var imported = conversation.imported
            let span = try request.span(in: context.configuration.timeZone)
            imported.conversation.messages.removeAll { !(span.start..<span.end).contains($0.date.secondsSince1970) }
            guard !imported.conversation.messages.isEmpty else {
                throw TranscriptsError(file: displayPath, message: "the conversation \"\(id)\" has no messages between those days")
            }
            let made = request.format == .pdf
                ? try context.pdf(of: imported, file: displayPath) : try context.epub(of: imported, file: displayPath)
            try BookFile.move(made, to: request.output)
            context.books.made.append(id)
            context.summary.messagesRendered += imported.conversation.messages.count
            return
        }
        let settings = context.configuration.book
        guard settings.conversations.contains(id), context.protection == nil, let slug = context.books.slugs[id] else { return }
        for format in settings.formats {
            let made = format == .pdf
                ? try context.pdf(of: conversation.imported, file: displayPath)
                : try context.epub(of: conversation.imported, file: displayPath)
            defer { try? FileManager.default.removeItem(at: made) }
            try context.output.write(try Data(contentsOf: made, options: .alwaysMapped), to: "c/\(slug)/" + Self.fileName(format))
            context.count("books")
        }
        context.books.made.append(id)
    }

    public func run(in context: BuildContext) throws {
        if let request {
            guard context.books.made.contains(request.conversation) else {
                let known = context.books.seen.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw TranscriptsError(
                    message: "the site has no conversation \"\(request.conversation)\"" + (known.isEmpty ? "" : " (it has \(known))"))
            }
            return
        }
        let settings = context.configuration.book
        guard !settings.conversations.isEmpty, !settings.formats.isEmpty else { return }
        if context.protection != nil {
            context.warn(
                "book: a protected site's pages hold no books (a book is not protected); make one with "
                    + "transcripts book SITE --conversation ID --allow-unprotected-book")
            return
        }
        // Conversations taken over unread keep the previous build's book, when their pages are in the site.
        guard let previous = context.cache?.previous else { return }
        for export in previous.exports.keys.sorted() {
            for name in previous.exports[export]!.records {
                guard let record = context.cache?.record(named: name), settings.conversations.contains(record.id),
                      !context.books.made.contains(record.id), context.output.stampOfMade("c/\(record.slug)/index.html") != nil
                else { continue }
                var linked = true
                for format in settings.formats {
                    linked = try context.output.link("c/\(record.slug)/" + Self.fileName(format)) && linked
                }
                if linked { context.books.made.append(record.id) }
            }
        }
        for id in settings.conversations where !context.books.made.contains(id) && !context.books.slugs.keys.contains(id) {
            context.warn("book.conversations: the site has no conversation \"\(id)\"")
        }
    }
}

/// What the book stage knows during a build: where conversations were placed, which books were made.
struct BookProgress {
    /// Each rendered conversation's folder (`c/<slug>/`), by id.
    var slugs: [String: String] = [:]
    /// The ids of the conversations seen, and of those whose book was made.
    var seen: [String] = []
    var made: [String] = []
}

/// Putting a made book at its place: all at once, so a failed run leaves no half of it (and an older book stays
/// until the new one is there).
enum BookFile {
    static func move(_ made: URL, to url: URL) throws {
        do {
            let folder = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Beside the destination first (the workspace may be on another file system), then renamed over it.
            let beside = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: beside) }
            try FileManager.default.copyItem(at: made, to: beside)
            guard rename(beside.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw TranscriptsError(file: url.path, message: "cannot write the book (\(TranscriptsError.sentence(for: error)))")
        }
    }
}
