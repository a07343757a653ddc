import Foundation
import TranscriptModel

/// The conversations of exports that may hold the same conversation, kept on disk (`ConversationCoding`) until
/// every export was read, so that a build holds one conversation's readings at a time, not the exports.
package final class MergeStash {
    private let folder: URL
    private var parts: [String: [(file: URL, display: String, position: Int, contentIDs: Bool)]] = [:]
    private var written = 0

    /// A stash in `folder` (made when the first part is added; the caller removes it).
    package init(folder: URL) {
        self.folder = folder
    }

    /// Keeps one export's reading of a conversation, by its id.
    package func add(_ part: ConversationMerge.Part) throws {
        if written == 0 { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let file = folder.appendingPathComponent("part-\(written)")
        written += 1
        try Data(ConversationCoding.encode(part.imported)).write(to: file)
        parts[part.imported.conversation.id, default: []].append((file, part.file, part.position, part.contentIDs))
    }

    /// The ids of the conversations kept, in order.
    package var ids: [String] { parts.keys.sorted() }

    /// The readings of the conversation `id`, in the order they were added; they are no longer kept.
    package func take(_ id: String) throws -> [ConversationMerge.Part] {
        let kept = parts.removeValue(forKey: id) ?? []
        return try kept.map { kept in
            defer { try? FileManager.default.removeItem(at: kept.file) }
            let bytes = try [UInt8](Data(contentsOf: kept.file))
            return ConversationMerge.Part(
                imported: try ConversationCoding.decode(bytes), file: kept.display, position: kept.position, contentIDs: kept.contentIDs)
        }
    }
}
