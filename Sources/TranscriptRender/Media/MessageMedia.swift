import Foundation
import TranscriptModel

/// The site's copies of the files a message names (its media file, a video's thumbnail, a link preview's
/// picture), and what could not be copied. (`PageDigests` digests every field: a new one goes there too.)
package struct MessageMedia: Sendable {
    package var file: CopiedFile?
    package var thumbnail: CopiedFile?
    /// Paths the export names that are missing or refused, with the reason.
    package var problems: [(path: String, reason: String)] = []

    package init(file: CopiedFile? = nil, thumbnail: CopiedFile? = nil, problems: [(path: String, reason: String)] = []) {
        self.file = file
        self.thumbnail = thumbnail
        self.problems = problems
    }

    /// The files `message` names: (path, whether it must be an image, whether it is a thumbnail).
    package static func paths(of message: Message) -> [(path: String, imageOnly: Bool, isThumbnail: Bool)] {
        paths(of: message.kind)
    }

    /// The files a message of `kind` names, as `paths(of:)` of the message gives them.
    package static func paths(of kind: MessageKind) -> [(path: String, imageOnly: Bool, isThumbnail: Bool)] {
        switch kind {
        case .photo(let media), .sticker(let media), .audio(let media), .voice(let media), .file(let media):
            return media.file.map { [($0, false, false)] } ?? []
        case .video(let media):
            var paths: [(path: String, imageOnly: Bool, isThumbnail: Bool)] = []
            if let file = media.file { paths.append((file, false, false)) }
            if let thumbnail = media.thumbnail { paths.append((thumbnail, true, true)) }
            return paths
        case .linkPreview(let preview):
            return preview.image.map { [($0, true, false)] } ?? []
        default:
            return []
        }
    }
}
