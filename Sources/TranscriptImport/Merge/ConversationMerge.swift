import Foundation
import TranscriptModel
import TranscriptSupport

/// Merges several exports' readings of one conversation (the same chat exported again and again) into one,
/// every message once (see docs/archive.md).
///
/// The exports are taken oldest first (by their newest message, then their oldest, then their edit marks:
/// `order`), so the result does not depend on the order they were given in. Messages are matched by id: the
/// platform's, or for exports without ids the content id their importer gave (`ContentMessageIDs`). For content
/// ids only, a message of a later export that matches none, marked edited or deleted there, with the sender and
/// minute of an earlier one that the later export lacks, is that message changed (a platform's id stays the
/// message's whatever its text). The later text wins and the earlier stays in the message's `history`; a
/// deleted one keeps what the earlier export had. A message that a later export covering its date no longer
/// has is kept, its `history` naming that export. Reactions are the union; media come from the latest export
/// that has the file.
package struct ConversationMerge {
    /// One export's reading of the conversation.
    package struct Part: Sendable {
        package var imported: ImportedConversation
        /// The export it was read from, as the summary shows it.
        package var file: String
        /// Where the caller keeps the export (its position among the build's exports).
        package var position: Int
        /// Whether its message ids are made from the messages (`ExportImporter.messageIDsAreContent`).
        package var contentIDs: Bool
        /// The exports whose message ids are made as its are (`ExportImporter.messageIDFamily`).
        package var family: String?

        package init(
            imported: ImportedConversation, file: String, position: Int = 0, contentIDs: Bool = false, family: String? = nil
        ) {
            self.imported = imported
            self.file = file
            self.position = position
            self.contentIDs = contentIDs
            self.family = family
        }
    }

    /// The merged conversation, what merging did, and its warnings (each naming the exports).
    package struct Outcome: Sendable {
        package var imported: ImportedConversation
        package var report: MergeReport
        /// The `position` of the newest export's part.
        package var newestPosition: Int
    }

    /// Merges `parts` (at least one, all of one id) into one conversation. Each part is let go once it is
    /// merged, so that the merge holds the merged messages and one part's.
    package static func merge(_ parts: consuming [Part]) -> Outcome {
        precondition(!parts.isEmpty)
        var ordered: [Part?] = order(parts)
        _ = consume parts
        let files = ordered.map { $0!.file }
        // The newest part without its messages: its title, kind, participants, folder and place.
        var newest = ordered[ordered.count - 1]!
        newest.imported.conversation.messages = []
        var state = State(first: ordered[0]!, pairsChanges: ordered.allSatisfy { $0!.contentIDs })
        ordered[0] = nil
        for position in ordered.indices.dropFirst() {
            let part = ordered[position]!
            ordered[position] = nil
            state.add(part, number: position)
        }
        return state.outcome(newest: newest, files: files)
    }

    /// The parts oldest first: by their newest message, their oldest, how many of their messages are marked
    /// edited or deleted (marks only accumulate, so of two exports of one span the later has more), their count
    /// and their content.
    static func order(_ parts: [Part]) -> [Part] {
        typealias Key = (newest: Double, oldest: Double, changed: Int, count: Int)
        let keys = parts.map { part -> Key in
            var (newest, oldest, changed) = (-Double.infinity, Double.infinity, 0)
            for message in part.imported.conversation.messages {
                newest = max(newest, message.date.secondsSince1970)
                oldest = min(oldest, message.date.secondsSince1970)
                if message.edited != nil || message.deleted { changed += 1 }
            }
            let count = part.imported.conversation.messages.count
            return (newest, count == 0 ? -.infinity : oldest, changed, count)
        }
        // The content breaks ties only: digested for parts whose other keys equal another part's.
        var contents: [Int: UInt64] = [:]
        for index in parts.indices where keys.indices.contains(where: { $0 != index && keys[$0] == keys[index] }) {
            var digest = FastDigest()
            for message in parts[index].imported.conversation.messages {
                digest.add(message.id)
                digest.add(ContentMessageIDs.saying(message))
            }
            contents[index] = digest.value
        }
        return parts.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a.newest != b.newest { return a.newest < b.newest }
            if a.oldest != b.oldest { return a.oldest < b.oldest }
            if a.changed != b.changed { return a.changed < b.changed }
            if a.count != b.count { return a.count < b.count }
            if contents[left] != contents[right] { return contents[left]! < contents[right]! }
            return parts[left].file < parts[right].file
        }.map { parts[$0] }
    }

    /// The merge so far.
    private struct State {
        var messages: [Message]
        /// What the merge knows of each message.
        var slots: [Slot]
        /// Each export's newest time.
        var ends: [Timestamp]
        var folders: [URL]
        var participants: [Participant]
        var warnings: [String]
        var details: [String] = []
        var detailsLeftOut = 0
        /// Whether a later export's message that matches none can be an earlier one changed (content ids only:
        /// a platform's id is the message's whatever its text).
        let pairsChanges: Bool

        init(first: Part, pairsChanges: Bool) {
            self.pairsChanges = pairsChanges
            messages = first.imported.conversation.messages
            slots = Self.sourceDigests(of: first.imported).map { Slot(export: 0, digest: $0) }
            ends = [messages.map(\.date).max() ?? Timestamp(secondsSince1970: 0)]
            folders = [first.imported.mediaFolder]
            participants = first.imported.conversation.participants
            warnings = first.imported.warnings
        }

        mutating func add(_ part: Part, number: Int) {
            let incoming = part.imported.conversation.messages
            let incomingDigests = Self.sourceDigests(of: part.imported)
            let folder = UInt32(number)
            folders.append(part.imported.mediaFolder)
            warnings += part.imported.warnings
            let end = incoming.map(\.date).max()
            ends.append(end ?? Timestamp(secondsSince1970: 0))
            var position: [String: Int] = [:]
            position.reserveCapacity(messages.count)
            for (index, message) in messages.enumerated() { position[message.id] = index }
            // The incoming messages that match one already merged; the longest run of them in the same order
            // anchors the rest.
            var matchOf = [Int?](repeating: nil, count: incoming.count)
            var matched: [(incoming: Int, merged: Int)] = []
            for (index, message) in incoming.enumerated() {
                if let found = position[message.id] {
                    matchOf[index] = found
                    matched.append((index, found))
                }
            }
            var firstLineSaidAgain = false
            // An export's first line (WhatsApp's "Messages and calls are end-to-end encrypted") is said once.
            if let first = incoming.first, matchOf[0] == nil, first.sender == nil, case .system = first.kind,
               let oldest = messages.first, oldest.sender == nil, case .system = oldest.kind,
               ContentMessageIDs.saying(first) == ContentMessageIDs.saying(oldest) {
                matchOf[0] = 0
                slots[0].seenIn += 1
                firstLineSaidAgain = true
            }
            if matched.isEmpty { warnIfUnrelated(part) }
            let anchors = Self.longestIncreasingRun(matched)
            var covered = [Bool](repeating: false, count: messages.count)
            if firstLineSaidAgain { covered[0] = true }
            for (index, found) in matched {
                covered[found] = true
                take(incoming[index], digest: incomingDigests[index], folder: folder, into: found, file: part.file)
            }
            // Between anchors: incoming messages that match none are a change of one merged message or new.
            var result: [Message] = []
            var resultSlots: [Slot] = []
            var resultCovered: [Bool] = []
            result.reserveCapacity(messages.count + incoming.count)
            func keep(_ index: Int) {
                result.append(messages[index])
                resultSlots.append(slots[index])
                resultCovered.append(covered[index])
            }
            func insert(_ index: Int) {
                result.append(incoming[index])
                resultSlots.append(Slot(export: folder, digest: incomingDigests[index]))
                resultCovered.append(true)
            }
            // The usual later export: what it adds comes after the last message merged so far, appended in place.
            let appendsOnly = anchors.last.map { $0.1 == messages.count - 1 } ?? messages.isEmpty
            let afterLast = (anchors.last.map { $0.0 + 1 } ?? 0)..<incoming.count
            if appendsOnly, (0..<afterLast.lowerBound).allSatisfy({ matchOf[$0] != nil }) {
                for index in afterLast where matchOf[index] == nil {
                    messages.append(incoming[index])
                    slots.append(Slot(export: folder, digest: incomingDigests[index]))
                    covered.append(true)
                }
                noteMissing(from: part, covered: covered, end: end, incoming: incoming)
                mergeParticipants(part.imported.conversation.participants)
                return
            }
            var mergedStart = 0
            var incomingStart = 0
            for (incomingEnd, mergedEnd) in anchors + [(incoming.count, messages.count)] {
                let earlier = mergedStart..<mergedEnd
                var fresh = (incomingStart..<incomingEnd).filter { matchOf[$0] == nil }
                // Changed messages: same sender and minute, marked edited or deleted by the later export.
                fresh.removeAll { index in
                    let message = incoming[index]
                    guard pairsChanges, message.edited != nil || message.deleted else { return false }
                    guard let found = earlier.first(where: { candidate in
                        !covered[candidate] && messages[candidate].sender == message.sender
                            && Self.minute(messages[candidate].date) == Self.minute(message.date)
                    }) else { return false }
                    covered[found] = true
                    take(message, digest: incomingDigests[index], folder: folder, into: found, file: part.file)
                    return true
                }
                // The rest in time order with the merged ones (the merged first among equal times).
                var next = fresh.startIndex
                for index in earlier {
                    while next < fresh.endIndex, incoming[fresh[next]].date < messages[index].date {
                        insert(fresh[next])
                        next += 1
                    }
                    keep(index)
                }
                for index in fresh[next...] { insert(index) }
                if mergedEnd < messages.count { keep(mergedEnd) }
                mergedStart = mergedEnd + 1
                incomingStart = incomingEnd + 1
            }
            messages = result
            slots = resultSlots
            noteMissing(from: part, covered: resultCovered, end: end, incoming: incoming)
            mergeParticipants(part.imported.conversation.participants)
        }

        /// Marks what an export covers but does not have (`covered` false): deleted after an earlier export.
        mutating func noteMissing(from part: Part, covered: [Bool], end: Timestamp?, incoming: [Message]) {
            guard let first = incoming.lazy.map(\.date).min(), let end else { return }
            let (from, to) = (Self.minute(first), Self.minute(end))
            for index in messages.indices where !covered[index] {
                let minute = Self.minute(messages[index].date)
                guard minute > from, minute < to else { continue }
                messages[index].history = messages[index].history ?? MessageHistory()
                messages[index].history!.missingFrom.append(end)
                slots[index].digest = nil
                note("\(Self.describe(messages[index])) is not in \(part.file), which covers its date")
            }
        }

        /// Folds a later export's version of a message into the merged one at `index`.
        mutating func take(_ later: Message, digest: UInt64?, folder: UInt32, into index: Int, file: String) {
            slots[index].seenIn += 1
            // Most messages of an overlap are the same in both exports: the later one is kept as it was read.
            if messages[index] == later {
                slots[index].folder = folder
                slots[index].version = folder
                slots[index].digest = digest
                return
            }
            let earlier = messages[index]
            var merged = later
            merged.id = earlier.id
            merged.history = earlier.history
            if later.deleted, !earlier.deleted {
                // What the earlier export had is what was deleted.
                merged.kind = earlier.kind
            } else if Self.hasFile(earlier.kind), !Self.hasFile(later.kind) {
                // An export made without media keeps the earlier export's file.
                merged.kind = earlier.kind
            } else {
                slots[index].folder = folder
                let (before, after) = (Self.text(of: earlier.kind), Self.text(of: later.kind))
                if let before, before != after, !earlier.deleted {
                    var history = merged.history ?? MessageHistory()
                    history.earlierVersions.append(.init(text: before, export: ends[Int(slots[index].version)]))
                    merged.history = history
                    note("\(Self.describe(earlier)) was edited between exports (\(file) has the later text)")
                }
            }
            merged.reactions = Self.union(earlier.reactions, later.reactions)
            merged.edited = later.edited ?? earlier.edited
            merged.replyTo = later.replyTo ?? earlier.replyTo
            merged.thread = later.thread ?? earlier.thread
            merged.forwardedFrom = later.forwardedFrom ?? earlier.forwardedFrom
            merged.forwardedDate = later.forwardedDate ?? earlier.forwardedDate
            merged.forwardedEdited = later.forwardedEdited ?? earlier.forwardedEdited
            merged.status = later.status ?? earlier.status
            merged.deleted = later.deleted || earlier.deleted
            merged.sender = later.sender ?? earlier.sender
            // The merged message keeps a source's digest only when it is that source's message as read.
            slots[index].digest = merged == later ? digest : merged == earlier ? slots[index].digest : nil
            slots[index].version = folder
            messages[index] = merged
        }

        /// An export's digests of its messages' sources, when it has one for each.
        static func sourceDigests(of imported: ImportedConversation) -> [UInt64?] {
            let count = imported.conversation.messages.count
            guard let digests = imported.messageDigests, digests.count == count else { return Array(repeating: nil, count: count) }
            return digests.map { $0 }
        }

        mutating func note(_ line: String) {
            if details.count < ConversationMerge.detailLimit { details.append(line) } else { detailsLeftOut += 1 }
        }

        /// Participants of every export, each once: a later export's name and colour win; an avatar is kept
        /// only from the export whose folder the conversation's avatars are read from (the latest).
        mutating func mergeParticipants(_ later: [Participant]) {
            var index: [String: Int] = [:]
            for (position, participant) in participants.enumerated() { index[participant.id] = position }
            for participant in later {
                if let position = index[participant.id] {
                    participants[position] = participant
                } else {
                    index[participant.id] = participants.count
                    participants.append(participant)
                }
            }
        }

        /// A warning when an export shares no message with the merged ones and names other participants:
        /// probably another chat of the same name.
        mutating func warnIfUnrelated(_ part: Part) {
            guard !messages.isEmpty, !part.imported.conversation.messages.isEmpty else { return }
            let theirs = Set(part.imported.conversation.messages.compactMap(\.sender))
            let ours = Set(messages.compactMap(\.sender))
            guard theirs != ours else { return }
            let listed = { (names: Set<String>) in names.sorted().prefix(4).joined(separator: ", ") + (names.count > 4 ? ", ..." : "") }
            warnings.append(
                "\(part.file): its conversation \"\(part.imported.conversation.id)\" shares no message with the one of the "
                    + "same id in the other exports and has other participants (\(listed(theirs)); there: \(listed(ours))): "
                    + "probably two chats of one name. They are merged; to keep them apart, give one another id in "
                    + "transcripts.yml (merge: separate; see docs/archive.md)")
        }

        func outcome(newest: Part, files: [String]) -> Outcome {
            var conversation = newest.imported.conversation
            conversation.messages = messages
            // Participants of earlier exports keep their avatar only when it is read from the newest folder.
            conversation.participants = participants.map { participant in
                var participant = participant
                if participant.avatar != nil, !newest.imported.conversation.participants.contains(where: { $0.id == participant.id }) {
                    participant.avatar = nil
                }
                return participant
            }
            let newestIndex = UInt32(files.count - 1)
            let folderList = folders.count > 1 && slots.contains { $0.folder != newestIndex }
                ? MessageFolders(folders: folders, ofMessage: slots.map(\.folder)) : nil
            let newestEnd = files.count > 1 ? ends.last : nil
            // Digests for the build cache: the sources' where a message is one as read, the model's elsewhere.
            var messageDigests: [UInt64]?
            let changed = slots.indices.filter { slots[$0].digest == nil }
            if changed.count < slots.count, let made = try? ContentDigest.digests(of: changed.map { messages[$0] }) {
                var all = slots.map(\.digest)
                for (position, index) in changed.enumerated() { all[index] = made[position] }
                messageDigests = all.map { $0! }
            }
            var report = MergeReport(
                conversation: conversation.id, exports: files, messages: messages.count,
                inMoreThanOne: slots.filter { $0.seenIn > 1 }.count,
                editedBetweenExports: messages.filter { $0.history?.earlierVersions.isEmpty == false }.count,
                missingFromNewest: newestEnd.map { end in messages.filter { $0.history?.missingFrom.contains(end) == true }.count } ?? 0)
            report.details = details + (detailsLeftOut > 0 ? ["... and \(detailsLeftOut) more"] : [])
            return Outcome(
                imported: ImportedConversation(
                    conversation: conversation, mediaFolder: newest.imported.mediaFolder, messageDigests: messageDigests,
                    warnings: warnings, messageFolders: folderList),
                report: report, newestPosition: newest.position)
        }

        /// The positions of the longest run of matches whose merged positions rise with the incoming ones.
        static func longestIncreasingRun(_ matches: [(incoming: Int, merged: Int)]) -> [(Int, Int)] {
            guard !matches.isEmpty else { return [] }
            var tails: [Int] = []  // positions in `matches` of the smallest tail of each length
            var previous = [Int](repeating: -1, count: matches.count)
            for (position, match) in matches.enumerated() {
                var low = 0, high = tails.count
                while low < high {
                    let middle = (low + high) / 2
                    if matches[tails[middle]].merged < match.merged { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[position] = tails[low - 1] }
                if low == tails.count { tails.append(position) } else { tails[low] = position }
            }
            var run: [(Int, Int)] = []
            var position = tails[tails.count - 1]
            while position >= 0 {
                run.append((matches[position].incoming, matches[position].merged))
                position = previous[position]
            }
            return run.reversed()
        }

        /// A message as `--verbose` names it: `m-id (Ann, 2024-01-04T18:30:00Z)`.
        static func describe(_ message: Message) -> String {
            "m-\(message.id) (\(message.sender ?? "no sender"), \(message.date.iso8601))"
        }

        static func minute(_ time: Timestamp) -> Int64 { Int64((time.secondsSince1970 / 60).rounded(.down)) }

        /// The text a version of a message shows, for its earlier versions; nil for kinds without one.
        static func text(of kind: MessageKind) -> String? {
            switch kind {
            case .text(let text), .markdown(let text): text
            case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item):
                item.caption
            case .poll(let poll): poll.question
            default: nil
            }
        }

        /// Whether a kind names a file the export has (by path; an export without media names none).
        static func hasFile(_ kind: MessageKind) -> Bool {
            switch kind {
            case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item):
                item.file != nil
            default: false
            }
        }

        /// Reactions of both versions, each emoji once, with everyone who reacted with it.
        static func union(_ earlier: [Reaction], _ later: [Reaction]) -> [Reaction] {
            guard !earlier.isEmpty else { return later }
            guard !later.isEmpty else { return earlier }
            var result = earlier
            for reaction in later {
                if let index = result.firstIndex(where: { $0.emoji == reaction.emoji }) {
                    var by = result[index].by
                    for person in reaction.by where !by.contains(person) { by.append(person) }
                    result[index] = Reaction(emoji: reaction.emoji, by: by, count: max(result[index].count, reaction.count, by.count))
                } else {
                    result.append(reaction)
                }
            }
            return result
        }
    }

    /// What the merge knows of one message besides the message.
    private struct Slot {
        /// The export its media come from (its folder's position), and the one whose version of it it has.
        var folder: UInt32
        var version: UInt32
        /// How many exports have it.
        var seenIn: UInt32 = 1
        /// When the message is one export's message as it was read, that export's digest of its source
        /// (`ImportedConversation.messageDigests`); nil for messages the merge changed, or without one.
        var digest: UInt64?

        init(export: UInt32, digest: UInt64?) {
            folder = export
            version = export
            self.digest = digest
        }
    }

    /// How many lines of what merging did a conversation keeps for `--verbose`.
    static let detailLimit = 200
}

/// What merging the exports of one conversation did, for the build's summary and report.
public struct MergeReport: Sendable, Equatable, Codable {
    /// The conversation's id.
    public var conversation: String
    /// The exports merged, oldest first, as the summary shows them.
    public var exports: [String]
    /// Messages of the merged conversation.
    public var messages: Int
    /// Messages that more than one export has.
    public var inMoreThanOne: Int
    /// Messages whose text changed between exports.
    public var editedBetweenExports: Int
    /// Messages the newest export covers but no longer has.
    public var missingFromNewest: Int
    /// What merging did, message by message (for `--verbose`).
    public var details: [String] = []

    public init(
        conversation: String, exports: [String], messages: Int, inMoreThanOne: Int, editedBetweenExports: Int,
        missingFromNewest: Int
    ) {
        self.conversation = conversation
        self.exports = exports
        self.messages = messages
        self.inMoreThanOne = inMoreThanOne
        self.editedBetweenExports = editedBetweenExports
        self.missingFromNewest = missingFromNewest
    }
}
