import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport

extension BuildContext {
    /// The EPUB of `imported`'s conversation, its documents rendered and its pictures in one container: a file
    /// of the build's workspace, which the caller moves or reads.
    func epub(of imported: ImportedConversation, file displayPath: String) throws -> URL {
        let parts = try bookParts(of: imported, file: displayPath)
        defer { try? FileManager.default.removeItem(at: parts.folder) }
        let book = try renderer.book(
            of: parts.frame, media: parts.media, text: parts.text, folder: EPUBContainer.folder, avatars: parts.avatars)
        var files = book.files.map { (path: $0.path, contents: EPUBContainer.Contents.bytes(Data($0.bytes))) }
        for image in book.images {
            files.append((image, .file(try parts.pictures[image] ?? copiedPicture(image, file: displayPath))))
        }
        let url = workspace.appendingPathComponent("book-\(UUID().uuidString.prefix(8)).epub")
        do {
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            try EPUBContainer.write(containerXML: book.container, files: files, to: url)
        } catch let error as TranscriptsError {
            throw error
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot write the book (\(TranscriptsError.sentence(for: error)))")
        }
        return url
    }

    /// The PDF of `imported`'s conversation, printed by Chromium on `paper` from one page (`book/print`) written
    /// with its pictures into a folder of the build's workspace; twice, the second time with the page numbers
    /// the first printing's outline gives the contents (the numbers take no more lines, so no page moves).
    func pdf(of imported: ImportedConversation, file displayPath: String) throws -> URL {
        let parts = try bookParts(of: imported, file: displayPath)
        defer { try? FileManager.default.removeItem(at: parts.folder) }
        let (frame, media, text, avatars) = (parts.frame, parts.media, parts.text, parts.avatars)
        let paper = configuration.book.paper == .letter ? "letter" : "A4"
        var printed = try renderer.printBook(of: frame, media: media, text: text, paper: paper, avatars: avatars)
        let folder = workspace.appendingPathComponent("print-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = workspace.appendingPathComponent("book-\(UUID().uuidString.prefix(8)).pdf")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for image in printed.images {
                let url = folder.appendingPathComponent(image)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: try parts.pictures[image] ?? copiedPicture(image, file: displayPath), to: url)
            }
            try Data(printed.page).write(to: folder.appendingPathComponent("book.html"))
        } catch let error as TranscriptsError {
            throw error
        } catch {
            throw TranscriptsError(file: folder.path, message: "cannot write the page to print (\(TranscriptsError.sentence(for: error)))")
        }
        let pdf = folder.appendingPathComponent("book.pdf")
        let page = folder.appendingPathComponent("book.html")
        try PDFPrinter.print(page: page, to: pdf, date: printed.newest, workspace: folder)
        // The title, the contents, each month, the person index: the outline's top-level entries.
        if let pages = PDFOutline.topLevelPages(of: try Data(contentsOf: pdf, options: .alwaysMapped)),
           pages.count == printed.sections + 3
        {
            printed = try renderer.printBook(
                of: frame, media: media, text: text, paper: paper, avatars: avatars, pageNumbers: Array(pages.dropFirst(2)))
            try Data(printed.page).write(to: page)
            try PDFPrinter.print(page: page, to: pdf, date: printed.newest, workspace: folder)
        }
        try FileManager.default.moveItem(at: pdf, to: result)
        return result
    }

    /// What both kinds of book are made of: the conversation's frame (its pages' plan, its people), its media and
    /// its people's avatars copied (through the media copier, with its checks and the privacy settings' metadata
    /// stripping) and made fit for a book (`BookPictures`), and the config's title page. The pictures made are
    /// files in `folder`, by their path in the book (`pictures`); the caller removes the folder.
    private func bookParts(of imported: ImportedConversation, file displayPath: String) throws -> BookInput {
        let conversation = imported.conversation
        var copied = MessageMedia.copy(conversation.messages, from: imported.mediaFolder, folders: imported.messageFolders, with: media)
        var cover: CopiedFile?
        if let path = configuration.book.cover {
            switch media.copy(path, from: options.site, imageOnly: true) {
            case .success(let file): cover = file
            case .failure(let refusal): warn("book.cover: \(path) \(refusal); the book has no cover")
            }
        }
        try media.checkExifTool(file: displayPath)
        var avatars: [(id: String, name: String, file: CopiedFile)] = []
        for participant in conversation.participants {
            guard let avatar = participant.avatar, case .success(let file) = media.copy(avatar, from: imported.mediaFolder, imageOnly: true)
            else { continue }
            avatars.append((participant.id, avatar, file))
        }
        // The pictures the book shows or could show once converted: photos', stickers', videos' thumbnails.
        var requests: [BookPictures.Request] = []
        for (index, entry) in copied.media.sorted(by: { $0.key < $1.key }) {
            switch conversation.messages[index].kind {
            case .photo(let file), .sticker(let file):
                if let copy = entry.file, BookPictures.isPicture(copy.sitePath) {
                    requests.append(.init(file: copy, role: .picture, name: file.file ?? copy.sitePath))
                }
            case .video(let file):
                if let copy = entry.thumbnail, BookPictures.isPicture(copy.sitePath) {
                    requests.append(.init(file: copy, role: .picture, name: file.thumbnail ?? copy.sitePath))
                }
            default: break
            }
        }
        if let cover { requests.append(.init(file: cover, role: .picture, name: configuration.book.cover ?? cover.sitePath)) }
        requests += avatars.map { .init(file: $0.file, role: .avatar, name: $0.name) }
        let folder = workspace.appendingPathComponent("book-pictures-\(UUID().uuidString.prefix(8))")
        let pictures: BookPictures
        do {
            pictures = try BookPictures(requests, staging: output.staging, folder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw TranscriptsError(file: displayPath, message: "cannot make the book's pictures (\(TranscriptsError.sentence(for: error)))")
        }
        for problem in pictures.unreadable {
            warn("\(displayPath): \(problem.name) cannot be shown in the book (\(problem.reason)); the book names it")
        }
        for index in copied.media.keys {
            if let file = copied.media[index]?.file { copied.media[index]?.file = pictures.picture(file) }
            if let thumbnail = copied.media[index]?.thumbnail { copied.media[index]?.thumbnail = pictures.picture(thumbnail) }
        }
        let frame = try renderer.frame(of: conversation, file: displayPath, root: "", publicID: conversationNaming?(conversation.id))
        return BookInput(
            frame: frame, media: copied.media,
            text: BookText(title: configuration.book.title, text: configuration.book.text, cover: cover.map { pictures.picture($0) }),
            avatars: Dictionary(avatars.map { ($0.id, pictures.picture($0.file, role: .avatar).sitePath) }) { first, _ in first },
            pictures: pictures.files, folder: folder)
    }

    /// What a book is made of (`bookParts(of:file:)`).
    private struct BookInput {
        var frame: ConversationFrame
        var media: [Int: MessageMedia]
        var text: BookText
        /// Each participant's avatar, by id: its path in the book.
        var avatars: [String: String]
        /// The pictures made for the book, by their path in it; the folder they are in.
        var pictures: [String: URL]
        var folder: URL
    }

    /// The file of a picture the media copier copied.
    private func copiedPicture(_ sitePath: String, file displayPath: String) throws -> URL {
        let url = output.staging.appendingPathComponent(sitePath)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw TranscriptsError(file: displayPath, message: "cannot read the copy of the picture \(sitePath) for the book")
        }
        return url
    }
}
