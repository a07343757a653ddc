#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

import TranscriptJSON

/// A conversation's postings once its pages are rendered: each term's ascending postings, all in one flat
/// array of bytes (`PostingList`: differences in 7-bit groups, a byte or two a posting), the terms in the order of
/// their UTF-8 bytes.
///
/// While a conversation is rendered its postings grow in a `PostingPool` (or as a dictionary of lists,
/// `SearchConversationPart.Chunk`); a finished part keeps them here until the index is written, where 4 bytes a
/// posting were the largest part of a long conversation's share of the index.
package struct SearchPostings: Sendable, Equatable {
    /// The terms, in the order of their UTF-8 bytes.
    package private(set) var terms: [String] = []
    /// Where each term's postings start in `flat` and where they end, two numbers a term.
    private var bounds = SpillableArray<Int>()
    private var flat = SpillableArray<UInt8>()

    package init() {}

    /// The postings of `lists`, which are used up (each list is let go once it is copied).
    package init(_ lists: consuming [String: [UInt32]]) {
        // Taken out of the dictionary once (no term hashed again).
        let pairs = Array(lists)
        lists = [:]
        self.init(pairs: pairs)
    }

    /// The postings of `pairs`, each term once, which are used up.
    package init(pairs: consuming [(key: String, value: [UInt32])]) {
        // Sorted by bytes compared a run at a time.
        pairs.sort { Self.precedes($0.key, $1.key) }
        terms.reserveCapacity(pairs.count)
        bounds.reserveCapacity(2 * pairs.count)
        var flat: [UInt8] = []
        flat.reserveCapacity(pairs.reduce(0) { $0 + $1.value.count } * 2)
        for index in pairs.indices {
            terms.append(pairs[index].key)
            bounds.append(flat.count)
            PostingList.append(pairs[index].value, to: &flat)
            pairs[index].value = []
            bounds.append(flat.count)
        }
        self.flat = SpillableArray(flat)
    }

    /// The postings of `runs` (`SearchPostingShards`), each sorted by term and no term in two of them, which are
    /// used up: the runs' postings one after another (each run let go once it is copied, so the postings are held
    /// about once, not twice), the terms merged into one order.
    init(runs: consuming [SearchPostingShards.TakenRun]) {
        var runStarts: [Int] = []
        flat.reserveCapacity(runs.reduce(0) { $0 + $1.postings.count })
        for run in runs.indices {
            runStarts.append(flat.count)
            flat.append(contentsOf: runs[run].postings)
            runs[run].postings = []
        }
        // Each term by its run and number there, merged into one order (the sort only merges the runs).
        var order: [(key: String, run: Int32, number: Int32)] = []
        order.reserveCapacity(runs.reduce(0) { $0 + $1.terms.count })
        for (run, shard) in runs.enumerated() {
            for (number, term) in shard.terms.enumerated() { order.append((term, Int32(run), Int32(number))) }
        }
        order.sort { Self.precedes($0.key, $1.key) }
        terms.reserveCapacity(order.count)
        bounds.reserveCapacity(2 * order.count)
        for entry in order {
            let run = Int(entry.run), number = Int(entry.number)
            terms.append(entry.key)
            bounds.append(runStarts[run] + (number == 0 ? 0 : runs[run].ends[number - 1]))
            bounds.append(runStarts[run] + runs[run].ends[number])
        }
    }

    /// Whether `a`'s UTF-8 bytes come before `b`'s.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let ordered = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return (ordered ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Moves the postings out of memory into a file of their own in `folder`, mapped read-only (the terms stay):
    /// they read the same, and `window(_:)` hands back the pages it read. In the file each term's
    /// postings follow the term's before (postings joined from runs are not), so that the postings of a range of
    /// terms are one range of bytes (`window(_:)`).
    package mutating func moveOut(to folder: String) throws {
        precondition(!flat.isMovedOut, "postings are moved out once")
        guard !terms.isEmpty else { return }
        var ordered = [Int]()
        ordered.reserveCapacity(bounds.count)
        var offsets: [Int] = []
        let file = try MappedFile.spilling(in: folder) { writer in
            var piece: [UInt8] = []
            piece.reserveCapacity(Self.movedPieceSize + (64 << 10))
            var written = 0
            try flat.withUnsafeBufferPointer { flat in
                for number in terms.indices {
                    let range = bounds[2 * number]..<bounds[2 * number + 1]
                    ordered.append(written + piece.count)
                    piece.append(contentsOf: flat[range])
                    ordered.append(written + piece.count)
                    if piece.count >= Self.movedPieceSize {
                        _ = try piece.withUnsafeBytes { try writer.append($0, alignment: 1) }
                        written += piece.count
                        piece.removeAll(keepingCapacity: true)
                    }
                }
            }
            _ = try piece.withUnsafeBytes { try writer.append($0, alignment: 1) }
            bounds = SpillableArray(ordered)
            offsets = [try bounds.write(to: &writer)]
        }
        flat.useMoved(file, at: 0)
        bounds.useMoved(file, at: offsets[0])
    }

    /// How many bytes of postings `moveOut(to:)` writes at once.
    private static let movedPieceSize = 1 << 20

    /// Whether the postings were moved out of memory (`moveOut(to:)`).
    package var isMovedOut: Bool { flat.isMovedOut }

    /// Hands back the memory of every page of moved-out postings that was read: reading them again reads the
    /// file again.
    private func releaseMovedOutPages() {
        bounds.releasePages()
        flat.releasePages()
    }

    package var count: Int { terms.count }
    package var isEmpty: Bool { terms.isEmpty }
    /// The postings of the term numbered `number` in `terms`.
    package func list(at number: Int) -> PostingList { PostingList(bytes: flat.slice(bounds[2 * number]..<bounds[2 * number + 1])) }

    /// The postings of the terms numbered `numbers`, read together: those moved out of memory copied out of their
    /// file at once, and its pages handed back. A reader of a few terms at a time (the index, a batch of terms
    /// after another) holds their postings and no more: the system maps a file's pages a folio (up to 2 MiB) at a
    /// time, so lists read one by one through the mapping left most of the file in memory.
    package func window(_ numbers: Range<Int>) -> Window {
        guard !numbers.isEmpty else { return Window(first: 0, bounds: [], flat: [], base: 0) }
        guard flat.isMovedOut else {
            return Window(first: 0, bounds: bounds.slice(0..<bounds.count), flat: flat.slice(0..<flat.count), base: 0)
        }
        // Moved out, each term's postings follow the one's before.
        let start = bounds[2 * numbers.lowerBound]
        let window = Window(
            first: numbers.lowerBound, bounds: bounds.slice((2 * numbers.lowerBound)..<(2 * numbers.upperBound)),
            flat: flat.slice(start..<bounds[2 * numbers.upperBound - 1]), base: start)
        releaseMovedOutPages()
        return window
    }

    /// Some terms' postings, read together (`window(_:)`).
    package struct Window: Sendable {
        /// The number of the window's first term.
        let first: Int
        /// Where each of its terms' postings start and end (in the part's bytes).
        let bounds: ArraySlice<Int>
        let flat: ArraySlice<UInt8>
        /// Where `flat` begins in the part's bytes.
        let base: Int

        /// The postings of the term numbered `number`, which must be in the window.
        package func list(at number: Int) -> PostingList {
            let start = bounds[bounds.startIndex + 2 * (number - first)], end = bounds[bounds.startIndex + 2 * (number - first) + 1]
            return PostingList(bytes: flat[(flat.startIndex + start - base)..<(flat.startIndex + end - base)])
        }
    }

    /// The postings of `term`, or nil when no message holds it: found by halves in the sorted terms. (Walks over
    /// many terms use `TermOrder.positions`, which hashes nothing either.)
    package subscript(term: String) -> PostingList? {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        guard low < terms.count, !Self.precedes(term, terms[low]) else { return nil }
        return list(at: low)
    }

    /// Every term's postings as a list of its own.
    package var dictionary: [String: [UInt32]] {
        var lists: [String: [UInt32]] = [:]
        lists.reserveCapacity(terms.count)
        for (number, term) in terms.enumerated() { lists[term] = Array(list(at: number)) }
        return lists
    }

    package static func == (a: SearchPostings, b: SearchPostings) -> Bool {
        a.terms == b.terms && a.terms.indices.allSatisfy { a.list(at: $0) == b.list(at: $0) }
    }
}
