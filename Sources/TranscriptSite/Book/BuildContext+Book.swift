import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender

extension BuildContext {
    /// The EPUB of `imported`'s conversation, its documents rendered and its pictures in one container: a file
    /// of the build's workspace, which the caller moves or reads.
    func epub(of imported: ImportedConversation, file displayPath: String) throws -> URL {
        let (frame, media, text) = try bookParts(of: imported, file: displayPath)
        let book = try renderer.book(of: frame, media: media, text: text, folder: EPUBContainer.folder)
        var files = book.files.map { (path: $0.path, contents: EPUBContainer.Contents.bytes(Data($0.bytes))) }
        for image in book.images {
            files.append((image, .file(try copiedPicture(image, file: displayPath))))
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
        let (frame, media, text) = try bookParts(of: imported, file: displayPath)
        let paper = configuration.book.paper == .letter ? "letter" : "A4"
        var printed = try renderer.printBook(of: frame, media: media, text: text, paper: paper)
        let folder = workspace.appendingPathComponent("print-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = workspace.appendingPathComponent("book-\(UUID().uuidString.prefix(8)).pdf")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for image in printed.images {
                let url = folder.appendingPathComponent(image)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: try copiedPicture(image, file: displayPath), to: url)
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
            printed = try renderer.printBook(of: frame, media: media, text: text, paper: paper, pageNumbers: Array(pages.dropFirst(2)))
            try Data(printed.page).write(to: page)
            try PDFPrinter.print(page: page, to: pdf, date: printed.newest, workspace: folder)
        }
        try FileManager.default.moveItem(at: pdf, to: result)
        return result
    }

    /// What both kinds of book are made of: the conversation's frame (its pages' plan, its people), its media
    /// copied (through the media copier, with its checks and the privacy settings' metadata stripping), and the
    /// config's title page.
    private func bookParts(
        of imported: ImportedConversation, file displayPath: String
    ) throws -> (frame: ConversationFrame, media: [Int: MessageMedia], text: BookText) {
        let conversation = imported.conversation
        let copied = MessageMedia.copy(conversation.messages, from: imported.mediaFolder, folders: imported.messageFolders, with: media)
        var cover: CopiedFile?
        if let path = configuration.book.cover {
            switch media.copy(path, from: options.site, imageOnly: true) {
            case .success(let file): cover = file
            case .failure(let refusal): warn("book.cover: \(path) \(refusal); the book has no cover")
            }
        }
        try media.checkExifTool(file: displayPath)
        let frame = try renderer.frame(of: conversation, file: displayPath, root: "", publicID: conversationNaming?(conversation.id))
        return (frame, copied.media, BookText(title: configuration.book.title, text: configuration.book.text, cover: cover))
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
