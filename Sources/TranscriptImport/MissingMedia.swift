import Foundation
import TranscriptModel

/// The files a conversation's messages name that its media folder does not have: what `transcripts import`
/// reports (a build reports the same when it copies the files).
package enum MissingMedia {
    /// The paths, in message order, that do not name a file inside `folder` (checked as a build checks them
    /// before copying, `ExportFile.resolve`).
    package static func paths(in conversation: Conversation, folder: URL) -> [String] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        return conversation.messages.flatMap { message in
            files(of: message.kind).filter { path in
                if case .success = ExportFile.resolve(path, inRealFolder: root) { return false }
                return true
            }
        }
    }

    /// The names of the attachments a chat names whose files the export does not hold (the importer kept
    /// only their names): `IMG-1.jpg <attached>` in a WhatsApp chat exported without media.
    package static func notIncluded(in conversation: Conversation) -> [String] {
        conversation.messages.compactMap { message in
            guard let item = message.kind.mediaItem, item.file == nil else { return nil }
            return item.name
        }
    }

    /// The warning about `names` (see `notIncluded`), or nil for none.
    package static func notIncludedWarning(_ names: [String], file: String) -> String? {
        guard !names.isEmpty else { return nil }
        let listed = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
        return "\(file): \(names.count) attachment\(names.count == 1 ? " the chat names is" : "s the chat names are") not in the export (shown as placeholders): \(listed)"
    }

    private static func files(of kind: MessageKind) -> [String] {
        switch kind {
        case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item):
            [item.file, item.thumbnail].compactMap { $0 }
        case .linkPreview(let preview): preview.image.map { [$0] } ?? []
        default: []
        }
    }
}

extension MessageKind {
    /// The media item of a photo, video, audio, voice message, file or sticker.
    var mediaItem: MediaItem? {
        switch self {
        case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item): item
        default: nil
        }
    }
}
