import Foundation

/// The site's copies of the files a message names (its media file, a video's thumbnail, a link preview's
/// picture), and what could not be copied. (`PageDigests` digests every field: a new one goes there too.)
struct MessageMedia: Sendable {
    var file: MediaCopier.Copied?
    var thumbnail: MediaCopier.Copied?
    /// Paths the export names that are missing or refused, with the reason.
    var problems: [(path: String, reason: String)] = []

    /// The files `message` names: (path, whether it must be an image, whether it is a thumbnail).
    static func paths(of message: Message) -> [(path: String, imageOnly: Bool, isThumbnail: Bool)] {
        switch message.kind {
        case .photo(let media), .sticker(let media):
            return [media.file.map { ($0, false, false) }].compactMap { $0 }
        case .video(let media):
            return [media.file.map { ($0, false, false) }, media.thumbnail.map { ($0, true, true) }].compactMap { $0 }
        case .audio(let media), .voice(let media), .file(let media):
            return [media.file.map { ($0, false, false) }].compactMap { $0 }
        case .linkPreview(let preview):
            return [preview.image.map { ($0, true, false) }].compactMap { $0 }
        default:
            return []
        }
    }

    /// Copies the files of every message of a conversation; nil entries for messages without files.
    static func copy(
        _ messages: [Message], from folder: URL, with copier: MediaCopier
    ) -> (media: [Int: MessageMedia], problems: [(path: String, reason: String)]) {
        var result: [Int: MessageMedia] = [:]
        var problems: [(path: String, reason: String)] = []
        for (index, message) in messages.enumerated() {
            let paths = paths(of: message)
            guard !paths.isEmpty else { continue }
            var media = MessageMedia()
            for (path, imageOnly, isThumbnail) in paths {
                switch copier.copy(path, from: folder, imageOnly: imageOnly) {
                case .success(let copied):
                    if isThumbnail { media.thumbnail = copied } else { media.file = copied }
                case .failure(let refusal):
                    media.problems.append((path, refusal.description))
                    problems.append((path, refusal.description))
                }
            }
            result[index] = media
        }
        return (result, problems)
    }
}
