import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport

extension MessageMedia {
    /// Files read ahead at once (`MediaCopier.prepare`): enough to keep the cores busy, few enough that their
    /// bytes stay small (each at most `MediaCopier.preparedSizeLimit`).
    static let readAhead = 16
    /// Paths checked ahead at once (`MediaCopier.resolveAhead`).
    static let resolveAhead = 1024

    /// Copies the files of every message of a conversation; nil entries for messages without files. The files
    /// of the next messages are read ahead on all cores, then each message's are copied in order. Paths are
    /// relative to `folder`, or for a merged conversation to each message's folder of `folders`.
    static func copy(
        _ messages: [Message], from folder: URL, folders: MessageFolders? = nil, with copier: MediaCopier
    ) -> (media: [Int: MessageMedia], problems: [(path: String, reason: String)]) {
        if let folders { return copy(messages, folders: folders, with: copier) }
        var result: [Int: MessageMedia] = [:]
        var problems: [(path: String, reason: String)] = []
        // Each message's files, named once and on all cores (most messages have none: an empty list takes no
        // memory of its own).
        let named = ((try? chunkRanges(count: messages.count, chunkSize: 4096).concurrentMap { range in
            // Asked first whether the kind can name files: passing a kind read in place copies it, each part retained.
            messages.withUnsafeBufferPointer { messages in
                range.map { messages[$0].kind.mayNameFiles ? Self.paths(of: messages[$0].kind) : [] }
            }
        }) ?? []).flatMap { $0 }
        var readUpTo = 0
        var resolvedUpTo = 0
        for index in messages.indices {
            if index == resolvedUpTo {
                var paths: [String] = []
                while resolvedUpTo < messages.count, paths.count < resolveAhead {
                    paths += named[resolvedUpTo].map(\.path)
                    resolvedUpTo += 1
                }
                copier.resolveAhead(paths, from: folder)
            }
            if index == readUpTo {
                var requests: [(path: String, imageOnly: Bool)] = []
                while readUpTo < messages.count, requests.count < readAhead {
                    requests += named[readUpTo].map { ($0.path, $0.imageOnly) }
                    readUpTo += 1
                }
                if requests.count > 1 { copier.prepare(requests, from: folder) }
            }
            let paths = named[index]
            guard !paths.isEmpty else { continue }
            result[index] = copy(paths, from: folder, with: copier, problems: &problems)
        }
        return (result, problems)
    }

    /// Copies the files one message names; what could not be copied is added to `problems`.
    private static func copy(
        _ paths: [(path: String, imageOnly: Bool, isThumbnail: Bool)], from folder: URL, with copier: MediaCopier,
        problems: inout [(path: String, reason: String)]
    ) -> MessageMedia {
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
        return media
    }
}

extension MessageMedia {
    /// Copies the files of a merged conversation's messages, each from its own export's folder, one at a time.
    private static func copy(
        _ messages: [Message], folders: MessageFolders, with copier: MediaCopier
    ) -> (media: [Int: MessageMedia], problems: [(path: String, reason: String)]) {
        var result: [Int: MessageMedia] = [:]
        var problems: [(path: String, reason: String)] = []
        for index in messages.indices where messages[index].kind.mayNameFiles {
            let paths = Self.paths(of: messages[index].kind)
            guard !paths.isEmpty else { continue }
            result[index] = copy(paths, from: folders.folder(ofMessage: index), with: copier, problems: &problems)
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
