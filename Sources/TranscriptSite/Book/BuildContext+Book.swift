import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender

extension BuildContext {
    /// The EPUB of `imported`'s conversation: its messages' pictures copied (through the media copier, with
    /// its checks and the privacy settings' metadata stripping), its documents rendered, all in one container.
    func epub(of imported: ImportedConversation, file displayPath: String) throws -> Data {
        let conversation = imported.conversation
        let copied = MessageMedia.copy(conversation.messages, from: imported.mediaFolder, folders: imported.messageFolders, with: media)
        var cover: CopiedFile?
        if let path = configuration.book.cover {
            switch media.copy(path, from: options.site, imageOnly: true) {
            case .success(let file): cover = file
            case .failure(let refusal): warn("book.cover: \(path) \(refusal); the book has no cover")
            }
        }
        let frame = try renderer.frame(of: conversation, file: displayPath, root: "")
        let book = try renderer.book(
            of: frame, media: copied.media,
            text: BookText(title: configuration.book.title, text: configuration.book.text, cover: cover),
            folder: EPUBContainer.folder)
        var files = book.files.map { (path: $0.path, bytes: Data($0.bytes)) }
        for image in book.images {
            let url = output.staging.appendingPathComponent(image)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw TranscriptsError(file: displayPath, message: "cannot read the copy of the picture \(image) for the book")
            }
            files.append((image, data))
        }
        return try EPUBContainer.make(containerXML: book.container, files: files)
    }
}
