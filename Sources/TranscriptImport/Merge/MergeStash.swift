import Foundation
import Synchronization
import TranscriptModel
import TranscriptSupport

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
        var family: String?
        var bytes: Int
        /// For a part of a family: its conversation's kind and a digest of each message id, sorted.
        var kind: ConversationKind
        var idDigests: [UInt64]
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
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw TranscriptsError(file: file.path, message: "cannot create the build's stash of a conversation")
        }
        // Written a block at a time as it is encoded: a part can be a large conversation, not to be held twice.
        let handle = try FileHandle(forWritingTo: file)
        var size = 0
        do {
            defer { try? handle.close() }
            try ConversationCoding.encode(part.imported) { block in
                try block.withUnsafeBytes { buffer in
                    try handle.write(
                        contentsOf: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress!), count: buffer.count, deallocator: .none))
                }
                size += block.count
            }
        }
        let kept = Kept(
            file: file, display: part.file, position: part.position, contentIDs: part.contentIDs, family: part.family,
            bytes: size, kind: part.imported.conversation.kind,
            idDigests: part.family == nil ? [] : part.imported.conversation.messages.map { Self.digest(ofID: $0.id) }.sorted())
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
            var imported = try Self.read(kept.file, count: kept.bytes)
            // A part joined to another id (`joinSameChats`) takes it.
            imported.conversation.id = id
            return ConversationMerge.Part(
                imported: imported, file: kept.display, position: kept.position, contentIDs: kept.contentIDs,
                family: kept.family)
        }
    }

    /// Joins the conversations of one family (`ExportImporter.messageIDFamily`: a WhatsApp chat exported as text
    /// and read from the phone's database) that are one chat under two ids: those of one kind that share at least
    /// half the messages of the smaller. The parts of a joined id are kept under the id `preferred` says (a
    /// person's timeline), else of the one with the most messages (then the first id in order). Returns each id
    /// joined and the id it was joined into, in order.
    package func joinSameChats(preferring preferred: (String) -> Bool = { _ in false }) -> [(from: String, into: String)] {
        state.withLock { state in
            // The ids with parts of a family, each with its family, kind and largest part's message count.
            var facts: [String: (family: String, kind: ConversationKind, messages: Int)] = [:]
            for (id, parts) in state.parts {
                for kept in parts {
                    guard let family = kept.family else { continue }
                    facts[id] = (family, kept.kind, max(facts[id]?.messages ?? 0, kept.idDigests.count))
                }
            }
            let ids = facts.keys.sorted()
            guard ids.count > 1 else { return [] }
            // How many messages two ids share: each message's first id, and a count for each later one.
            var holder: [UInt64: Int] = [:]
            var shared: [Pair: Int] = [:]
            for (number, id) in ids.enumerated() {
                for kept in state.parts[id]! where kept.family != nil {
                    for digest in kept.idDigests {
                        if let first = holder[digest] {
                            if first != number { shared[Pair(first, number), default: 0] += 1 }
                        } else {
                            holder[digest] = number
                        }
                    }
                }
            }
            holder = [:]
            var root = Array(ids.indices)
            func find(_ number: Int) -> Int {
                var number = number
                while root[number] != number { number = root[number] }
                return number
            }
            for (pair, count) in shared.sorted(by: { ($0.key.a, $0.key.b) < ($1.key.a, $1.key.b) }) {
                let (a, b) = (ids[pair.a], ids[pair.b])
                guard facts[a]!.family == facts[b]!.family, facts[a]!.kind == facts[b]!.kind,
                      count * 2 >= min(facts[a]!.messages, facts[b]!.messages)
                else { continue }
                let (rootA, rootB) = (find(pair.a), find(pair.b))
                if rootA != rootB { root[max(rootA, rootB)] = min(rootA, rootB) }
            }
            var groups: [Int: [Int]] = [:]
            for number in ids.indices { groups[find(number), default: []].append(number) }
            var joined: [(from: String, into: String)] = []
            for members in groups.values where members.count > 1 {
                let into = members.max { left, right in
                    let (l, r) = (facts[ids[left]]!.messages, facts[ids[right]]!.messages)
                    let (preferL, preferR) = (preferred(ids[left]), preferred(ids[right]))
                    if preferL != preferR { return preferR }
                    return l != r ? l < r : ids[left] > ids[right]
                }!
                for member in members where member != into {
                    state.parts[ids[into]]! += state.parts.removeValue(forKey: ids[member])!
                    joined.append((ids[member], ids[into]))
                }
            }
            return joined.sorted { ($0.from, $0.into) < ($1.from, $1.into) }
        }
    }

    /// Two ids' numbers, the smaller first.
    private struct Pair: Hashable {
        let a: Int
        let b: Int
        init(_ a: Int, _ b: Int) { (self.a, self.b) = a < b ? (a, b) : (b, a) }
    }

    /// A message id's digest, for finding the messages two conversations share.
    private static func digest(ofID id: String) -> UInt64 {
        var digest = FastDigest()
        digest.add(id)
        return digest.value
    }

    /// The conversation a part's file of `count` bytes holds, read a block at a time (each straight into the array
    /// the decoder reads): its bytes are never in memory whole beside its messages.
    private static func read(_ file: URL, count: Int) throws -> ImportedConversation {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let descriptor = handle.fileDescriptor
        var left = count
        func bytes(_ count: Int) throws -> [UInt8] {
            guard count <= left else { throw shorter() }
            left -= count
            return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                while initialized < count {
                    let got = Foundation.read(descriptor, buffer.baseAddress! + initialized, count - initialized)
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else { throw shorter() }
                    initialized += got
                }
            }
        }
        func shorter() -> TranscriptsError {
            TranscriptsError(file: file.path, message: "the build's stash of this conversation is shorter than written")
        }
        return try ConversationCoding.decode {
            guard left > 0 else { return nil }
            return try bytes(try ConversationCoding.blockLength(try bytes(8)))
        }
    }
}
