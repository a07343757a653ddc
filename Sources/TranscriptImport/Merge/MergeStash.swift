import Foundation
import Synchronization
import TranscriptModel

/// The conversations of exports that may hold the same conversation, kept on disk (`ConversationCoding`) until
/// every export was read, so that a build holds one conversation's readings at a time, not the exports. Parts
/// may be taken on another thread than the one that added them (one conversation is merged while the one before
/// is rendered).
package final class MergeStash: Sendable {
    private struct Kept {
        var file: URL
        var display: String
        var position: Int
        var contentIDs: Bool
        var bytes: Int
    }

    private let folder: URL
    private let state = Mutex<(parts: [String: [Kept]], written: Int)>(([:], 0))

    /// A stash in `folder` (made when the first part is added; the caller removes it).
    package init(folder: URL) {
        self.folder = folder
    }

    /// Keeps one export's reading of a conversation, by its id.
    package func add(_ part: ConversationMerge.Part) throws {
        let number = state.withLock { state in
            defer { state.written += 1 }
            return state.written
        }
        if number == 0 { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let file = folder.appendingPathComponent("part-\(number)")
        let bytes = ConversationCoding.encode(part.imported)
        try bytes.withUnsafeBytes { buffer in
            // Written as they are, not copied into a `Data` first: a part can be a large conversation.
            try Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress!), count: buffer.count, deallocator: .none)
                .write(to: file)
        }
        let kept = Kept(file: file, display: part.file, position: part.position, contentIDs: part.contentIDs, bytes: bytes.count)
        state.withLock { $0.parts[part.imported.conversation.id, default: []].append(kept) }
    }

    /// The ids of the conversations kept, in order.
    package var ids: [String] { state.withLock { $0.parts.keys.sorted() } }

    /// The bytes of the readings of the conversation `id` as kept (a measure of the memory they take once read).
    package func bytes(of id: String) -> Int {
        state.withLock { $0.parts[id]?.reduce(0) { $0 + $1.bytes } ?? 0 }
    }

    /// The readings of the conversation `id`, in the order they were added; they are no longer kept.
    package func take(_ id: String) throws -> [ConversationMerge.Part] {
        let kept = state.withLock { $0.parts.removeValue(forKey: id) } ?? []
        return try kept.map { kept in
            defer { try? FileManager.default.removeItem(at: kept.file) }
            let bytes = try Self.read(kept.file, count: kept.bytes)
            return ConversationMerge.Part(
                imported: try ConversationCoding.decode(bytes), file: kept.display, position: kept.position,
                contentIDs: kept.contentIDs)
        }
    }

    /// The `count` bytes of a part's file, read straight into the array the decoder reads.
    private static func read(_ file: URL, count: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let descriptor = handle.fileDescriptor
        return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + initialized, count - initialized)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    throw TranscriptsError(file: file.path, message: "the build's stash of this conversation is shorter than written")
                }
                initialized += got
            }
        }
    }
}
