import TranscriptModel
import TranscriptSupport

/// The postings of a conversation's messages while its pages are rendered, split by term into shards: the
/// chunks made on all cores are joined on all cores too, a shard at a time on each, where joining them into one
/// dictionary took one core, a term at a time, after every batch of pages.
package final class SearchPostingShards: Sendable {
    /// How many shards: enough for the cores to share the work evenly.
    package static let count = 16

    /// One shard's lists, changed only by the one task that joins into it (see `join`). Terms are numbered by
    /// their bytes (`SearchTermTable`): a dictionary keyed by `String` hashed every term of every chunk and, for
    /// text beyond ASCII, compared it with normalization.
    private final class Shard: @unchecked Sendable {
        var table = SearchTermTable()
        var terms: [String] = []
        /// Each term's postings, by its number.
        var lists: [PostingPool.List] = []
        var pool = PostingPool()

        /// Appends `postings` to `term`'s list.
        func add(_ term: String, _ postings: ArraySlice<UInt32>) {
            var term = term
            let number = term.withUTF8 { table.number(of: $0) }
            if number == lists.count {
                terms.append(term)
                lists.append(pool.newList())
            }
            pool.append(postings, to: &lists[number])
        }

        /// The terms and their lists as one run, sorted by term (`SearchPostings.precedes`), the shard emptied.
        func takeRun() -> TakenRun {
            var order = Array(terms.indices)
            order.sort { SearchPostings.precedes(terms[$0], terms[$1]) }
            var run = TakenRun()
            run.terms.reserveCapacity(order.count)
            run.ends.reserveCapacity(order.count)
            run.postings.reserveCapacity(pool.byteCount)
            for number in order {
                run.terms.append(terms[number])
                pool.copyBytes(lists[number], to: &run.postings)
                run.ends.append(run.postings.count)
            }
            table = SearchTermTable()
            terms = []
            lists = []
            pool = PostingPool()
            return run
        }
    }

    /// A chunk's postings split into shards, by term, where the chunk was made.
    package struct Split: Sendable {
        var shards: [Run]
    }

    /// One shard of a chunk: its terms, and their postings one after another in one list (term `n`'s end where
    /// `ends[n]` says), so that a chunk is a few lists, not one per term, to make and to let go.
    struct Run: Sendable {
        var terms: [String] = []
        var ends: [Int] = []
        var postings: [UInt32] = []

        /// The postings of the term numbered `number` in `terms`.
        func list(at number: Int) -> ArraySlice<UInt32> {
            postings[(number == 0 ? 0 : ends[number - 1])..<ends[number]]
        }
    }

    /// A shard's terms once joined, sorted, and their postings' bytes one after another (`PostingList`; term
    /// `n`'s end where `ends[n]` says).
    struct TakenRun: Sendable {
        var terms: [String] = []
        var ends: [Int] = []
        var postings: [UInt8] = []
    }

    private let shards: [Shard]

    package init() {
        shards = (0..<Self.count).map { _ in Shard() }
    }

    /// The shard of `term`: a digest of its bytes (the same in every build, unlike `hashValue`).
    static func shard(of term: String) -> Int { shard(ofBytes: term.utf8) }

    /// The shard of the term whose UTF-8 bytes are `bytes`.
    static func shard(ofBytes bytes: some Collection<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(count))
    }

    /// Splits a chunk's postings into shards.
    package static func split(_ postings: consuming [String: [UInt32]]) -> Split {
        var shards = [Run](repeating: Run(), count: count)
        for (term, list) in postings {
            let shard = shard(of: term)
            shards[shard].terms.append(term)
            shards[shard].postings += list
            shards[shard].ends.append(shards[shard].postings.count)
        }
        return Split(shards: shards)
    }

    /// Joins the postings of chunks that come, in order, after those joined so far: each term's list grows by
    /// theirs, so a list stays in the order of the messages.
    package func join(_ splits: [Split]) throws {
        let shards = self.shards
        _ = try Array(0..<Self.count).concurrentMap { number in
            let shard = shards[number]
            for split in splits {
                let run = split.shards[number]
                for (termNumber, term) in run.terms.enumerated() { shard.add(term, run.list(at: termNumber)) }
            }
        }
    }

    /// Every term's postings, the shards emptied: each shard's made a run sorted by term on all cores, its lists
    /// let go as they are copied, then the runs merged (`SearchPostings(runs:)`): copied straight from the lists
    /// into one array, every list (with its room to grow) was held beside the whole array.
    package func takePostings() -> SearchPostings {
        let shards = self.shards
        // (`concurrentMap` is declared throwing; this closure throws nothing.)
        let runs = (try? Array(0..<Self.count).concurrentMap { number in shards[number].takeRun() }) ?? []
        return SearchPostings(runs: runs)
    }
}
