import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct SearchPostingShardsTests {
    /// Chunks joined in shards, a batch at a time, give each term the postings that joining them one after
    /// another into one dictionary gives, in the order of the messages.
    @Test func joiningInShardsGivesWhatJoiningInOneDictionaryGives() throws {
        var generator = SeededGenerator(seed: 3)
        let words = (0..<60).map { "w\($0)" } + ["é", "😀", "", "a b"]
        var chunks: [[String: [UInt32]]] = []
        var position: UInt32 = 0
        for _ in 0..<40 {
            var chunk: [String: [UInt32]] = [:]
            for _ in 0..<Int.random(in: 0..<30, using: &generator) {
                for _ in 0..<Int.random(in: 1..<4, using: &generator) {
                    chunk[words.randomElement(using: &generator)!, default: []].append(position << 2 | UInt32.random(in: 0...3, using: &generator))
                }
                position += 1
            }
            chunks.append(chunk)
        }
        var expected: [String: [UInt32]] = [:]
        for chunk in chunks {
            for (term, list) in chunk { expected[term, default: []] += list }
        }
        let shards = SearchPostingShards()
        var next = 0
        while next < chunks.count {
            let batch = chunks[next..<min(next + Int.random(in: 1...7, using: &generator), chunks.count)]
            try shards.join(batch.map { SearchPostingShards.split($0) })
            next = batch.endIndex
        }
        let postings = shards.takePostings()
        #expect(postings.dictionary == expected)
        #expect(postings == SearchPostings(expected))
        #expect(shards.takePostings().isEmpty)
        // Moved out of memory, the runs' postings are written in the terms' order: they read the same, and any range
        // of terms' postings read together (`window`) gives each term's.
        var moved = postings
        try moved.moveOut(to: try TestSupport.temporaryFolder().path)
        #expect(moved.isMovedOut && moved == postings)
        for range in [0..<moved.count, 0..<1, 3..<9, (moved.count - 2)..<moved.count] {
            let window = moved.window(range), held = postings.window(range)
            for number in range {
                #expect(Array(window.list(at: number)) == Array(postings.list(at: number)))
                #expect(Array(held.list(at: number)) == Array(postings.list(at: number)))
            }
        }
    }

    /// A term's shard is a digest of its bytes: the same in every process.
    @Test func aTermsShardIsTheSameInEveryBuild() {
        #expect(["", "a", "coffee", "é"].map(SearchPostingShards.shard(of:)) == [5, 12, 1, 1])  // FNV-1a, 32 bits, modulo 16
    }
}
