import Foundation
import TranscriptModel
import TranscriptRender

extension MessageMedia {
    /// Copies the files of every message of a conversation; nil entries for messages without files.
    static func copy(
        _ messages: [Message], from folder: URL, with copier: MediaCopier
    ) -> (media: [Int: MessageMedia], problems: [(path: String, reason: String)]) {
        var result: [Int: MessageMedia] = [:]
        var problems: [(path: String, reason: String)] = []
        for index in messages.indices {
            let paths = paths(of: messages[index].kind)
            guard !paths.isEmpty else { continue }
            var media = MessageMedia()
            for (path, imageOnly, isThumbnail) in paths {
                switch copier.copy(path, from: folder, imageOnly: imageOnly) {
                case .success(let copied):
                    if isThumbnail { media.thumbnail = copied } else { media.file = copied }
                case .failure(let refusal):
                    // The page says why in its own words: the reason's key in the strings table.
                    media.problems.append((path, refusal.stringKey))
                    problems.append((path, refusal.description))
                }
            }
            result[index] = media
        }
        return (result, problems)
    }
}

extension MediaCopier.Refusal {
    /// The key of the words a page shows for the refusal (`fileProblemMissing`: "does not exist").
    var stringKey: String {
        switch self {
        case .notRelative: "fileProblemNotRelative"
        case .outsideExport: "fileProblemOutside"
        case .missing: "fileProblemMissing"
        case .notAFile: "fileProblemNotAFile"
        case .notAnImage: "fileProblemNotAnImage"
        }
    }
}
