/// Which shard each conversation of a site goes to: the one with the fewest messages so far, in the order the
/// build hands conversations on (the lowest number on a tie). Every machine given the same exports and
/// config reads the same conversations in the same order, so every shard makes the same assignment, and the
/// shards differ in messages by at most the largest conversation.
struct ShardAssignment {
    private(set) var messages: [Int]

    init(count: Int) {
        messages = Array(repeating: 0, count: count)
    }

    /// The shard (from 1) of the next conversation, which has `messageCount` messages.
    mutating func assign(messageCount: Int) -> Int {
        var least = 0
        for shard in messages.indices where messages[shard] < messages[least] { least = shard }
        messages[least] += max(messageCount, 1)
        return least + 1
    }
}
