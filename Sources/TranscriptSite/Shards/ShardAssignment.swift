/// Which shard each conversation of a site goes to: the one with the least weight so far, in the order the
/// build meets conversations (the lowest number on a tie). A conversation weighs its bytes in the export when
/// its importer names it before reading it (`ConversationPreview`), else its messages. Every machine given the
/// same exports and config meets the same conversations in the same order, so every shard makes the same
/// assignment, and the shards differ by at most the largest conversation.
struct ShardAssignment {
    private(set) var weights: [Int]

    init(count: Int) {
        weights = Array(repeating: 0, count: count)
    }

    /// The shard (from 1) of the next conversation, which weighs `weight`.
    mutating func assign(weight: Int) -> Int {
        var least = 0
        for shard in weights.indices where weights[shard] < weights[least] { least = shard }
        weights[least] += max(weight, 1)
        return least + 1
    }
}
